import type { AppContext } from '../http/context.js';
import { listHistory } from '../db/history.js';

/** Seconds of a window an object spent in scheduled downtime and acknowledged, counted apart from its states. */
export interface HandledTime { downtime: number; acknowledged: number }

const KINDS = { downtime: 'downtime', acknowledgement: 'acknowledged' } as const;
/** Entries read at most per kind: newest first up to the window's end, so a cut leaves out only the oldest. */
const MAX_ROWS = 50_000;
/** How far before the window a downtime or acknowledgement still open at its start is looked for. */
const LOOKBACK_SECONDS = 90 * 86400;

export const handledKey = (o: { engine: string; host: string; service: string }) =>
  `${o.engine}\u0001${o.host}\u0001${o.service}`;

/**
 * From the history's start and end entries (issue 37, optional part): per object, the time of [since, end) in
 * scheduled downtime and acknowledged. One still open at the window's start counts from there when its start is at most
 * 90 days before it; one still open at its end counts to the end.
 */
export async function handledTimes(ctx: AppContext, since: number, end: number, host?: string):
Promise<Map<string, HandledTime>> {
  const result = new Map<string, HandledTime>();
  for (const [type, field] of Object.entries(KINDS) as [keyof typeof KINDS, keyof HandledTime][]) {
    const rows = await listHistory(ctx.store, {
      since: Math.max(0, since - LOOKBACK_SECONDS), until: end, type, host, limit: MAX_ROWS, offset: 0,
    });
    const open = new Map<string, number>();
    const add = (key: string, from: number, to: number) => {
      const seconds = Math.min(to, end) - Math.max(from, since);
      if (seconds <= 0) return;
      const time = result.get(key) ?? { downtime: 0, acknowledged: 0 };
      time[field] += seconds;
      result.set(key, time);
    };
    for (const r of [...rows].reverse()) {
      const key = handledKey(r);
      const start = open.get(key);
      if (r.phase === 'start' && start === undefined) open.set(key, Number(r.time));
      else if (r.phase === 'end' && start !== undefined) {
        add(key, start, Number(r.time));
        open.delete(key);
      }
    }
    for (const [key, start] of open) add(key, start, end);
  }
  return result;
}
