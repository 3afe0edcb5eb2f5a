import { runCli } from './admin/runCli.js';
import { runEnginesCommand } from './admin/enginesCommand.js';
import { configFromEnv } from './config.js';

/** `npm run admin -- <command>`: see `npm run admin -- help`. `engines` talks to the engines instead of the database. */
const args = process.argv.slice(2);
if (args[0] === 'engines') {
  process.exitCode = await runEnginesCommand(configFromEnv(process.env));
  // Engine sources may leave sockets or watchers closing: the answer is printed, so do not wait for them.
  process.exit();
} else {
  process.exitCode = await runCli(args);
}
