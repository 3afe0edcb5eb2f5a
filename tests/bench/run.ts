/**
 * `npm run bench`: prints figures, asserts nothing. Each bench module exports `run()`.
 * Budgets (from the issues) are printed next to the figures for the reader to compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const benches: [string, string][] = [
  ['Shell bundle (logged-in first load)', 'bundle.ts'],
  ['Nagios status.dat parse (10,000 hosts / 100,000 services)', 'statusParse.ts'],
  ['Service status page TTFB (10,000 hosts / 100,000 services)', 'statusPage.ts'],
];

for (const [title, file] of benches) {
  const full = path.join(import.meta.dirname, file);
  if (!fs.existsSync(full)) continue;
  const mod = (await import(pathToFileURL(full).href)) as { run: () => Promise<Record<string, string | number>> };
  console.log(`\n== ${title}`);
  const figures = await mod.run();
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(44)} ${v}`);
}
