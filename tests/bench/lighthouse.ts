/**
 * Lighthouse (npm `lighthouse`, Debian Chromium) on the shell and the wallboard, logged in: performance, accessibility
 * and best practices, mobile and desktop, cold (storage reset: no HTTP cache, no worker) and warm (after a first
 * load, with the worker and caches in place), each the median of several runs. Lighthouse drives the browser's default
 * context, where the login lives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { signIn, startServer } from '../e2e/server.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/**
 * Runs per configuration, of which the median one is reported (Lighthouse's computeMedianRun): one run's performance
 * score moves by five points or more from run to run on this machine, and the median of five is about twice as stable
 * (Lighthouse's docs/variability.md). Every run's score is printed beside it; layout shift is the worst of the runs.
 */
const RUNS = Number(process.env.PHAROS_LIGHTHOUSE_RUNS ?? 5);

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The run nearest the runs' median first contentful paint and time to interactive, as Lighthouse's own tooling picks it. */
function medianRun(runs: Result[]): Result {
  const valid = filterToValidRuns(runs);
  if (!valid.length) throw new Error('No Lighthouse run measured first contentful paint and time to interactive');
  return computeMedianRun(valid);
}
const PORT = 9400 + (process.pid % 500);

export async function run(): Promise<Record<string, string | number>> {
  const server = await startServer();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.PHAROS_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', `--remote-debugging-port=${PORT}`, '--remote-debugging-address=127.0.0.1'],
  });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await signIn(page, server);
    // The login notices would open over the first run: answered once, as a user would. Only once the app has settled
    // is it known whether they open (and the session marked as having seen them): checked at once, the first run
    // could still meet them.
    await page.waitForLoadState('networkidle');
    const notices = page.getByRole('dialog', { name: 'Login Alerts' });
    if (await notices.isVisible().catch(() => false)) await notices.getByRole('button', { name: 'Close' }).click();
    const figures: Record<string, string | number> = {};
    const lowest = (key: string, value: number) => {
      figures[key] = Math.min(typeof figures[key] === 'number' ? figures[key] : 100, value);
    };
    for (const [name, url] of [['shell', server.url], ['wallboard', `${server.url}wallboard`]] as const) {
      for (const form of ['mobile', 'desktop'] as const) {
        for (const temperature of ['cold', 'warm'] as const) {
          const flags = { port: PORT, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES], disableStorageReset: temperature === 'warm' };
          const runs: Result[] = [];
          for (let i = 0; i < RUNS; i++) {
            const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
            if (result) runs.push(result.lhr);
          }
          const lhr = medianRun(runs);
          const performanceOf = (r: Result) => Math.round((r.categories.performance?.score ?? 0) * 100);
          // PHAROS_LIGHTHOUSE_DIR=dir keeps the median run's full report (the LCP element, the layout shifts, the long tasks).
          if (process.env.PHAROS_LIGHTHOUSE_DIR) fs.writeFileSync(path.join(process.env.PHAROS_LIGHTHOUSE_DIR, `${name}-${form}-${temperature}.json`), JSON.stringify(lhr));
          const { categories, audits } = lhr;
          const label = `${name}, ${form}, ${temperature}`;
          figures[`${label}: performance / accessibility / best practices`] = CATEGORIES
            .map((c) => Math.round((categories[c]?.score ?? 0) * 100)).join(' / ');
          figures[`${label}: performance of each run`] = runs.map(performanceOf).join(', ');
          // Accessibility and best practices do not vary by timing: the worst of every run counts.
          for (const r of runs) {
            lowest('lowest accessibility score', Math.round((r.categories.accessibility?.score ?? 0) * 100));
            lowest('lowest best practices score', Math.round((r.categories['best-practices']?.score ?? 0) * 100));
          }
          const performance = performanceOf(lhr);
          lowest('lowest performance score', performance);
          // Issue 19: a cold phone (the nightly reload, the home-screen icon on a weak network) and any warm load.
          const group = form === 'mobile' && temperature === 'cold' ? 'lowest cold mobile performance score' : temperature === 'warm' ? 'lowest warm performance score' : undefined;
          if (group) lowest(group, performance);
          const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
          const cls = Math.max(...runs.map((r) => r.audits['cumulative-layout-shift']?.numericValue ?? NaN));
          figures[`${label}: FCP / LCP ms, TBT ms, CLS`] = `${ms('first-contentful-paint')} / ${ms('largest-contentful-paint')}, ${ms('total-blocking-time')}, ${+cls.toFixed(3)}`;
          figures['highest cumulative layout shift'] = Math.max(typeof figures['highest cumulative layout shift'] === 'number' ? figures['highest cumulative layout shift'] : 0, Number.isNaN(cls) ? 1 : +cls.toFixed(3));
        }
      }
    }
    return figures;
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
