import path from 'node:path';
import { parseLivestatusAddress } from './monitoring/livestatus/address.js';
import { EnginesFileError, readEnginesFile, type EngineSpec } from './monitoring/engines/enginesFile.js';

export interface Config {
  host: string;
  port: number;
  /** Path prefix with leading and trailing slash, e.g. `/nagiosxi/`. */
  base: string;
  dataDir: string;
  /** PostgreSQL instead of the SQLite file in dataDir (PHAROS_DATABASE_URL, docs/scaling.md). */
  databaseUrl?: string | undefined;
  /** Built front end (vite's outDir). */
  distDir: string;
  sessionIdleSeconds: number;
  adminPassword: string | undefined;
  /** Path of a Nagios Core nagios.cfg; when absent the demo fleet is used. */
  nagiosCfg: string | undefined;
  /** A Livestatus peer, `host:port` or a unix socket path (PHAROS_LIVESTATUS); exclusive with nagiosCfg. */
  livestatus: string | undefined;
  /** Several engines at once, from the PHAROS_ENGINES file; exclusive with nagiosCfg and livestatus. */
  engines?: EngineSpec[] | undefined;
  demoHosts: number;
  demoServicesPerHost: number;
  /** Seconds between demo fleet state changes. */
  demoTickSeconds: number;
  /** Exit when stdin closes: lets test harnesses start servers that never outlive them. */
  exitWithParent: boolean;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** The only target the feedback proxy (ajaxproxy.php) forwards to. */
  feedbackUrl: string;
  /** Seconds between feedback outbox delivery runs (also how often due scheduled pages are recorded). */
  outboxSeconds: number;
  /** Audit log retention: entries older than this many days, and beyond this many rows, are removed. */
  auditDays: number;
  auditMaxRows: number;
  /** State history retention (issue 37): entries older than this many days are removed. */
  historyDays: number;
  /** Whether this process records the state history (PHAROS_HISTORY_RECORD=0: it only serves it). */
  historyRecord: boolean;
  /** Mark the session and XSRF cookies `Secure` (the server is reached over https). */
  cookieSecure: boolean;
  /**
   * Which proxies to believe about the client (X-Forwarded-For) and the scheme (X-Forwarded-Proto):
   * false, true (any: only when nothing but the proxy can reach the server), or a list of addresses/CIDRs.
   */
  trustProxy: boolean | string;
  /** How long an account or address stays locked after too many failed logins; doubles with each further lock. */
  loginLockMs: number;
  /** Serves {base}metrics to `Authorization: Bearer <this>` (PHAROS_METRICS_TOKEN); unset: no metrics at all (issue 36). */
  metricsToken?: string | undefined;
}

export function normaliseBase(raw: string | undefined): string {
  const trimmed = (raw ?? '/nagiosxi/').replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

function int(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`Invalid number '${value}': expected an integer from ${min} to ${max}.`);
  return n;
}

/** '1' trusts any proxy, '' or '0' none, anything else is a comma-separated list of proxy addresses or CIDRs. */
function trustProxy(value: string | undefined): boolean | string {
  const v = (value ?? '').trim();
  if (v === '' || v === '0') return false;
  if (v === '1') return true;
  if (!/^[0-9A-Fa-f.:/,\s]+$/.test(v)) throw new Error(`Invalid PHAROS_TRUST_PROXY '${v}': expected 1, 0 or a comma-separated list of addresses/CIDRs.`);
  return v;
}

/** One engine at a time for now: both settings at once would silently ignore one of them. */
function livestatus(value: string | undefined, nagiosCfg: string | undefined): string | undefined {
  const v = (value ?? '').trim();
  if (v === '') return undefined;
  if (nagiosCfg) throw new Error('Set either PHAROS_NAGIOS_CFG or PHAROS_LIVESTATUS, not both: Pharos watches one engine.');
  try {
    parseLivestatusAddress(v);
  } catch (err) {
    throw new Error(`Invalid PHAROS_LIVESTATUS: ${(err as Error).message}`);
  }
  return v;
}

/** PHAROS_ENGINES names a file of engines (docs/engines.md); a bad file throws EnginesFileError (its own exit code). */
function engines(file: string | undefined, single: string | undefined): EngineSpec[] | undefined {
  const f = (file ?? '').trim();
  if (f === '') return undefined;
  if (single) throw new EnginesFileError('Pharos cannot start: set PHAROS_ENGINES or PHAROS_NAGIOS_CFG/PHAROS_LIVESTATUS, not both; list every engine in the PHAROS_ENGINES file.');
  return readEnginesFile(path.resolve(f));
}

const root = path.resolve(import.meta.dirname, '..', '..');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): Config {
  const flag = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    if (i >= 0) return argv[i + 1];
    const eq = argv.find((a) => a.startsWith(`--${name}=`));
    return eq?.slice(name.length + 3);
  };
  return {
    host: flag('host') ?? env.HOST ?? '127.0.0.1',
    port: int(flag('port') ?? env.PORT, 8080, 0, 65535),
    base: normaliseBase(flag('base') ?? env.PHAROS_BASE),
    dataDir: path.resolve(flag('data-dir') ?? env.PHAROS_DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.PHAROS_DATABASE_URL || undefined,
    distDir: path.resolve(env.PHAROS_DIST_DIR ?? path.join(root, 'dist')),
    sessionIdleSeconds: int(env.PHAROS_SESSION_IDLE_SECONDS, 3600, 1, 30 * 24 * 3600),
    adminPassword: env.PHAROS_ADMIN_PASSWORD || undefined,
    nagiosCfg: flag('nagios-cfg') ?? (env.PHAROS_NAGIOS_CFG || undefined),
    livestatus: livestatus(flag('livestatus') ?? env.PHAROS_LIVESTATUS, flag('nagios-cfg') ?? (env.PHAROS_NAGIOS_CFG || undefined)),
    engines: engines(flag('engines') ?? env.PHAROS_ENGINES, (flag('nagios-cfg') ?? env.PHAROS_NAGIOS_CFG) || (flag('livestatus') ?? env.PHAROS_LIVESTATUS) || undefined),
    demoHosts: int(env.PHAROS_DEMO_HOSTS, 60, 1, 10000),
    demoServicesPerHost: int(env.PHAROS_DEMO_SERVICES_PER_HOST, 8, 1, 10),
    demoTickSeconds: int(env.PHAROS_DEMO_TICK_SECONDS, 15, 1, 3600),
    exitWithParent: env.PHAROS_EXIT_WITH_PARENT === '1',
    bodyLimit: int(env.PHAROS_BODY_LIMIT, 1024 * 1024, 1024, 64 * 1024 * 1024),
    feedbackUrl: env.PHAROS_FEEDBACK_URL || 'https://www.nagios.com/feedback-proxy/',
    outboxSeconds: int(env.PHAROS_OUTBOX_SECONDS, 60, 1, 24 * 3600),
    auditDays: int(env.PHAROS_AUDIT_DAYS, 90, 1, 3650),
    auditMaxRows: int(env.PHAROS_AUDIT_MAX_ROWS, 100_000, 100, 10_000_000),
    historyDays: int(env.PHAROS_HISTORY_DAYS, 400, 1, 36500),
    historyRecord: env.PHAROS_HISTORY_RECORD !== '0',
    cookieSecure: env.PHAROS_COOKIE_SECURE === '1',
    trustProxy: trustProxy(env.PHAROS_TRUST_PROXY),
    loginLockMs: int(env.PHAROS_LOGIN_LOCK_MS, 15 * 60 * 1000, 1000, 24 * 3600 * 1000),
    metricsToken: env.PHAROS_METRICS_TOKEN || undefined,
  };
}
