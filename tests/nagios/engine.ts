/**
 * Runs a real Nagios Core 4 engine (Debian's nagios4) in a temp dir for integration tests.
 * Objects: hosts UP (web-01), DOWN (db-01) and UNREACHABLE (app-01, child of db-01); services OK, WARNING,
 * CRITICAL and UNKNOWN; host groups, a service group. Checks are small sh scripts in the run dir.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { MonitoringSnapshot } from '../../server/src/monitoring/source.js';
import type { NagiosSource } from '../../server/src/monitoring/nagios/nagiosSource.js';
import { startEngineProcess, type EngineProcess } from '../support/processes.js';

const NAGIOS_BIN = fs.existsSync('/usr/sbin/nagios4') ? '/usr/sbin/nagios4' : 'nagios4';

/** Plugin output per check script; HTML, '=' and a backslash are kept on purpose. */
export const CHECKS = {
  ok: { exit: 0, output: 'OK - <b>fine</b> answer=42', long: ['detail line 1', 'path C:\\temp'], perf: 'time=0.012s;1;2;0 size=512B' },
  warning: { exit: 1, output: 'WARNING - disk 85% used', long: [], perf: 'used=85%;80;90' },
  critical: { exit: 2, output: 'CRITICAL - connection refused', long: ['retried 3 times'], perf: '' },
  unknown: { exit: 3, output: 'UNKNOWN - cannot parse reply', long: [], perf: '' },
} as const;

export const HOSTS = { up: 'web-01', down: 'db-01', unreachable: 'app-01' } as const;
export const SERVICES = [
  { host: 'web-01', description: 'HTTP', check: 'ok', state: 0 },
  { host: 'web-01', description: 'Disk Usage', check: 'warning', state: 1 },
  { host: 'web-01', description: 'Load', check: 'critical', state: 2 },
  { host: 'web-01', description: 'Backup', check: 'unknown', state: 3 },
  { host: 'db-01', description: 'MySQL', check: 'critical', state: 2 },
] as const;

function checkScript(check: (typeof CHECKS)[keyof typeof CHECKS]): string {
  const perf = check.perf ? ` | ${check.perf}` : '';
  const lines = [check.output + perf, ...check.long].map((l) => `printf '%s\\n' '${l}'`);
  return `#!/bin/sh\n${lines.join('\n')}\nexit ${check.exit}\n`;
}

export function define(type: string, fields: Record<string, string | number>): string {
  return `define ${type} {\n${Object.entries(fields).map(([k, v]) => `  ${k} ${v}`).join('\n')}\n}\n`;
}

function objectConfig(dir: string): string {
  const timing = { check_interval: 1, retry_interval: 1, max_check_attempts: 1, active_checks_enabled: 1, check_period: '24x7', notification_period: '24x7', contact_groups: 'admins' };
  const days = Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [d, '00:00-24:00']));
  return [
    define('timeperiod', { timeperiod_name: '24x7', alias: 'Always', ...days }),
    ...Object.keys(CHECKS).map((name) => define('command', { command_name: `check_${name}`, command_line: path.join(dir, `check_${name}.sh`) })),
    define('command', { command_name: 'notify_none', command_line: '/bin/true' }),
    define('contact', {
      contact_name: 'pharos', alias: 'Pharos Tests', host_notification_period: '24x7', service_notification_period: '24x7',
      host_notification_options: 'n', service_notification_options: 'n', host_notification_commands: 'notify_none', service_notification_commands: 'notify_none',
    }),
    define('contactgroup', { contactgroup_name: 'admins', alias: 'Admins', members: 'pharos' }),
    define('host', { host_name: HOSTS.up, alias: 'Web Server 1', address: '127.0.0.1', check_command: 'check_ok', ...timing }),
    // Starts out DOWN so its child is UNREACHABLE from its very first check, whichever host Nagios checks first.
    define('host', { host_name: HOSTS.down, alias: 'Database 1', display_name: 'DB One', address: '192.0.2.10', check_command: 'check_critical', initial_state: 'd', ...timing }),
    define('host', { host_name: HOSTS.unreachable, alias: 'App Server 1', address: '192.0.2.20', parents: HOSTS.down, check_command: 'check_critical', ...timing }),
    define('hostgroup', { hostgroup_name: 'web-servers', alias: 'Web Servers', members: `${HOSTS.up},${HOSTS.unreachable}` }),
    define('hostgroup', { hostgroup_name: 'databases', alias: 'Databases', members: HOSTS.down }),
    ...SERVICES.map((s) => define('service', { host_name: s.host, service_description: s.description, check_command: `check_${s.check}`, ...timing })),
    define('servicegroup', { servicegroup_name: 'frontend', alias: 'Front End', members: 'web-01,HTTP,web-01,Load' }),
  ].join('\n');
}

function mainConfig(dir: string, overrides: Record<string, string | number> = {}): string {
  const user = os.userInfo();
  // Paths are relative on purpose: Nagios resolves them against nagios.cfg's directory, and so must the source.
  const settings: Record<string, string | number> = {
    cfg_file: 'objects.cfg',
    status_file: 'status.dat', object_cache_file: 'objects.cache', precached_object_file: 'objects.precache', temp_file: 'nagios.tmp', temp_path: dir,
    lock_file: 'nagios.lock', log_file: 'nagios.log', log_archive_path: 'archives', command_file: 'nagios.cmd', query_socket: 'nagios.qh', check_result_path: 'checkresults',
    state_retention_file: 'retention.dat', debug_file: 'nagios.debug', retain_state_information: 0, use_syslog: 0,
    // Numeric ids are accepted; as root Nagios would otherwise switch to the (absent) default nagios user.
    nagios_user: user.uid, nagios_group: user.gid,
    interval_length: 1, status_update_interval: 1, check_external_commands: 1, enable_notifications: 0, check_result_reaper_frequency: 1,
    // Start every check at once instead of spreading the first round over minutes.
    host_inter_check_delay_method: 'n', service_inter_check_delay_method: 'n', max_host_check_spread: 1, max_service_check_spread: 1,
    illegal_macro_output_chars: '`~$&|\'"<>', check_for_updates: 0, enable_flap_detection: 0,
    ...overrides,
  };
  return Object.entries(settings).map(([k, v]) => `${k}=${v}`).join('\n') + '\n';
}

export interface NagiosEngine extends EngineProcess {
  cfgPath: string;
  statusFile: string;
  commandFile: string;
  /** Pid of the running nagios4 process (0 when stopped); `stop` sends it SIGTERM, and Nagios deletes status.dat on the way out. */
  readonly pid: number;
}

/**
 * nagios4 runs under a tiny sh supervisor that prints its pid and kills it when our end of its stdin closes,
 * so the engine cannot outlive the test process even when that process is killed.
 */
const SUPERVISOR = `exec 3<&0
"$1" "$2" </dev/null >>"$3" 2>&1 &
n=$!
echo "$n"
( read _ <&3; kill -TERM "$n" 2>/dev/null ) &
wait "$n"`;

/** A passive-only service on web-01 whose states a test sets through the command pipe (`extraObjects: PASSIVE_SERVICE.config`). */
export const PASSIVE_SERVICE = {
  host: HOSTS.up, description: 'Payments',
  config: define('service', {
    host_name: HOSTS.up, service_description: 'Payments', check_command: 'check_ok', active_checks_enabled: 0, passive_checks_enabled: 1,
    // UNKNOWN until its first result, so Nagios logs that first OK as a state change.
    initial_state: 'u', check_freshness: 0, max_check_attempts: 1, check_interval: 1, retry_interval: 1, check_period: '24x7', notification_period: '24x7', contact_groups: 'admins',
    // Its timeline is a test's own: never flapping, even where a test turns flap detection on.
    flap_detection_enabled: 0,
  }),
} as const;

/**
 * `extraObjects`: more object definitions after the standard ones (e.g. PASSIVE_SERVICE.config); `settings`: nagios.cfg
 * settings over the standard ones (e.g. enable_flap_detection: 1).
 */
export async function startNagios(options: { extraObjects?: string; settings?: Record<string, string | number> } = {}): Promise<NagiosEngine> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-nagios-'));
  fs.mkdirSync(path.join(dir, 'checkresults'));
  fs.mkdirSync(path.join(dir, 'archives'));
  for (const [name, check] of Object.entries(CHECKS)) fs.writeFileSync(path.join(dir, `check_${name}.sh`), checkScript(check), { mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'objects.cfg'), objectConfig(dir) + (options.extraObjects ?? ''));
  const cfgPath = path.join(dir, 'nagios.cfg');
  fs.writeFileSync(cfgPath, mainConfig(dir, options.settings));
  try {
    await promisify(execFile)(NAGIOS_BIN, ['-v', cfgPath]);
  } catch (err) {
    const e = err as { stdout?: string; message: string };
    throw new Error(`nagios4 -v rejected the test config: ${e.stdout ?? e.message}`);
  }

  const fields = { dir, cfgPath, statusFile: path.join(dir, 'status.dat'), commandFile: path.join(dir, 'nagios.cmd') };
  return startEngineProcess(fields, {
    // Nagios exits within a second of SIGTERM.
    killAfterMs: 15_000,
    async launch() {
      const proc = spawn('sh', ['-c', SUPERVISOR, 'supervisor', NAGIOS_BIN, cfgPath, path.join(dir, 'stdout.log')], { stdio: ['pipe', 'pipe', 'inherit'] });
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      const pid = await new Promise<number>((resolve, reject) => {
        let out = '';
        proc.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const nl = out.indexOf('\n');
          if (nl >= 0) resolve(Number(out.slice(0, nl)));
        });
        proc.once('exit', (code) => reject(new Error(`nagios supervisor exited (${code}) before starting the engine`)));
      });
      // Closing our end of its stdin ends the supervisor.
      return { pid, exited, release: () => proc.stdin?.end() };
    },
  });
}

/** Resolves with the first snapshot satisfying `predicate`, re-checking on every source event; rejects after `timeoutMs` (below vitest's 20 s test timeout, so the source's last error is reported). */
export function waitFor(source: NagiosSource, what: string, predicate: (snap: MonitoringSnapshot) => boolean, timeoutMs = 15000): Promise<MonitoringSnapshot> {
  return new Promise((resolve, reject) => {
    let off = () => {};
    const timer = setTimeout(() => {
      off();
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last source error: ${source.lastError() ?? 'none'})`));
    }, timeoutMs);
    const check = (): boolean => {
      const snap = source.snapshot();
      if (!predicate(snap)) return false;
      off();
      clearTimeout(timer);
      resolve(snap);
      return true;
    };
    if (check()) return;
    off = source.onEvent(() => void check());
  });
}
