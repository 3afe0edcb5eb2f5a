/**
 * The real programs the tests run beside Pharos (Nagios Core, Icinga 2, nginx): a free port, waiting until one
 * listens, and the start and stop of an engine process.
 */
import fs from 'node:fs';
import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface PortWait {
  /** The program, for the messages: `icinga2 … its Livestatus port`. */
  what: string;
  /** True once the program has exited: then it will never listen, so the wait fails at once. */
  exited(): boolean;
  /** The program's own output, for the messages. */
  log(): string;
  timeoutMs: number;
  intervalMs: number;
}

/** Resolves once 127.0.0.1:`port` accepts connections. */
export async function waitForPort(port: number, o: PortWait): Promise<void> {
  const deadline = Date.now() + o.timeoutMs;
  while (!(await accepts(port))) {
    if (o.exited()) throw new Error(`${o.what} exited before listening on port ${port}:\n${o.log()}`);
    if (Date.now() > deadline) throw new Error(`${o.what} did not listen on port ${port} within ${o.timeoutMs} ms:\n${o.log()}`);
    await new Promise((resolve) => setTimeout(resolve, o.intervalMs));
  }
}

/** The last lines of a log file, or a note that there is none. */
export const logTail = (file: string, lines = 15): string =>
  (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '(no log)');

/** Sends `sig` to one process: pid 0 or below would signal a whole process group, and one already gone is fine. */
export function signalPid(pid: number, sig: NodeJS.Signals): void {
  if (pid <= 0) return;
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** A monitoring engine the tests run in a temp dir of its own. */
export interface EngineProcess {
  dir: string;
  /** Pid of the engine process (0 when stopped). */
  readonly pid: number;
  /** Starts it again after a stop; nothing when it runs. */
  start(): Promise<void>;
  /** SIGTERM to the engine's pid only; resolves once it has exited. */
  stop(): Promise<void>;
  /** Stops the engine and removes its dir. */
  dispose(): Promise<void>;
}

/** What one start launched. */
export interface Launched {
  /** The engine's own pid, which `stop` signals. */
  pid: number;
  /** Resolves when the launched process has exited. */
  exited: Promise<void>;
  /** Resolves once the engine serves (rejects when it cannot); the engine counts as running meanwhile. */
  ready?(): Promise<void>;
  /** After the engine has exited on `stop`: release what the launch holds. */
  release?(): void;
}

/**
 * `fields` with the engine's start, stop and dispose; `launch` starts the engine process. An engine still running
 * when the test process exits is sent SIGTERM. SIGKILL, `killAfterMs` after the SIGTERM of a stop, only guards the
 * test run against a wedged engine.
 */
export async function startEngineProcess<T extends { dir: string }>(
  fields: T, o: { killAfterMs: number; launch(): Promise<Launched> },
): Promise<T & EngineProcess> {
  let pid = 0;
  let launched: Launched | undefined;
  const killOnExit = () => signalPid(pid, 'SIGTERM');
  const engine = {
    ...fields,
    get pid() {
      return pid;
    },
    async start() {
      if (pid) return;
      launched = await o.launch();
      pid = launched.pid;
      process.on('exit', killOnExit);
      await launched.ready?.();
    },
    async stop() {
      if (!pid || !launched) return;
      const stopping = pid;
      signalPid(stopping, 'SIGTERM');
      const guard = setTimeout(() => signalPid(stopping, 'SIGKILL'), o.killAfterMs);
      await launched.exited;
      clearTimeout(guard);
      launched.release?.();
      pid = 0;
      process.off('exit', killOnExit);
    },
    async dispose() {
      await engine.stop();
      fs.rmSync(fields.dir, { recursive: true, force: true });
    },
  };
  await engine.start();
  return engine;
}
