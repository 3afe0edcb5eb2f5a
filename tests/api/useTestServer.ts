import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/src/config.js';
import type { MonitoringSource } from '../../server/src/monitoring/source.js';
import { Client, startTestServer, type TestServer } from './harness.js';

export interface TestServerOptions {
  /** Config overrides; a function is read in beforeAll, for values an earlier beforeAll makes (a port, a folder). */
  config?: Partial<Config> | (() => Partial<Config>);
  monitoring?: MonitoringSource;
  /** The server's clock for login throttling. */
  now?: () => number;
  /** Log in an administrator client (default true); without it, `admin` throws when used. */
  admin?: boolean;
}

/** Stands in for a value beforeAll makes: every property read or write goes to it, and using it earlier throws. */
function startedLater<T extends object>(name: string, current: () => T | undefined, own: Partial<T> = {}): T {
  const target = (): T => {
    const value = current();
    if (!value) throw new Error(`useTestServer: ${name} is used before beforeAll made it (or it was not asked for).`);
    return value;
  };
  return new Proxy({} as T, {
    get(_stub, key) {
      if (Object.hasOwn(own, key)) return own[key as keyof T];
      const value = target();
      const member: unknown = Reflect.get(value, key, value);
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(value) : member;
    },
    set: (_stub, key, member) => Reflect.set(target(), key, member),
    has: (_stub, key) => Reflect.has(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}

/**
 * The test server of one test file, started in beforeAll and closed in afterAll, with an administrator client logged
 * in: `const { ts, admin } = useTestServer();` at the top of the file. A file's own beforeAll hooks registered after
 * this call run after the server has started. A file that restarts the server declares `let { ts, admin } = …`.
 */
export function useTestServer(opts: TestServerOptions = {}): { ts: TestServer; admin: Client } {
  let ts: TestServer | undefined;
  let admin: Client | undefined;
  beforeAll(async () => {
    const config = typeof opts.config === 'function' ? opts.config() : opts.config;
    ts = await startTestServer(config ?? {}, undefined, opts.monitoring, opts.now);
    if (opts.admin !== false) {
      admin = new Client(ts.url);
      await admin.login();
    }
  });
  afterAll(async () => { await ts?.close(); });
  // `ts = await ts.restart()` (in a file that declares `let { ts } = useTestServer()`) keeps this stand-in, which now
  // forwards to the restarted server; afterAll closes that one.
  const server: TestServer = startedLater('the test server', () => ts, {
    restart: async () => {
      ts = await ts!.restart();
      return server;
    },
  });
  return { ts: server, admin: startedLater('the admin client', () => admin) };
}
