/**
 * Nagios Core's own log as an EngineLog: the archives in `log_archive_path` (one file per rotation, named after the
 * hour it was rotated: nagios-MM-DD-YYYY-HH.log) and then the current `log_file`, read line by line.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { LogInterpreter, type EngineLog, type EngineLogEntry } from '../engineLog.js';
import type { NagiosMainConfig } from './mainConfig.js';

const ARCHIVE = /-(\d\d)-(\d\d)-(\d{4})-(\d\d)\.log$/;
const BATCH = 1000;
/** An archive's name is in the engine's local time, which this process may not share: a day's slack either way. */
const SLACK = 24 * 3600;

/** The archives that may hold lines from `since` on, oldest first, then the current log. */
export async function logFilesFrom(cfg: Pick<NagiosMainConfig, 'logFile' | 'logArchivePath'>, since: number): Promise<string[]> {
  let names: string[] = [];
  try {
    names = await fs.promises.readdir(cfg.logArchivePath);
  } catch {
    // No archive yet (or none configured): the current log alone.
  }
  const archives = names.flatMap((name) => {
    const m = ARCHIVE.exec(name);
    if (!m) return [];
    const rotated = new Date(Number(m[3]), Number(m[1]) - 1, Number(m[2]), Number(m[4])).getTime() / 1000;
    return rotated + SLACK >= since ? [{ file: path.join(cfg.logArchivePath, name), rotated }] : [];
  }).sort((a, b) => a.rotated - b.rotated);
  return [...archives.map((a) => a.file), cfg.logFile];
}

export function nagiosLog(cfg: Pick<NagiosMainConfig, 'logFile' | 'logArchivePath'>): EngineLog {
  return {
    where: cfg.logFile,
    async *read(since, until) {
      const interpreter = new LogInterpreter();
      let batch: EngineLogEntry[] = [];
      for (const file of await logFilesFrom(cfg, since)) {
        let stream: fs.ReadStream;
        try {
          stream = fs.createReadStream(file, { encoding: 'utf8' });
          await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
        } catch (err) {
          // An archive removed meanwhile is no loss; the current log missing means there is none to read.
          if (file === cfg.logFile) throw err;
          continue;
        }
        const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
        try {
          for await (const line of lines) {
            for (const e of interpreter.entries(line)) {
              // Lines before the range still feed the interpreter: an acknowledgement made earlier ends in it.
              if (e.time < since) continue;
              if (e.time >= until) return yield* flush(batch);
              batch.push(e);
            }
            if (batch.length >= BATCH) {
              yield batch;
              batch = [];
            }
          }
        } finally {
          lines.close();
          stream.destroy();
        }
      }
      yield* flush(batch);
    },
  };
}

function* flush(batch: EngineLogEntry[]): Generator<EngineLogEntry[]> {
  if (batch.length) yield batch;
}
