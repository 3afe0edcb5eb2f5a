import { buildServer } from './app.js';
import { configFromEnv } from './config.js';
import { StartupError } from './db/startupError.js';

const config = configFromEnv(process.env, process.argv.slice(2));

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
console.log(`Pharos is running at ${url}`);
console.log(`Monitoring source: ${server.ctx.monitoring.kind}; data: ${config.dataDir}`);
if (server.generatedAdminPassword) {
  console.log(`First start: created the administrator 'nagiosadmin' with the password: ${server.generatedAdminPassword}`);
  console.log('It is shown only this once; change it with: npm run admin -- set-password nagiosadmin NEW_PASSWORD');
}

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
if (config.exitWithParent) {
  process.stdin.on('end', () => void shutdown());
  process.stdin.on('close', () => void shutdown());
  process.stdin.resume();
}
