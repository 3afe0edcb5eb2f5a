import { runCli } from './admin/runCli.js';

/** `npm run admin -- <command>`: see `npm run admin -- help`. */
process.exitCode = runCli(process.argv.slice(2));
