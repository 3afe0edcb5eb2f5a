import fs from 'node:fs/promises';
import path from 'node:path';

/** The nagios.cfg settings the source uses; paths are absolute. */
export interface NagiosMainConfig {
  cfgPath: string;
  statusFile: string;
  objectCacheFile: string;
  commandFile: string;
  lockFile: string;
  logFile: string;
  /** Where the engine moves its log at each rotation (nagios-MM-DD-YYYY-HH.log). */
  logArchivePath: string;
  checkResultPath: string;
  /** Seconds per "interval unit" (check_interval is in these units). */
  intervalLength: number;
  /** Seconds between status.dat rewrites. */
  statusUpdateInterval: number;
  checkExternalCommands: boolean;
  /** Every `key=value` setting as written (repeated keys such as cfg_file keep the last value). */
  settings: Map<string, string>;
}

/** Nagios Core's compiled-in defaults (LOCALSTATEDIR /usr/local/nagios/var), used when nagios.cfg omits a setting. */
const DEFAULT_VAR = '/usr/local/nagios/var';

export function parseMainConfig(text: string, cfgPath: string): NagiosMainConfig {
  const settings = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    settings.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  const dir = path.dirname(path.resolve(cfgPath));
  // Nagios resolves relative paths in nagios.cfg against the directory of nagios.cfg itself.
  const file = (key: string, fallback: string) => path.resolve(dir, settings.get(key) || fallback);
  const num = (key: string, fallback: number) => {
    const n = Number(settings.get(key));
    return settings.has(key) && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    cfgPath: path.resolve(cfgPath),
    statusFile: file('status_file', `${DEFAULT_VAR}/status.dat`),
    objectCacheFile: file('object_cache_file', `${DEFAULT_VAR}/objects.cache`),
    commandFile: file('command_file', `${DEFAULT_VAR}/rw/nagios.cmd`),
    lockFile: file('lock_file', `${DEFAULT_VAR}/nagios.lock`),
    logFile: file('log_file', `${DEFAULT_VAR}/nagios.log`),
    logArchivePath: file('log_archive_path', `${DEFAULT_VAR}/archives`),
    checkResultPath: file('check_result_path', `${DEFAULT_VAR}/spool/checkresults`),
    intervalLength: num('interval_length', 60),
    statusUpdateInterval: num('status_update_interval', 60),
    checkExternalCommands: settings.get('check_external_commands') !== '0',
    settings,
  };
}

/** The main config file named cannot be read: with Nagios as the only engine, a start-up problem (exit code 21). */
export class NagiosConfigUnreadableError extends Error {
  override readonly name = 'NagiosConfigUnreadableError';
}

export async function readMainConfig(cfgPath: string): Promise<NagiosMainConfig> {
  let text: string;
  try {
    text = await fs.readFile(cfgPath, 'utf8');
  } catch (err) {
    throw new NagiosConfigUnreadableError(`Cannot read the Nagios main config file ${cfgPath}: ${(err as Error).message}`, { cause: err });
  }
  return parseMainConfig(text, cfgPath);
}
