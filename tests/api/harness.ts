import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildServer, type Server } from '../../server/src/app.js';
import { createLogger, setLog } from '../../server/src/log.js';
import { configFromEnv, type Config } from '../../server/src/config.js';
import type { MonitoringSource } from '../../server/src/monitoring/source.js';

export const ADMIN_PASSWORD = 'test-admin-password';

// A line per request from every in-process test server would bury the test output: warnings and errors only, unless
// asked. This process's logger only: servers started as processes keep their own level (they print the start line).
setLog(createLogger({ level: process.env.PHAROS_LOG_LEVEL ?? 'warn' }));

export interface TestServer {
  server: Server;
  url: string; // origin + base, ends with '/'
  dataDir: string;
  config: Config;
  /** The environment that points the admin CLI at this server's data (its data dir, or its PostgreSQL database). */
  cliEnv: Record<string, string>;
  /** Closes and starts again on the same data dir, to prove persistence. */
  restart(): Promise<TestServer>;
  close(): Promise<void>;
}

/**
 * In the server-pg project every test server gets a database of its own on the run's PostgreSQL (issue 22: the API
 * suites run against both engines); elsewhere it uses the SQLite file in its data dir.
 */
async function testDatabase(): Promise<string | undefined> {
  // Benches start test servers outside vitest, where inject() throws.
  const base = process.env.VITEST ? inject('postgresUrl') : undefined;
  if (!base) return undefined;
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `now`: the server's clock for login throttling, so tests move time instead of sleeping. */
export async function startTestServer(overrides: Partial<Config> = {}, dataDir?: string, monitoring?: MonitoringSource, now?: () => number): Promise<TestServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-test-'));
  // A restart passes the database it had in `overrides`.
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : await testDatabase();
  overrides = { ...overrides, databaseUrl };
  const config: Config = { ...configFromEnv({ PHAROS_ADMIN_PASSWORD: ADMIN_PASSWORD }), host: '127.0.0.1', port: 0, dataDir: dir, ...overrides };
  const server = await buildServer(config, { monitoring, now });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ts: TestServer = {
    server, dataDir: dir, config,
    cliEnv: { PHAROS_DATA_DIR: dir, ...(config.databaseUrl ? { PHAROS_DATABASE_URL: config.databaseUrl } : {}) },
    url: `http://127.0.0.1:${port}${config.base}`,
    async restart() {
      await server.close();
      return startTestServer({ ...overrides }, dir, monitoring, now);
    },
    close: () => server.close(),
  };
  return ts;
}

export interface Reply<T = unknown> { status: number; body: T; text: string; headers: Headers }

/** A browser-like client: keeps cookies, knows its nsp and XSRF token after login. */
export class Client {
  cookies = new Map<string, string>();
  nsp = '';
  constructor(readonly baseUrl: string) {}

  get xsrf(): string {
    return this.cookies.get('XSRF-TOKEN') ?? '';
  }

  private store(headers: Headers): void {
    for (const c of headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = unknown>(method: string, pathAndQuery: string, opts: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string>; xsrf?: boolean; body?: string } = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.xsrf !== false && this.xsrf && method !== 'GET') headers['x-xsrf-token'] = this.xsrf;
    let body: string | undefined = opts.body;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(this.baseUrl + pathAndQuery, { method, headers, body, redirect: 'manual' });
    this.store(res.headers);
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON: keep the text */ }
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  get<T = unknown>(p: string, opts?: Parameters<Client['request']>[2]) { return this.request<T>('GET', p, opts); }
  post<T = unknown>(p: string, form: Record<string, string>, opts: Parameters<Client['request']>[2] = {}) { return this.request<T>('POST', p, { ...opts, form }); }

  async login(username = 'nagiosadmin', password = ADMIN_PASSWORD): Promise<void> {
    const res = await this.request('POST', 'login.php', { form: { username, password } });
    if (res.status !== 303) throw new Error(`login failed: ${res.status}`);
    const auth = await this.get<{ nsp: string }>('api/v2/account/auth');
    this.nsp = auth.body.nsp;
  }
}

/** A GET answered with its raw bytes as sent: fetch would undo the compression a test checks. */
export function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('error', reject)
        .on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
