/**
 * A Livestatus engine's `log` table as an EngineLog: its alerts (class 1: state changes, and downtimes and flapping
 * starting and ending), the states written at rotations (class 6) and acknowledgements (commands and notifications), a
 * day at a time so no answer grows with the range. Icinga 2 answers it from its compat log (the compatlog feature); an
 * engine that keeps no log answers with an error.
 */
import { LogInterpreter, type EngineLog, type EngineLogEntry } from '../engineLog.js';
import type { LivestatusClient } from './client.js';

const DAY = 24 * 3600;
/**
 * Icinga 2 reads for a query only the log files whose first line is within its `time >=` and `time <` bounds, so the
 * file that began before `from` (most often the current one, begun at the last rotation) would be left out, and with
 * it everything logged since. The `time >=` bound it picks files by is a day earlier (hourly and daily rotation, and
 * the engine's restarts within a day, are covered); the entries' own bound is a negated `time < from`, which Icinga 2
 * does not pick files by (the `time <` after it sets the end again).
 */
const FILE_SLACK = DAY;

export function livestatusLog(client: Pick<LivestatusClient, 'query' | 'where'>): EngineLog {
  return {
    where: `the log table of Livestatus at ${client.where}`,
    async *read(since, until) {
      const interpreter = new LogInterpreter();
      for (let from = since; from < until; from += DAY) {
        const to = Math.min(until, from + DAY);
        const rows = await client.query({
          table: 'log', columns: ['time', 'message'],
          filters: [`time >= ${from - FILE_SLACK}`, `time < ${from}`, { negate: true }, `time < ${to}`, 'class = 1', 'class = 6', 'message ~ ACKNOWLEDGE', { or: 3 }],
        });
        // In the engine's order within a second (its file order), seconds in order.
        const lines = rows.map((r, i) => ({ time: Number(r[0]), message: String(r[1] ?? ''), i }))
          .sort((a, b) => a.time - b.time || a.i - b.i);
        const batch: EngineLogEntry[] = [];
        for (const { time, message } of lines) {
          // The message is the whole line, `[time] KIND: ...`, on Icinga 2 and Checkmk; some peers leave the time out.
          batch.push(...interpreter.entries(message.startsWith('[') ? message : `[${time}] ${message}`));
        }
        if (batch.length) yield batch;
      }
    },
  };
}
