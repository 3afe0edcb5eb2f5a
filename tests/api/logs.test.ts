import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresStorage } from '../../server/src/db/postgres.js';
import { StorageUnavailableError } from '../../server/src/db/unavailable.js';
import { createLogger, humanLine, safeUrl, setLog } from '../../server/src/log.js';
import { watchEngines } from '../../server/src/monitoring/engineWatch.js';
import { MergedSource } from '../../server/src/monitoring/engines/mergedSource.js';
import { startPostgres } from '../support/postgres.js';
import { FakeEngine, host } from './fakeEngines.js';

const root = path.resolve(import.meta.dirname, '..', '..');

interface Line { level: number; time: number; msg: string; [field: string]: unknown }

/** What a logger writes, parsed line by line as a log shipper would (each line must be one JSON object). */
function capture(): { lines: Line[]; restore(): void } {
  const lines: Line[] = [];
  const stream = new Writable({ write(chunk: Buffer, _enc, done) { for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Line); done(); } });
  setLog(createLogger({ stream, level: 'info' }));
  return { lines, restore: () => setLog(createLogger({ level: 'silent' })) };
}

const until = async (ok: () => boolean, what: string, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the server\'s log (issue 36)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-log-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes one JSON object a line: the start, one line per request without secrets, and the stop', async () => {
    // One Node process, as npm start and the systemd unit run it: the tsx command's wrapper can turn a SIGTERM into exit 143.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', PHAROS_DATA_DIR: dir, PHAROS_ADMIN_PASSWORD: 'log-test-password', PHAROS_LOG_LEVEL: 'info', PHAROS_EXIT_WITH_PARENT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await until(() => out.includes('Pharos is running at'), 'the start line', 60_000);
    const url = (JSON.parse(out.split('\n').find((l) => l.includes('Pharos is running at'))!) as { url: string }).url;
    await fetch(`${url}api/v2/account/auth?nsp=s3cret-token&view=1`);
    await fetch(`${url}assets/whatever.js`);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const lines = out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
    for (const line of lines) {
      expect(typeof line.level).toBe('number');
      expect(typeof line.time).toBe('number');
      expect(typeof line.msg).toBe('string');
    }
    const request = lines.find((l) => l.method === 'GET' && String(l.url).includes('api/v2/account/auth'));
    expect(request).toMatchObject({ level: 30, status: 401, url: '/nagiosxi/api/v2/account/auth?nsp=***&view=1' });
    expect(typeof request!.ms).toBe('number');
    expect(lines.some((l) => String(l.url).includes('assets/'))).toBe(false);
    expect(lines.at(-1)!.msg).toBe('Pharos stopped');
    expect(out).not.toContain('s3cret-token');
    expect(out).not.toContain('log-test-password');
  });

  it('says by name when an engine goes silent (warn) and when it answers again (info)', async () => {
    const log = capture();
    const paris = new FakeEngine('paris', [host('app1')], []);
    const stop = watchEngines(new MergedSource([new FakeEngine('berlin', [host('web1')], []), paris]), 10);
    try {
      paris.answering = false;
      await until(() => log.lines.some((l) => l.engine === 'paris'), 'the silent engine');
      paris.answering = true;
      await until(() => log.lines.filter((l) => l.engine === 'paris').length === 2, 'the engine back');
      const [down, up] = log.lines.filter((l) => l.engine === 'paris');
      expect(down).toMatchObject({ level: 40, msg: "Engine 'paris' went silent: stopped" });
      expect(up).toMatchObject({ level: 30 });
      expect(up!.msg).toMatch(/^Engine 'paris' answers again after \d+ s$/);
      expect(log.lines.filter((l) => l.engine === 'berlin')).toEqual([]);
    } finally {
      stop();
      log.restore();
    }
  });

  it('says once when PostgreSQL goes away and once when it is back, naming it', async () => {
    const pg = await startPostgres();
    const storage = await openPostgresStorage(await pg.createDatabase('logs'));
    const log = capture();
    try {
      await pg.restart(async () => {
        for (let i = 0; i < 3; i += 1) await expect(sql`SELECT 1`.execute(storage.store)).rejects.toBeInstanceOf(StorageUnavailableError);
        expect(storage.health?.up).toBe(false);
      });
      await sql`SELECT 1`.execute(storage.store);
      expect(storage.health?.up).toBe(true);
      const said = log.lines.filter((l) => l.database !== undefined);
      expect(said).toHaveLength(2);
      expect(said[0]).toMatchObject({ level: 40 });
      expect(said[0]!.msg).toMatch(/^Database: PostgreSQL at .+ is not answering \(.+\); requests get 503 until it is back$/);
      expect(said[1]).toMatchObject({ level: 30 });
      expect(said[1]!.msg).toMatch(/^Database: PostgreSQL at .+ answers again after \d+\.\d s$/);
      expect(JSON.stringify(said)).not.toContain(pg.url().split(':')[2]!.split('@')[0]!);
    } finally {
      log.restore();
      await storage.close();
      await pg.stop();
    }
  });
});

describe('what the log leaves out', () => {
  it('masks secret parameters in a request\'s address, and keeps the rest', () => {
    expect(safeUrl('/x/api?nsp=abc&view=2')).toBe('/x/api?nsp=***&view=2');
    expect(safeUrl('/x/login.php?redirect=%2Fx%2F&password=p&token=t&code=ABCD1234')).toBe('/x/login.php?redirect=%2Fx%2F&password=***&token=***&code=***');
    expect(safeUrl('/x/status.php?show=hostproblems')).toBe('/x/status.php?show=hostproblems');
  });

  it('prints lines for people on a terminal: time, level, message', () => {
    expect(humanLine('{"level":40,"time":0,"msg":"Engine \'paris\' went silent: stopped","engine":"paris"}')).toMatch(/^\d{2}:\d{2}:\d{2} WARN Engine 'paris' went silent: stopped \{"engine":"paris"\}\n$/);
  });
});
