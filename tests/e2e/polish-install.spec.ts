import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

/**
 * Issue 20: no warnings on `npm install` or `npm start` on the supported Node version (package.json's engines), so a
 * new operator's first commands print nothing that looks wrong.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string }; optional?: boolean }>;
};
// npm's own version-range library (a dependency of the toolchain); typed here for the two calls this file makes.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

test('every package npm installs accepts the oldest Node version package.json supports (no EBADENGINE warning)', () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;
  const refusing = Object.entries(lock.packages)
    .filter(([where, p]) => where !== '' && !p.optional && p.engines?.node && !semver.satisfies(oldest, p.engines.node))
    .map(([where, p]) => `${where}@${p.version} wants Node ${p.engines!.node}`);
  expect(refusing, `Node ${oldest}`).toEqual([]);
});

test('npm install (a dry run against the lock file) prints no warning', async () => {
  const { stdout, stderr } = await run('npm', ['install', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root });
  expect(`${stdout}\n${stderr}`.split('\n').filter((line) => /\bwarn/i.test(line))).toEqual([]);
});

test('the build npm start runs prints no warning, and the service worker is one file', async () => {
  test.setTimeout(120_000);
  // Built elsewhere: the tests' server serves dist/, which must not change under it.
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-build-'));
  try {
    const { stderr } = await run(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--outDir', out, '--emptyOutDir'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    expect(stderr.trim(), 'warnings of vite build').toBe('');
    const worker = fs.readFileSync(path.join(out, 'sw.js'), 'utf8');
    expect(worker).not.toMatch(/\bimport\s*[({"'`]/);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
