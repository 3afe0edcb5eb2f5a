import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptySnapshot } from './empty.js';
import { createGrapherWatch } from './grapher.js';
import type { MonitoringSource } from './source.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-grapher-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

const engine = (simulatedGrapher: boolean, running = true): MonitoringSource => ({
  kind: 'nagios', start: async () => {}, stop: async () => {}, snapshot: emptySnapshot, submit: async () => {}, engineRunning: () => running,
  capabilities: { label: 'x', description: 'x', simulatedGrapher, objects: 'config-files', sharedData: true },
});

/** A /proc with one process named `comm`. */
function procWith(comm: string): string {
  const proc = tempDir();
  fs.mkdirSync(path.join(proc, '4242'));
  fs.writeFileSync(path.join(proc, '4242', 'comm'), `${comm}\n`);
  return proc;
}

describe('the performance grapher', () => {
  it('is running while npcd runs, stopped when npcd is installed but not running, and absent when it is not installed', () => {
    const bin = tempDir();
    const empty = tempDir();
    expect(createGrapherWatch(engine(false), { procDir: procWith('npcd'), dirs: [empty] })()).toBe('running');
    expect(createGrapherWatch(engine(false), { procDir: procWith('nagios'), dirs: [empty] })()).toBe('absent');
    fs.writeFileSync(path.join(bin, 'npcd'), '#!/bin/sh\n', { mode: 0o755 });
    expect(createGrapherWatch(engine(false), { procDir: procWith('nagios'), dirs: [empty, bin] })()).toBe('stopped');
  });

  it('runs with the demo fleet while the fleet does', () => {
    expect(createGrapherWatch(engine(true, true), { procDir: procWith('nagios'), dirs: [] })()).toBe('running');
    expect(createGrapherWatch(engine(true, false), { procDir: procWith('npcd'), dirs: [] })()).toBe('stopped');
  });

  it('looks again after ten seconds', () => {
    let now = 0;
    const proc = procWith('nagios');
    const watch = createGrapherWatch(engine(false), { procDir: proc, dirs: [], now: () => now });
    expect(watch()).toBe('absent');
    fs.writeFileSync(path.join(proc, '4242', 'comm'), 'npcd\n');
    now = 9_000;
    expect(watch()).toBe('absent');
    now = 10_001;
    expect(watch()).toBe('running');
  });
});
