import fs from 'node:fs';
import path from 'node:path';

/** One test file's time in a run: the layer that ran it (a vitest project, or e2e) and its seconds. */
export interface FileTiming { layer: string; file: string; seconds: number }

/**
 * Where the reporters write each file's time for runSuite's summary: PHAROS_TIMINGS_DIR, set by runSuite only, so a
 * run of one layer alone writes nothing.
 */
export function writeTimings(name: string, timings: FileTiming[]): void {
  const dir = process.env.PHAROS_TIMINGS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(timings));
}

export function readTimings(dir: string): FileTiming[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as FileTiming[]);
}

/** A path relative to the repository, for the summary. */
export function relative(file: string): string {
  return path.relative(path.resolve(import.meta.dirname, '..', '..'), file);
}
