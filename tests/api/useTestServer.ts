import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/src/config.js';
import type { MonitoringSource } from '../../server/src/monitoring/source.js';
import { startedLater } from '../support/startedLater.js';
import { Client, startTestServer, type TestServer } from './harness.js';

export interface TestServerOptions {
  /** Config overrides; a function is read in beforeAll, for values an earlier beforeAll makes (a port, a folder). */
  config?: Partial<Config> | (() => Partial<Config>);
  /** The monitoring source; a function is called in beforeAll, for a source an earlier beforeAll makes (an engine). */
  monitoring?: MonitoringSource | (() => MonitoringSource);
  /** The server's clock for login throttling. */
  now?: () => number;
  /** Log in an administrator client (default true); without it, `admin` throws when used. */
  admin?: boolean;
}

/**
 * The test server of one test file, started in beforeAll and closed in afterAll (its data dir removed), with an
 * administrator client logged in: `const { ts, admin } = useTestServer();` at the top of the file. A file's own
 * beforeAll hooks registered after this call run after the server has started; those registered before it run first
 * (an engine the server reads, passed as a function in `config` or `monitoring`), and their afterAll hooks run after
 * the server has closed. A file that restarts the server declares `let { ts, admin } = …`.
 */
export function useTestServer(opts: TestServerOptions = {}): { ts: TestServer; admin: Client } {
  let ts: TestServer | undefined;
  let admin: Client | undefined;
  beforeAll(async () => {
    const config = typeof opts.config === 'function' ? opts.config() : opts.config;
    const monitoring = typeof opts.monitoring === 'function' ? opts.monitoring() : opts.monitoring;
    ts = await startTestServer(config ?? {}, undefined, monitoring, opts.now);
    if (opts.admin !== false) {
      admin = new Client(ts.url);
      await admin.login();
    }
  });
  afterAll(async () => {
    await ts?.close();
    if (ts) fs.rmSync(ts.dataDir, { recursive: true, force: true });
  });
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
