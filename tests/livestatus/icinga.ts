/**
 * Runs a real Icinga 2 with Livestatus on a free 127.0.0.1 port for integration tests, as in ../shared/recipes/icinga2.md:
 * unprivileged (as nobody when started as root), in the foreground, every path in a temp dir, the ITL `dummy` command
 * with 1 s intervals. It is stopped with SIGTERM to the umbrella process only: a group-wide signal can leave the worker
 * running, and then it never writes its state file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, logTail, startEngineProcess, waitForPort, type EngineProcess } from '../support/processes.js';

const ICINGA_BIN = ['/usr/sbin/icinga2', '/usr/bin/icinga2'].find((p) => fs.existsSync(p));
const SETPRIV_BIN = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => fs.existsSync(p));

export const HOSTS = { up: 'web1', down: 'db1' } as const;
/** `payments` and `backup` are passive only: PENDING until a check result arrives. */
export const SERVICES = {
  critical: { host: 'web1', description: 'disk' },
  passive: { host: 'web1', description: 'payments' },
  pending: { host: 'db1', description: 'backup' },
} as const;

function config(port: number, extra: string): string {
  return `const NodeName = "pharos-test"
include <itl>
object CheckerComponent "checker" { }
object LivestatusListener "livestatus" { socket_type = "tcp"; bind_host = "127.0.0.1"; bind_port = ${port} }
template Host "test-host" { check_command = "dummy"; check_interval = 1s; retry_interval = 1s; max_check_attempts = 1 }
template Service "test-svc" { check_command = "dummy"; check_interval = 1s; retry_interval = 1s; max_check_attempts = 1 }
object HostGroup "web" { display_name = "Web servers" }
object ServiceGroup "pay" { display_name = "Payments" }
object Host "web1" { import "test-host"; address = "127.0.0.1"; display_name = "Web One"; groups = [ "web" ]; vars.dummy_state = 0; vars.dummy_text = "UP" }
// dummy_state 1 would read UP: Icinga maps WARNING to UP for hosts.
object Host "db1" { import "test-host"; address = "127.0.0.2"; vars.dummy_state = 2; vars.dummy_text = "DOWN" }
object Service "disk" { import "test-svc"; host_name = "web1"; vars.dummy_state = 2; vars.dummy_text = "CRITICAL - disk full|used=99%;80;90" }
object Service "payments" { import "test-svc"; host_name = "web1"; enable_active_checks = false; groups = [ "pay" ] }
object Service "backup" { import "test-svc"; host_name = "db1"; enable_active_checks = false }
${extra}`;
}

export interface IcingaEngine extends EngineProcess {
  /** `127.0.0.1:port` of its LivestatusListener. */
  address: string;
  /** Pid of the umbrella process (0 when stopped); `stop` sends SIGTERM to it, and it saves its state on the way out. */
  readonly pid: number;
}

/**
 * Starts Icinga 2; fails with what to install when it is missing (CI installs it, nothing here is skipped).
 * `extraConfig`: more objects after the standard ones (e.g. a host that shares its name with another engine's).
 */
export async function startIcinga(extraConfig = ''): Promise<IcingaEngine> {
  if (!ICINGA_BIN) throw new Error('icinga2 is not installed, and the Livestatus tests need a real one: apt-get install -y --no-install-recommends icinga2 (.ci/run installs it).');
  const asRoot = process.getuid?.() === 0;
  if (asRoot && !SETPRIV_BIN) throw new Error('setpriv is missing (package util-linux): the tests run icinga2 as nobody with it.');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-icinga-'));
  for (const sub of ['etc', 'data', 'log/compat/archives', 'cache', 'spool', 'run']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'etc', 'icinga2.conf'), config(port, extraConfig));
  const user = os.userInfo();
  const group = asRoot ? 'nogroup' : (fs.readFileSync('/etc/group', 'utf8').split('\n').find((l) => l.split(':')[2] === String(user.gid))?.split(':')[0] ?? String(user.gid));
  if (asRoot) {
    const nobody = { uid: 65534, gid: 65534 };
    const own = (p: string) => {
      fs.chownSync(p, nobody.uid, nobody.gid);
      if (fs.statSync(p).isDirectory()) for (const e of fs.readdirSync(p)) own(path.join(p, e));
    };
    own(dir);
  }
  const daemon = [
    ICINGA_BIN, 'daemon', '-c', path.join(dir, 'etc', 'icinga2.conf'),
    `-DConfiguration.ConfigDir=${path.join(dir, 'etc')}`, `-DConfiguration.DataDir=${path.join(dir, 'data')}`, `-DConfiguration.LogDir=${path.join(dir, 'log')}`,
    `-DConfiguration.CacheDir=${path.join(dir, 'cache')}`, `-DConfiguration.SpoolDir=${path.join(dir, 'spool')}`, `-DConfiguration.InitRunDir=${path.join(dir, 'run')}`,
  ];
  // ICINGA2_USER/GROUP must name the user it runs as, or it tries to switch users.
  const command = asRoot
    ? [SETPRIV_BIN!, '--reuid=nobody', '--regid=nogroup', '--clear-groups', 'env', 'ICINGA2_USER=nobody', 'ICINGA2_GROUP=nogroup', ...daemon]
    : ['env', `ICINGA2_USER=${user.username}`, `ICINGA2_GROUP=${group}`, ...daemon];
  const logFile = path.join(dir, 'icinga2.out');

  return startEngineProcess({ dir, address: `127.0.0.1:${port}` }, {
    // Stopped properly it exits in about 1.5 s.
    killAfterMs: 20_000,
    async launch() {
      const out = fs.openSync(logFile, 'a');
      // setpriv and env exec into icinga2, so the child's pid is the umbrella's.
      const proc = spawn(command[0]!, command.slice(1), { stdio: ['ignore', out, out], cwd: dir });
      fs.closeSync(out);
      let gone = false;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => {
        gone = true;
        resolve();
      }));
      const ready = () => waitForPort(port, {
        what: 'icinga2 (its Livestatus listener)', exited: () => gone, log: () => logTail(logFile), timeoutMs: 20_000, intervalMs: 50,
      });
      return { pid: proc.pid ?? 0, exited, ready };
    },
  });
}
