import { buildServer } from './app.js';
import { configFromEnv } from './config.js';

const config = configFromEnv(process.env, process.argv.slice(2));
const server = await buildServer(config);
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
