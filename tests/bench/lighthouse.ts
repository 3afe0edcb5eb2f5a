/**
 * Lighthouse (npm `lighthouse`, Debian Chromium) on the shell and the wallboard, logged in: performance, accessibility
 * and best practices, mobile and desktop, cold (storage reset: no HTTP cache, no worker) and warm (after a first
 * load, with the worker and caches in place). Lighthouse drives the browser's default context, where the login lives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { signIn, startServer } from '../e2e/server.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
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
    for (const [name, url] of [['shell', server.url], ['wallboard', `${server.url}wallboard`]] as const) {
      for (const form of ['mobile', 'desktop'] as const) {
        for (const temperature of ['cold', 'warm'] as const) {
          const flags = { port: PORT, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES], disableStorageReset: temperature === 'warm' };
          const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
          const categories = result?.lhr.categories ?? {};
          // PHAROS_LIGHTHOUSE_DIR=dir keeps each full report (the LCP element, the layout shifts, the long tasks).
          if (process.env.PHAROS_LIGHTHOUSE_DIR && result) fs.writeFileSync(path.join(process.env.PHAROS_LIGHTHOUSE_DIR, `${name}-${form}-${temperature}.json`), JSON.stringify(result.lhr));
          figures[`${name}, ${form}, ${temperature}: performance / accessibility / best practices`] = CATEGORIES
            .map((c) => Math.round((categories[c]?.score ?? 0) * 100)).join(' / ');
          for (const c of ['accessibility', 'best-practices'] as const) {
            const score = Math.round((categories[c]?.score ?? 0) * 100);
            const key = `lowest ${c === 'accessibility' ? 'accessibility' : 'best practices'} score`;
            figures[key] = Math.min(typeof figures[key] === 'number' ? figures[key] : 100, score);
          }
          const performance = Math.round((categories.performance?.score ?? 0) * 100);
          figures['lowest performance score'] = Math.min(typeof figures['lowest performance score'] === 'number' ? figures['lowest performance score'] : 100, performance);
          // Issue 19: a cold phone (the nightly reload, the home-screen icon on a weak network) and any warm load.
          const group = form === 'mobile' && temperature === 'cold' ? 'lowest cold mobile performance score' : temperature === 'warm' ? 'lowest warm performance score' : undefined;
          if (group) figures[group] = Math.min(typeof figures[group] === 'number' ? figures[group] : 100, performance);
          const audits = result?.lhr.audits ?? {};
          const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
          const cls = +(audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3);
          figures[`${name}, ${form}, ${temperature}: FCP / LCP ms, TBT ms, CLS`] = `${ms('first-contentful-paint')} / ${ms('largest-contentful-paint')}, ${ms('total-blocking-time')}, ${cls}`;
          figures['highest cumulative layout shift'] = Math.max(typeof figures['highest cumulative layout shift'] === 'number' ? figures['highest cumulative layout shift'] : 0, Number.isNaN(cls) ? 1 : cls);
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
