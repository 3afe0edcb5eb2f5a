import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../server/src/app.js';
import { configFromEnv } from '../../server/src/config.js';
import { UNAVAILABLE_MARKER } from '../../server/src/http/closing.js';

/**
 * Issue 17: the server's shutdown ends within seconds whatever connections are open, and nothing that arrives while it
 * closes gets Fastify's JSON 503 (a frame would show it in Chromium's JSON viewer). Timings are not asserted: each
 * close must resolve at all, within the test's timeout, where before it waited for keep-alive (72 s) or the request.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const TIMEOUT = 15000;

interface Running { server: Server; port: number; base: string; release(): void }

let running: Running | undefined;
afterEach(async () => {
  running?.release();
  // A test that failed before closing must not leave its server listening; closing twice is harmless.
  await running?.server.close().catch(() => undefined);
  running = undefined;
});

/** A server with one extra route that answers only when released: a request under way when the close starts. */
async function start(): Promise<Running> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-shutdown-'));
  const config = { ...configFromEnv({ PHAROS_ADMIN_PASSWORD: 'shutdown-test' }), host: '127.0.0.1', port: 0, dataDir };
  const server = await buildServer(config);
  let release = (): void => undefined;
  const released = new Promise<void>((r) => { release = r; });
  server.app.get(`${config.base}test-slow`, async () => {
    await released;
    return { done: true };
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  running = { server, port, base: config.base, release };
  return running;
}

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: string }

function get(agent: http.Agent, port: number, pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: pathname, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    }).on('error', reject);
  });
}

/** A connection that has sent the start of a request: the server counts it busy, so closing does not drop it. */
async function partialRequest(port: number, requestLine: string): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', () => r()));
  socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\n`);
  // Let the server read it before anything else happens.
  await new Promise((r) => setTimeout(r, 100));
  return socket;
}

/** Sends the rest of the headers and reads the whole answer (the server closes the connection after it). */
function finish(socket: net.Socket, headers: string): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => { raw += c; });
    socket.on('close', () => resolve(raw));
    socket.write(`${headers}\r\n`);
  });
}

/**
 * Starts close() and waits until it is under way (the server no longer accepts connections). The close comes back
 * wrapped: an async function returning the bare promise would wait for it.
 */
async function beginClose(s: Running): Promise<{ closed: Promise<void> }> {
  const closed = s.server.close();
  while (s.server.app.server.listening) await new Promise((r) => setTimeout(r, 5));
  return { closed };
}

function header(raw: string, name: string): string | undefined {
  const head = raw.split('\r\n\r\n')[0]!;
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

describe('server shutdown', () => {
  it('closes with an idle keep-alive connection open', { timeout: TIMEOUT }, async () => {
    const s = await start();
    const agent = new http.Agent({ keepAlive: true });
    const res = await get(agent, s.port, `${s.base}login.php`);
    expect(res.status).toBe(200);
    expect(agent.freeSockets).not.toEqual({});
    await s.server.close();
    agent.destroy();
  });

  it('ends the connection of a request that was under way, instead of keeping it alive for the next request', { timeout: TIMEOUT }, async () => {
    const s = await start();
    const agent = new http.Agent({ keepAlive: true });
    const pending = get(agent, s.port, `${s.base}test-slow`);
    await new Promise((r) => setTimeout(r, 100));
    const { closed } = await beginClose(s);
    s.release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
    await closed;
    agent.destroy();
  });

  it('closes even when a request never finishes', { timeout: TIMEOUT }, async () => {
    const s = await start();
    const socket = await partialRequest(s.port, `GET ${s.base}login.php HTTP/1.1`);
    const gone = new Promise((r) => socket.once('close', r));
    await s.server.close();
    await gone;
  });

  it('answers a page request that arrives while closing with a small HTML page, never JSON', { timeout: TIMEOUT }, async () => {
    const s = await start();
    const socket = await partialRequest(s.port, `GET ${s.base}includes/page-home-main.php HTTP/1.1`);
    const { closed } = await beginClose(s);
    const raw = await finish(socket, 'Accept: text/html,application/xhtml+xml,*/*;q=0.8\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 503 /);
    expect(header(raw, 'content-type')).toMatch(/^text\/html/);
    expect(header(raw, 'retry-after')).toMatch(/^\d+$/);
    expect(header(raw, 'cache-control')).toBe('no-store');
    expect(raw).toContain(`<meta name="${UNAVAILABLE_MARKER}"`);
    expect(raw).toContain('Pharos is restarting. This page will be back shortly.');
    expect(raw).not.toContain('"statusCode"');
    // Asked for by a frame: the app loads it again itself, so it does not reload.
    expect(raw).not.toContain('http-equiv="refresh"');
    await closed;
  });

  it('as the whole window (a first visit, no worker), the closing page loads itself again after the retry time', { timeout: TIMEOUT }, async () => {
    const s = await start();
    const socket = await partialRequest(s.port, `GET ${s.base}includes/page-home-main.php HTTP/1.1`);
    const { closed } = await beginClose(s);
    const raw = await finish(socket, 'Accept: text/html\r\nSec-Fetch-Dest: document\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 503 /);
    expect(raw).toContain(`<meta http-equiv="refresh" content="${header(raw, 'retry-after')}">`);
    expect(raw).toContain('Pharos is restarting. This page will be back shortly.');
    await closed;
  });

  it('answers an API call that arrives while closing with a JSON message', { timeout: TIMEOUT }, async () => {
    const s = await start();
    const socket = await partialRequest(s.port, `GET ${s.base}api/v2/account/auth HTTP/1.1`);
    const { closed } = await beginClose(s);
    const raw = await finish(socket, 'Accept: application/json\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 503 /);
    expect(header(raw, 'content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(raw.split('\r\n\r\n')[1]!) as { message?: unknown };
    expect(body).toEqual({ message: expect.any(String) as unknown });
    await closed;
  });
});

describe('the server process', () => {
  /** Starts `command` as an operator would, with its own data dir, and resolves once it listens. */
  function spawnServer(command: string, args: string[]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-shutdown-'));
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', PHAROS_DATA_DIR: dataDir, PHAROS_ADMIN_PASSWORD: 'shutdown-test' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: should the signal not reach the server (a shell in between), the test can still end it.
      detached: true,
    });
    let output = '';
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const listening = new Promise<URL>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        output += c.toString();
        const m = /Pharos is running at (\S+)/.exec(output);
        if (m) resolve(new URL(m[1]!));
      });
      child.stderr.on('data', (c: Buffer) => { output += c.toString(); });
      void exited.then((code) => reject(new Error(`exited (${code}) before listening:\n${output}`)));
    });
    return { child, exited, listening };
  }

  function refused(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(false); });
      socket.once('error', () => resolve(true));
    });
  }

  /** SIGTERM with an idle keep-alive connection open: exit code 0 and the port is free. */
  async function stopsOnSigterm(command: string, args: string[]): Promise<void> {
    const { child, exited, listening } = spawnServer(command, args);
    try {
      const url = await listening;
      const agent = new http.Agent({ keepAlive: true });
      expect((await get(agent, Number(url.port), `${url.pathname}login.php`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(await refused(Number(url.port))).toBe(true);
      agent.destroy();
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group is gone: everything exited, as it should.
      }
    }
  }

  // Not `tsx server/src/main.ts`: its wrapper kills a server that does not confirm a signal within 60 ms (exit 143), which
  // a loaded machine made this test show; docs/operations.md says to run the server as one Node process instead.
  it('node --import tsx server/src/main.ts (the systemd unit in docs/operations.md) exits with code 0 on SIGTERM', { timeout: 30000 }, async () => {
    await stopsOnSigterm(process.execPath, ['--import', 'tsx', 'server/src/main.ts']);
  });

  // The same script line as `npm start` after its build: the signal must reach the server, not stop at a shell.
  it('npm run serve exits with code 0 on SIGTERM and leaves no server behind', { timeout: 30000 }, async () => {
    await stopsOnSigterm('npm', ['run', 'serve']);
  });

  /** The processes under `pid` (its children, theirs, …), read from /proc. */
  function descendants(pid: number): number[] {
    const parentOf = new Map<number, number>();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // pid (comm) state ppid …: the name may hold spaces and parentheses, so read after its last ')'.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // gone meanwhile
      }
    }
    const found: number[] = [];
    for (let frontier = [pid]; frontier.length;) {
      frontier = [...parentOf].filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
      found.push(...frontier);
    }
    return found;
  }

  // Issue 36: a request holding the event loop when SIGTERM came made npm start exit 143. tsx's own process between npm
  // and the server gave the server 60 ms to confirm the signal, then killed it (SIGKILL, no shutdown at all).
  it('npm run serve exits with code 0 on SIGTERM while the server is busy answering', { timeout: 30000 }, async () => {
    const { child, exited, listening } = spawnServer('npm', ['run', 'serve']);
    try {
      const url = await listening;
      // The process that listens: the deepest one running main.ts.
      const server = descendants(child.pid!).filter((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/src/main.ts');
        } catch {
          return false;
        }
      }).at(-1)!;
      // Busy for 300 ms as the signal arrives: a stopped process handles nothing until it continues, as a busy one.
      process.kill(server, 'SIGSTOP');
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      try {
        process.kill(server, 'SIGCONT');
      } catch {
        // Killed meanwhile: the exit code says by what.
      }
      expect(await exited).toBe(0);
      expect(await refused(Number(url.port))).toBe(true);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group is gone: everything exited, as it should.
      }
    }
  });
});
