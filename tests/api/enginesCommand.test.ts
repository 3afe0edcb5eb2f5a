/**
 * `npm run admin -- engines` (issue 36): it checks the engines the server recorded in its database when it started,
 * whatever this shell's environment says, and its first line says what it checks. Before, run without PHAROS_ENGINES
 * it checked the built-in demo fleet and printed "demo … ok" (exit 0) while the server's engine was down.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEnginesCommand } from '../../server/src/admin/enginesCommand.js';
import { configFromEnv } from '../../server/src/config.js';

const root = path.resolve(import.meta.dirname, '..', '..');
let tmp: string;

/** A port nothing listens on: the Livestatus engine 'paris' is down. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** The command in-process, with only `env` (a shell without the server's settings); its lines and exit code. */
async function engines(env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runEnginesCommand(configFromEnv({ PHAROS_DEMO_HOSTS: '2', ...env }), (l) => lines.push(l));
  return { code, lines };
}

/** The server as an operator starts it (main.ts), until it listens; then stopped again. */
async function runServer(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root, env: { ...process.env, HOST: '127.0.0.1', PORT: '0', PHAROS_ADMIN_PASSWORD: 'engines-test', PHAROS_EXIT_WITH_PARENT: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
      const m = /Pharos is running at (\S+?)[\s"]/.exec(output);
      if (m) resolve(m[1]!);
    });
    child.stderr.on('data', (c: Buffer) => { output += c.toString(); });
    void exited.then((code) => reject(new Error(`exited (${code}) before listening:\n${output}`)));
  });
  child.kill('SIGTERM');
  await exited;
  return url;
}

beforeAll(() => { tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-engines-cmd-')); });
afterAll(() => { fs.rmSync(tmp, { recursive: true, force: true }); });

describe('npm run admin -- engines', () => {
  it('checks the engines the server started with, not this shell\'s, and says so: the down engine is not answering, exit 3', { timeout: 60_000 }, async () => {
    const dataDir = path.join(tmp, 'server');
    const file = path.join(tmp, 'engines.json');
    fs.writeFileSync(file, JSON.stringify([{ name: 'lab', type: 'demo' }, { name: 'paris', type: 'livestatus', address: `127.0.0.1:${await closedPort()}` }]));
    const url = await runServer({ PHAROS_DATA_DIR: dataDir, PHAROS_ENGINES: file, PHAROS_DEMO_HOSTS: '2' });

    // The same database, but no PHAROS_ENGINES: what an operator's shell usually has.
    const run = await engines({ PHAROS_DATA_DIR: dataDir });
    expect(run.lines[0]).toMatch(new RegExp(`^Checking the engines of the Pharos server at ${url.replace(/[.?]/g, '\\$&')} \\(started .* UTC on ${os.hostname()}, process \\d+\\), as it recorded them in SQLite ${path.join(dataDir, 'pharos.sqlite')}: PHAROS_ENGINES \\(lab, paris\\)\\.$`));
    expect(run.lines[1]).toBe('This shell\'s environment names other engines (no engine setting (the built-in demo fleet)); those are not checked.');
    expect(run.lines[2]).toMatch(/^NAME +KIND +ADDRESS +STATE +DATA AGE +REASON$/);
    expect(run.lines.find((l) => l.startsWith('paris'))).toMatch(/^paris +livestatus +127\.0\.0\.1:\d+ +not answering /);
    expect(run.lines.find((l) => l.startsWith('lab'))).toMatch(/^lab +demo +simulated +ok /);
    expect(run.lines.some((l) => /^demo\b/.test(l))).toBe(false);
    expect(run.code).toBe(3);
  });

  it('with no server recorded and no engine named here, checks nothing and says why (exit 4), creating no database', async () => {
    const mistyped = path.join(tmp, 'no-such-dir');
    const run = await engines({ PHAROS_DATA_DIR: mistyped });
    expect(run.lines).toEqual([`No Pharos server has recorded its engines in SQLite ${path.join(mistyped, 'pharos.sqlite')} (no such file), and this shell's environment names no engine: there is nothing to check (the built-in demo fleet would say nothing about a real engine). Run this with the server's PHAROS_DATA_DIR or PHAROS_DATABASE_URL, or with its engine settings.`]);
    expect(run.code).toBe(4);
    expect(fs.existsSync(mistyped)).toBe(false);
  });

  it('with no server recorded, checks the engines named here and says they may not be the server\'s; a mistyped nagios.cfg is named', async () => {
    const cfg = path.join(tmp, 'nagios4', 'nagios.cfgg');
    const run = await engines({ PHAROS_DATA_DIR: path.join(tmp, 'none'), PHAROS_NAGIOS_CFG: cfg });
    expect(run.lines[0]).toBe(`No Pharos server has recorded its engines in SQLite ${path.join(tmp, 'none', 'pharos.sqlite')} (no such file): checking the engines this shell's environment names, PHAROS_NAGIOS_CFG=${cfg}, which may not be the server's.`);
    expect(run.lines[2]).toMatch(new RegExp(`^nagios +nagios +${cfg.replace(/[.]/g, '\\.')} +not answering +no data +Cannot read the Nagios main config file ${cfg.replace(/[.]/g, '\\.')}: ENOENT`));
    expect(run.code).toBe(3);
  });
});
