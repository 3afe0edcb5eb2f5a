import { buildServer } from './app.js';
import { configFromEnv } from './config.js';
import { StartupError } from './db/startupError.js';
import { engineSettings, recordEngineSetup } from './db/engineSetup.js';
import os from 'node:os';
import { EnginesFileError } from './monitoring/engines/enginesFile.js';

/** A bad PHAROS_ENGINES file is one line and its own exit code, like the data dir problems below. */
function readConfig(): ReturnType<typeof configFromEnv> {
  try {
    return configFromEnv(process.env, process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof EnginesFileError)) throw err;
    console.error(err.message);
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
    console.error(err.message);
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
console.log(`Pharos is running at ${url}`);
console.log(`Monitoring source: ${server.ctx.monitoring.kind}; data: ${config.dataDir}`);
if (server.generatedAdminPassword) {
  console.log(`First start: created the administrator 'nagiosadmin' with the password: ${server.generatedAdminPassword}`);
  console.log('It is shown only this once; change it with: npm run admin -- set-password nagiosadmin NEW_PASSWORD');
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
    console.error('Shutdown took too long; exiting without waiting further.');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  try {
    await server.close();
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
if (config.exitWithParent) {
  process.stdin.on('end', () => void shutdown());
  process.stdin.on('close', () => void shutdown());
  process.stdin.resume();
}
