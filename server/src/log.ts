/**
 * Issue 36: the process's log, Fastify's own logger (pino). Where stdout is not a terminal (systemd, containers, CI)
 * every line is one JSON object with `level`, `time` and `msg`, as pino writes them, for log shippers; on a terminal
 * the same lines are printed for people ("12:00:01 WARN Database: …"). Below every layer: any module may log.
 *
 * What is logged never holds a password, a token or a session id: requests are logged by their route's address with
 * secret parameters masked (safeUrl), and no request headers or bodies are logged at all.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** A line for people: the time, the level and the message, then any other fields as JSON. */
export function humanLine(json: string): string {
  try {
    const { level, time, msg, pid: _pid, hostname: _host, ...rest } = JSON.parse(json) as Record<string, unknown>;
    const at = new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);
    const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
    return `${at} ${NAMES[level as number] ?? String(level)} ${String(msg ?? '')}${extra}\n`;
  } catch {
    return json;
  }
}

/**
 * Where a logger writes: `fd` as JSON lines, or as people's lines on a terminal. Asynchronously on stdout, so a slow
 * reader of the log (a full pipe) never holds the event loop; flushLog() before the process exits.
 */
function destination(fd: 1 | 2): DestinationStream {
  const out = pino.destination({ dest: fd, sync: fd === 2 });
  const tty = fd === 1 ? process.stdout.isTTY : process.stderr.isTTY;
  return tty ? { write: (line: string) => { out.write(humanLine(line)); } } : out;
}

/** A logger at PHAROS_LOG_LEVEL (info by default); `stream` for tests that read what it writes. */
export function createLogger(options: { fd?: 1 | 2; level?: string; stream?: DestinationStream } = {}): Logger {
  const wanted = options.level ?? process.env.PHAROS_LOG_LEVEL ?? 'info';
  const level = LEVELS.includes(wanted) ? wanted : 'info';
  return pino({ level, base: undefined }, options.stream ?? destination(options.fd ?? 1));
}

let processLog: Logger | undefined;

/** The process's logger (made on first use, so a module that is only imported writes nothing). */
export function log(): Logger {
  processLog ??= createLogger();
  return processLog;
}

/** Writes out what is still buffered: before the process exits. */
export function flushLog(): Promise<void> {
  return new Promise((resolve) => {
    if (!processLog) return resolve();
    processLog.flush(() => resolve());
  });
}

/** Tests and main.ts: the logger every module's log() returns from now on. */
export function setLog(logger: Logger): void {
  processLog = logger;
}

/** Query parameters whose values are secrets: the session token, passwords, pairing codes and device tokens. */
const SECRET = /^(nsp|token|password|pass|passwd|pwd|secret|sid|session|code|key|api_?key|device|xsrf.*)$/i;

/** The request's address for the log: path and query, with secret parameters' values masked. */
export function safeUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let masked = false;
  for (const name of new Set(params.keys())) {
    if (!SECRET.test(name)) continue;
    params.set(name, '***');
    masked = true;
  }
  return masked ? `${url.slice(0, at)}?${params.toString().replaceAll('%2A%2A%2A', '***')}` : url;
}
