import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';

/**
 * Issue 11 "Writes": a server killed with SIGKILL in the middle of a stream of writes has kept every write it acknowledged.
 * The server is a real child process, so the kill is as abrupt as a power cut of the process (not of the machine).
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const PASSWORD = 'kill-test-password';

function spawnServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(tsx, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', PHAROS_DATA_DIR: dataDir, PHAROS_ADMIN_PASSWORD: PASSWORD, PHAROS_EXIT_WITH_PARENT: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      const m = /Pharos is running at (\S+)/.exec(output);
      if (m) resolve({ child, url: m[1]! });
    });
    child.stderr!.on('data', (c: Buffer) => { output += c.toString(); });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

describe('SIGKILL during a stream of writes', () => {
  // Two server starts and a stream of writes: over 20 s on a loaded machine.
  it('loses none of the writes the server acknowledged', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-kill-'));
    const first = await spawnServer(dataDir);
    const client = new Client(first.url);
    await client.login('nagiosadmin', PASSWORD);

    const acknowledged: string[] = [];
    let killed = false;
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    let next = 0;
    // Eight writers at once, as several browser tabs would; the kill lands while some requests are still in flight.
    const writer = async () => {
      while (!killed && next < 450) {
        const name = `tool ${next++}`;
        try {
          const res = await client.post('api/v2/tools/personal', { name, url: `https://example.com/${encodeURIComponent(name)}`, nsp: client.nsp });
          if (res.status === 200) acknowledged.push(name);
          else throw new Error(`unexpected answer ${res.status}: ${res.text}`);
        } catch (err) {
          if (!killed) throw err;
        }
        if (acknowledged.length >= 200 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, writer));
    await exited;
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);

    const second = await spawnServer(dataDir);
    try {
      const after = new Client(second.url);
      await after.login('nagiosadmin', PASSWORD);
      const tools = (await after.get<{ name: string }[]>('api/v2/tools/personal')).body.map((t) => t.name);
      const lost = acknowledged.filter((name) => !tools.includes(name));
      expect(lost).toEqual([]);
    } finally {
      second.child.kill('SIGTERM');
    }
  });
});
