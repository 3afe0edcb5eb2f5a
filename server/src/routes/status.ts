import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type AppContext } from '../http/context.js';
import { badRequest, forbidden } from '../http/errors.js';
import { t } from '../http/language.js';
import { CURSOR } from '../monitoring/changeFeed.js';
import { getSetting } from '../db/settings.js';
import type { DaemonState } from '../monitoring/grapher.js';
import { createHostStatsReader } from '../monitoring/hostStats.js';
import { hostsByName } from '../monitoring/problems.js';
import {
  combineWithHost, HOST_FIELDS, listParams, querySlices, SERVICE_FIELDS, type ListResult,
} from '../monitoring/query.js';
import { perSnapshot } from '../monitoring/perSnapshot.js';
import { finish, perSnapshotSliced, SLICE_ROWS, type Slices } from '../monitoring/slices.js';
import { partsOf, type SnapshotParts } from '../monitoring/snapshotParts.js';

type Records = Pick<MonitoringSnapshot, 'hosts' | 'services'>;
import {
  engineCurrentlyRunning, hostKey, type HostStatus, type MonitoringSnapshot, type MonitoringSource,
  type ServiceStatus,
} from '../monitoring/source.js';
import type { MonitoringDataStatus } from '../../../src/lib/apiTypes.js';

/** Settings key of the internal Program URL that the login notices' IP check resolves. */
export const PROGRAM_URL_SETTING = 'program_url';
const DNS_TIMEOUT_MS = 3000;

type Query = Readonly<Record<string, unknown>>;

interface Daemon {
  id: string; name: string; return_code: number; status: string; display_name: string; display_status: string;
  display_running: boolean;
}

/** Spec 2.7: 0 green, 1 red, anything else neutral; a daemon that is not installed is no fault. */
const DAEMON_STATES: Record<DaemonState, { code: number; text: string; display: string }> = {
  running: { code: 0, text: 'is running...', display: 'Running' },
  stopped: { code: 1, text: 'is not running', display: 'Not Running' },
  absent: { code: 2, text: 'is not installed', display: 'Not Installed' },
};

function daemon(id: string, name: string, displayName: string, state: DaemonState, pid?: number): Daemon {
  const { code, text, display } = DAEMON_STATES[state];
  return {
    id, name, display_name: displayName, return_code: code, display_running: state === 'running',
    status: `${name}${pid && state === 'running' ? ` (pid ${pid})` : ''} ${text}`, display_status: display,
  };
}

/**
 * Size of the plugin texts, the bulk of a status file: a scan of every record, so once per snapshot (in slices by the
 * warmer).
 */
const pluginTextBytes = perSnapshotSliced(function* (snap): Slices<number> {
  let bytes = 0;
  for (const r of snap.hosts) bytes += r.output.length + r.long_output.length + r.perfdata.length;
  for (let i = 0; i < snap.services.length; i++) {
    const r = snap.services[i]!;
    bytes += r.output.length + r.long_output.length + r.perfdata.length;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return bytes;
}, (parts) => parts.reduce((a, b) => a + b, 0));

/** What the status feed carried: record count and the size of the plugin texts. */
function feedSize(snap: MonitoringSnapshot): { entries: number; bytes: number } {
  return {
    entries: snap.hosts.length + snap.services.length + snap.comments.length + snap.downtimes.length,
    bytes: pluginTextBytes(snap),
  };
}

/**
 * Totals answers (`totals=1`) per snapshot and query: the shell's problem counts are the same few queries from every
 * display.
 */
const totalsBySnapshot = perSnapshot(() => new Map<string, ListResult<object>>());
const MAX_TOTALS_PER_SNAPSHOT = 256;

function totalsKey(kind: string, query: Query): string {
  const entries = Object.entries(query).filter(([k]) => k !== 'nsp' && k !== '_')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${kind}?${JSON.stringify(entries)}`;
}

/**
 * Runs `list` once per snapshot for a totals query (a bad query still throws its 400 every time); other queries always
 * run.
 */
function* cachedTotals<T extends object>(
  snap: Records, kind: string, query: Query, list: () => Slices<ListResult<T>>,
): Slices<ListResult<T>> {
  if (!listParams(query).totals) return yield* list();
  const memo = totalsBySnapshot(snap);
  const key = totalsKey(kind, query);
  const hit = memo.get(key);
  if (hit) return hit as ListResult<T>;
  const result = yield* list();
  if (memo.size < MAX_TOTALS_PER_SNAPSHOT) memo.set(key, result);
  return result;
}

/**
 * The rows totals count: those of engines that answer. A stale row (its engine not answering) would otherwise count as
 * OK, or as a problem nobody can act on; lists (totals not asked) still show it, marked.
 */
const liveRows = perSnapshotSliced(function* (snap): Slices<Pick<MonitoringSnapshot, 'hosts' | 'services'>> {
  const stale = (r: { stale?: number }) => r.stale !== undefined;
  if (!snap.hosts.some(stale) && !(yield* someSliced(snap.services, stale))) return snap;
  return { hosts: snap.hosts.filter((r) => !stale(r)), services: snap.services.filter((r) => !stale(r)) };
});

function* someSliced<T>(rows: readonly T[], test: (r: T) => boolean): Slices<boolean> {
  for (let i = 0; i < rows.length; i++) {
    if (test(rows[i]!)) return true;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return false;
}

/** A totals answer over several engines: the sum of each engine's, each kept with that engine's rows. */
function* summed<T>(parts: SnapshotParts, each: (part: Records) => Slices<ListResult<T>>): Slices<ListResult<T>> {
  let recordcount = 0;
  for (const part of parts.parts) recordcount += (yield* each(part)).recordcount;
  return { recordcount };
}

function* hostSlices(snap: Records, query: Query): Slices<ListResult<HostStatus>> {
  const parts = listParams(query).totals ? partsOf(snap) : undefined;
  if (parts) return yield* cachedTotals(snap, 'host', query, () => summed(parts, (part) => hostSlices(part, query)));
  const rows = listParams(query).totals ? (yield* liveRows.slices(snap)).hosts : snap.hosts;
  return yield* cachedTotals(snap, 'host', query, () => querySlices(rows, query, { fields: HOST_FIELDS }));
}

function* serviceSlices(snap: Records, query: Query): Slices<ListResult<ServiceStatus>> {
  const parts = listParams(query).totals ? partsOf(snap) : undefined;
  if (parts) {
    return yield* cachedTotals(snap, 'service', query, () => summed(parts, (part) => serviceSlices(part, query)));
  }
  const hosts = listParams(query).combinedHost ? yield* hostsByName.slices(snap) : undefined;
  const rows = listParams(query).totals ? (yield* liveRows.slices(snap)).services : snap.services;
  return yield* cachedTotals(snap, 'service', query,
    () => querySlices(rows, query, { fields: SERVICE_FIELDS, combinedHost: hosts }));
}

/** `api/v2/status/host` without paging concerns: totals queries come from the per-snapshot cache. */
export function listHosts(snap: MonitoringSnapshot, query: Query): ListResult<HostStatus> {
  return finish(hostSlices(snap, query));
}

export function listServices(snap: MonitoringSnapshot, query: Query): ListResult<ServiceStatus> {
  return finish(serviceSlices(snap, query));
}

/**
 * The shell's two problem totals queries as its http client sends them (src/features/loginNotices/sources.ts), for
 * warming.
 */
export const SHELL_PROBLEM_QUERIES = {
  host: {
    limitrecords: 'false', totals: '1', current_state: 'in:1,2', problem_acknowledged: '0',
    scheduled_downtime_depth: '0',
  },
  service: {
    limitrecords: 'false', combinedhost: '1', totals: '1', host_current_state: '0', host_problem_acknowledged: '0',
    host_scheduled_downtime_depth: '0',
    current_state: 'in:1,2,3', problem_acknowledged: '0', scheduled_downtime_depth: '0',
  },
} as const;

/** The shell's two problem totals for a snapshot, for the snapshot warmer (in slices). */
export const shellProblemTotals = Object.assign((snap: MonitoringSnapshot): void => {
  listHosts(snap, SHELL_PROBLEM_QUERIES.host);
  listServices(snap, SHELL_PROBLEM_QUERIES.service);
}, {
  *slices(snap: MonitoringSnapshot): Slices<void> {
    yield* hostSlices(snap, SHELL_PROBLEM_QUERIES.host);
    yield* serviceSlices(snap, SHELL_PROBLEM_QUERIES.service);
  },
});

export { pluginTextBytes };

/**
 * How old the monitoring data is and why newer data was refused (issue 11: a refused status file keeps the last good
 * data).
 */
export function monitoringData(source: MonitoringSource, snap: MonitoringSnapshot, now: number): MonitoringDataStatus {
  const age = (updated: number) => (updated ? Math.max(0, now - updated) : null);
  const engines = source.engines?.().map((e) => ({ ...e, age: age(e.updated) }));
  return {
    source: source.kind, updated: snap.updated, age: age(snap.updated), problem: source.dataProblem?.() ?? null,
    ...(engines ? { engines } : {}),
  };
}

interface IpCheck {
  could_not_resolve: boolean; mismatch_found: boolean; internal_url: string; resolved_ip: string; server_ips: string[];
}

function serverIps(): string[] {
  return Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address));
}

async function lookupAll(hostname: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), DNS_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([dns.promises.lookup(hostname, { all: true }), timeout]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves the stored Program URL and checks that it points at this machine (login notices, spec 4). */
export async function checkProgramUrl(internalUrl: string): Promise<IpCheck> {
  const server_ips = serverIps();
  let hostname = '';
  try {
    hostname = new URL(internalUrl).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return { could_not_resolve: true, mismatch_found: false, internal_url: internalUrl, resolved_ip: '', server_ips };
  }
  let addresses: string[];
  try {
    addresses = net.isIP(hostname) ? [hostname] : await lookupAll(hostname);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) {
    return { could_not_resolve: true, mismatch_found: false, internal_url: internalUrl, resolved_ip: '', server_ips };
  }
  const local = addresses.find((a) => server_ips.includes(a));
  return {
    could_not_resolve: false, mismatch_found: local === undefined, internal_url: internalUrl,
    resolved_ip: local ?? addresses[0]!, server_ips,
  };
}

export async function registerStatus(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = `${ctx.base}api/v2/status/`;
  const hostStats = createHostStatsReader();
  const startedAt = Math.floor(Date.now() / 1000);

  app.get(`${base}system`, async (req) => {
    const caller = await requireCaller(ctx, req);
    if (!caller.perms.isAdmin && !caller.perms.isAuthorizedForMonitoringSystem) {
      throw forbidden(t`You are not authorized to view the system status.`);
    }
    const snap = ctx.monitoring.snapshot();
    const now = Math.floor(Date.now() / 1000);
    // The rule the board and the overview use, so the top bar and the wallboard's strip, which read this, agree.
    const engine = engineCurrentlyRunning(ctx.monitoring);
    const feed = feedSize(snap);
    const ran = (at: number) => ({ last_check: at });
    return {
      dbmaint: ran(startedAt), cleaner: ran(startedAt), nom: ran(startedAt), reportengine: ran(startedAt),
      dbbackend: {
        last_checkin: snap.updated, bytes_processed: feed.bytes, entries_processed: feed.entries,
        connect_time: snap.program.program_start_time, disconnect_time: 0,
      },
      daemons: {
        updated: now,
        daemon: [
          daemon('nagioscore', 'nagios', 'Monitoring Engine', engine ? 'running' : 'stopped', snap.program.process_id),
          daemon('pnp', 'npcd', 'Performance Grapher', ctx.grapher()),
        ],
      },
      nagioscore: { updated: snap.updated, ...snap.stats },
      ...hostStats.read(),
      sysstat: ran(now), cmdsubsys: ran(snap.program.last_command_check || snap.updated),
      feedprocessor: ran(snap.updated),
      perfdataprocessor: ran(snap.updated), eventman: ran(snap.updated), deadpool_reaper: ran(startedAt),
      monitoring: monitoringData(ctx.monitoring, snap, now),
    };
  });

  app.get(`${base}program`, async (req) => {
    await requireCaller(ctx, req);
    return ctx.monitoring.snapshot().program;
  });

  app.get(`${base}host`, async (req: FastifyRequest) => {
    await requireCaller(ctx, req);
    const result = listHosts(ctx.monitoring.snapshot(), req.query as Query);
    return result.records
      ? { recordcount: result.recordcount, hoststatus: result.records }
      : { recordcount: result.recordcount };
  });

  app.get(`${base}service`, async (req: FastifyRequest) => {
    await requireCaller(ctx, req);
    const query = req.query as Query;
    const snap = ctx.monitoring.snapshot();
    const result = listServices(snap, query);
    if (!result.records) return { recordcount: result.recordcount };
    // Only for records: a totals answer (the shell's problem counts, from every display) needs no host lookup.
    const hosts = listParams(query).combinedHost ? hostsByName(snap) : undefined;
    const servicestatus = hosts ? result.records.map((s) => combineWithHost(s, hosts.get(hostKey(s)))) : result.records;
    return { recordcount: result.recordcount, servicestatus };
  });

  // Issue 10: what changed among the alert problems since `since` (docs/api.md); a first call gets the whole list.
  app.get(`${base}changes`, async (req) => {
    await requireCaller(ctx, req);
    const since = (req.query as Record<string, unknown>).since;
    if (since !== undefined && (typeof since !== 'string' || !CURSOR.test(since))) {
      throw badRequest(t`since must be a cursor from an earlier answer (for example "a1b2c3d4.42").`);
    }
    return await ctx.changes.read(since, ctx.monitoring.snapshot());
  });

  app.get(`${base}ip`, async (req) => {
    await requireCaller(ctx, req);
    const fallback = `http://127.0.0.1${ctx.base}`;
    const stored = await getSetting<unknown>(ctx.store, PROGRAM_URL_SETTING, fallback);
    return checkProgramUrl(typeof stored === 'string' && stored !== '' ? stored : fallback);
  });
}
