import { buildServer } from './app.js';
import { configFromEnv } from './config.js';
import { StartupError } from './db/startupError.js';
import { engineSettings, recordEngineSetup } from './db/engineSetup.js';
import os from 'node:os';
import { EnginesFileError } from './monitoring/engines/enginesFile.js';
import { createLogger, flushLog, log } from './log.js';
import fs from 'node:fs';
import path from 'node:path';

/** A start-up fault: one line on stderr (JSON where stderr is not a terminal), said once (issue 36). */
const startupLog = () => createLogger({ fd: 2 });

/** A bad PHAROS_ENGINES file is one line and its own exit code, like the data dir problems below. */
function readConfig(): ReturnType<typeof configFromEnv> {
  try {
    return configFromEnv(process.env, process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof EnginesFileError)) throw err;
    startupLog().fatal(err.message);
    process.exit(err.exitCode);
  }
}
const config = readConfig();

/** A data dir or database problem is one line and its own exit code (docs/operations.md); the stack only with DEBUG. */
async function start(): Promise<Awaited<ReturnType<typeof buildServer>>> {
  try {
    return await buildServer(config);
  } catch (err) {
    if (!(err instanceof StartupError)) throw err;
    startupLog().fatal(err.message);
    if (process.env.DEBUG) console.error(err.cause ?? err);
    process.exit(err.exitCode);
  }
}
const server = await start();
await server.app.listen({ host: config.host, port: config.port });
const address = server.app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = `http://${config.host}:${port}${config.base}`;
// For `npm run admin -- engines`, which runs in a shell whose environment may name other engines (issue 36).
await recordEngineSetup(server.ctx.store, {
  settings: engineSettings(config), url, startedAt: Date.now(), host: os.hostname(), pid: process.pid,
});
log().info({ url }, `Pharos is running at ${url} (monitoring source: ${server.ctx.monitoring.kind}; database: ${server.ctx.storage.location})`);
if (server.generatedAdminPassword) {
  const change = 'change it with: npm run admin -- set-password nagiosadmin NEW_PASSWORD';
  if (process.stdout.isTTY) {
    // On a terminal, for the person who started it; a log (journal, container) never holds a password (issue 36).
    log().info(`First start: created the administrator 'nagiosadmin' with the password: ${server.generatedAdminPassword}`);
    log().info(`It is shown only this once; ${change}`);
  } else {
    const file = path.join(config.dataDir, 'initial-admin-password');
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, `${server.generatedAdminPassword}\n`, { mode: 0o600 });
    log().info({ file }, `First start: created the administrator 'nagiosadmin'; its password is in ${file} (readable by this user only). Delete the file once read, and ${change}`);
  }
}

/** Past the connections' grace period (http/closing.ts), and inside a service manager's stop timeout (docs/operations.md). */
const SHUTDOWN_DEADLINE_MS = 8000;

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  // Should something still hold the close (a monitoring source that does not stop), exit anyway rather than be killed:
  // SQLite's journal keeps the database consistent either way, and the port is free for the next start.
  setTimeout(() => {
    log().error('Shutdown took too long; exiting without waiting further.');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  try {
    await server.close();
  } catch (err) {
    log().error({ err }, 'Shutdown failed');
    await flushLog();
    process.exit(1);
  }
  log().info('Pharos stopped');
  await flushLog();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
if (config.exitWithParent) {
  process.stdin.on('end', () => void shutdown());
  process.stdin.on('close', () => void shutdown());
  process.stdin.resume();
}
