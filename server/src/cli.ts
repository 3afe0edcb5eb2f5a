import { runCli } from './admin/runCli.js';
import { runEnginesCommand } from './admin/enginesCommand.js';
import { configFromEnv } from './config.js';
import { EnginesFileError } from './monitoring/engines/enginesFile.js';

/**
 * `npm run admin -- <command>`: see `npm run admin -- help`. `engines` talks to the engines the server recorded in its
 * database instead of changing the database.
 */
const args = process.argv.slice(2);
if (args[0] === 'engines') {
  try {
    process.exitCode = await runEnginesCommand(configFromEnv(process.env));
  } catch (err) {
    if (!(err instanceof EnginesFileError)) throw err;
    console.error(err.message);
    process.exitCode = err.exitCode;
  }
  // Engine sources may leave sockets or watchers closing: the answer is printed, so do not wait for them.
  process.exit();
} else {
  process.exitCode = await runCli(args);
}
