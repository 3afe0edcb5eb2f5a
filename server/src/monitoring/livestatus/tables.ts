/**
 * What the source asks for (the columns of each table) and how rows become the snapshot's records. Only columns that
 * MK Livestatus, Naemon and Icinga 2 all have; the `log` table is never used (unreliable in Icinga 2).
 */
import type { Comment, Downtime, Group, HostStateCode, HostStatus, ServiceStateCode, ServiceStatus } from '../source.js';
import { LivestatusError } from './errors.js';
import type { LivestatusRows } from './client.js';
import { bit, columnIndex, int, longText, names, num, stateCode, text, time } from './values.js';
import { sharedList, sharedText } from '../shared.js';

const CHECKED = [
  'display_name', 'state', 'state_type', 'has_been_checked', 'plugin_output', 'long_plugin_output', 'perf_data', 'last_check', 'next_check',
  'last_state_change', 'current_attempt', 'max_check_attempts', 'acknowledged', 'acknowledgement_type', 'scheduled_downtime_depth',
  'active_checks_enabled', 'accept_passive_checks', 'notifications_enabled', 'is_flapping', 'check_command', 'check_interval', 'groups',
  'check_type', 'latency', 'execution_time', 'last_hard_state_change',
] as const;

export const STATUS_COLUMNS = [
  'program_start', 'nagios_pid', 'program_version', 'enable_notifications', 'execute_service_checks', 'execute_host_checks',
  'accept_passive_service_checks', 'accept_passive_host_checks', 'enable_event_handlers', 'enable_flap_detection', 'process_performance_data',
  'obsess_over_services', 'obsess_over_hosts', 'last_command_check', 'last_log_rotation',
] as const;
export const HOST_COLUMNS = ['name', 'alias', 'address', ...CHECKED] as const;
export const SERVICE_COLUMNS = ['host_name', 'description', ...CHECKED] as const;
export const GROUP_COLUMNS = ['name', 'alias', 'members'] as const;
export const COMMENT_COLUMNS = ['id', 'host_name', 'service_description', 'is_service', 'author', 'comment', 'entry_time', 'entry_type', 'persistent'] as const;
export const DOWNTIME_COLUMNS = ['id', 'host_name', 'service_description', 'is_service', 'author', 'comment', 'start_time', 'end_time', 'fixed', 'duration'] as const;

export const STATUS = columnIndex(STATUS_COLUMNS);

/**
 * Since when an object is in its state. Icinga 2 reports no last state change (0) for a host that was DOWN from its
 * first check, while it does record the hard state change: without it a down host's duration would read "N/A".
 */
const stateSince = (change: unknown, hardChange: unknown): number => time(change) || time(hardChange);
const H = columnIndex(HOST_COLUMNS);
const S = columnIndex(SERVICE_COLUMNS);
const G = columnIndex(GROUP_COLUMNS);
const C = columnIndex(COMMENT_COLUMNS);
const D = columnIndex(DOWNTIME_COLUMNS);

/** Fails on rows shorter than the columns asked for: the peer did not answer the query that was sent. */
export function checkWidth(rows: LivestatusRows, columns: readonly string[], table: string): void {
  for (const row of rows) {
    if (row.length < columns.length) throw new LivestatusError('bad_json', `a row of GET ${table} has ${row.length} fields, but ${columns.length} columns were asked for`);
  }
}

/** Per checked object, what the engine statistics need besides the record. */
export interface CheckFacts { active: boolean; lastCheck: number; latency: number; executionTime: number; checked: boolean }

type CheckedIndex = Record<(typeof CHECKED)[number], number>;

const active = (row: unknown[], I: CheckedIndex): boolean => num(row[I.check_type]) === 0;
const checkedOnce = (row: unknown[], I: CheckedIndex): boolean => bit(row[I.has_been_checked]) === 1;

/**
 * Objects not checked yet are PENDING: `has_been_checked` 0 with state 0, as the Nagios source reports them. Icinga 2
 * reports a non-zero state for them, which would otherwise count as a problem.
 */
const pendingAware = <T extends number>(checked: 0 | 1, state: T): T => (checked ? state : (0 as T));

// Host and service records are written out as whole literals (no spread of shared fields): at 100,000 services a
// spread doubles the time of a poll. `engine` is in the literal even when undefined (one engine): a field added later
// would give every record a separate out-of-object property store, one more heap object each for the GC to mark.
// Texts that repeat across records (a host's name in its services, check commands, plugin lines) are shared (shared.ts).
// A record comes with its check facts in one object: a poll keeps one per host and service until the next, and a
// separate facts object each was 110,000 more heap objects to mark.

/** `engine`: the name to tag the record with (several engines side by side); undefined with one engine. */
export function hostOf(row: unknown[], engine?: string): { host: HostStatus } & CheckFacts | null {
  const name = text(row[H.name]);
  if (!name) return null;
  const checked = bit(row[H.has_been_checked]);
  const host: HostStatus = {
    host_name: name, display_name: text(row[H.display_name]) || name, alias: text(row[H.alias]) || name, address: text(row[H.address]),
    current_state: pendingAware(checked, stateCode<HostStateCode>(row[H.state], 2)), state_type: bit(row[H.state_type]), has_been_checked: checked,
    output: sharedText(text(row[H.plugin_output])), long_output: longText(row[H.long_plugin_output]), perfdata: sharedText(text(row[H.perf_data])),
    last_check: time(row[H.last_check]), next_check: time(row[H.next_check]), last_state_change: stateSince(row[H.last_state_change], row[H.last_hard_state_change]),
    current_check_attempt: int(row[H.current_attempt]), max_check_attempts: int(row[H.max_check_attempts]),
    problem_acknowledged: bit(row[H.acknowledged]), acknowledgement_type: stateCode(row[H.acknowledgement_type], 2), scheduled_downtime_depth: int(row[H.scheduled_downtime_depth]),
    active_checks_enabled: bit(row[H.active_checks_enabled]), passive_checks_enabled: bit(row[H.accept_passive_checks]), notifications_enabled: bit(row[H.notifications_enabled]),
    is_flapping: bit(row[H.is_flapping]), check_command: sharedText(text(row[H.check_command])), check_interval: num(row[H.check_interval]), hostgroups: sharedList(names(row[H.groups])),
    engine,
  };
  return {
    host, active: active(row, H), lastCheck: host.last_check, latency: num(row[H.latency]),
    executionTime: num(row[H.execution_time]), checked: checkedOnce(row, H),
  };
}

export function serviceOf(row: unknown[], engine?: string): { service: ServiceStatus } & CheckFacts | null {
  const host = sharedText(text(row[S.host_name]));
  const description = sharedText(text(row[S.description]));
  if (!host || !description) return null;
  const checked = bit(row[S.has_been_checked]);
  const service: ServiceStatus = {
    host_name: host, service_description: description, display_name: sharedText(text(row[S.display_name])) || description,
    current_state: pendingAware(checked, stateCode<ServiceStateCode>(row[S.state], 3)), state_type: bit(row[S.state_type]), has_been_checked: checked,
    output: sharedText(text(row[S.plugin_output])), long_output: longText(row[S.long_plugin_output]), perfdata: sharedText(text(row[S.perf_data])),
    last_check: time(row[S.last_check]), next_check: time(row[S.next_check]), last_state_change: stateSince(row[S.last_state_change], row[S.last_hard_state_change]),
    current_check_attempt: int(row[S.current_attempt]), max_check_attempts: int(row[S.max_check_attempts]),
    problem_acknowledged: bit(row[S.acknowledged]), acknowledgement_type: stateCode(row[S.acknowledgement_type], 2), scheduled_downtime_depth: int(row[S.scheduled_downtime_depth]),
    active_checks_enabled: bit(row[S.active_checks_enabled]), passive_checks_enabled: bit(row[S.accept_passive_checks]), notifications_enabled: bit(row[S.notifications_enabled]),
    is_flapping: bit(row[S.is_flapping]), check_command: sharedText(text(row[S.check_command])), check_interval: num(row[S.check_interval]), servicegroups: sharedList(names(row[S.groups])),
    engine,
  };
  return {
    service, active: active(row, S), lastCheck: service.last_check, latency: num(row[S.latency]),
    executionTime: num(row[S.execution_time]), checked: checkedOnce(row, S),
  };
}

/**
 * Whether two records read by hostOf or serviceOf hold the same values (lists element by element), so the older
 * object can stand for the newer: most objects do not change between two polls, and keeping their objects spares
 * the garbage collector 100,000 new records every few seconds.
 */
export function sameRecord(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k in x) {
    const u = x[k];
    const v = y[k];
    if (u === v) continue;
    if (!Array.isArray(u) || !Array.isArray(v) || u.length !== v.length) return false;
    for (let i = 0; i < u.length; i++) if (u[i] !== v[i]) return false;
  }
  return true;
}

export function hostgroupOf(row: unknown[]): Group | null {
  const name = text(row[G.name]);
  return name ? { name, alias: text(row[G.alias]) || name, members: names(row[G.members]) } : null;
}

/** Service group members come as `[host, service]` pairs; the snapshot spells them `host;service`. */
export function servicegroupOf(row: unknown[]): Group | null {
  const name = text(row[G.name]);
  if (!name) return null;
  const raw = row[G.members];
  const members = Array.isArray(raw) ? raw.flatMap((m) => (Array.isArray(m) && typeof m[0] === 'string' && typeof m[1] === 'string' ? [`${m[0]};${m[1]}`] : [])) : [];
  return { name, alias: text(row[G.alias]) || name, members };
}

/** Host comments and downtimes carry `service_description` null (Icinga 2) or "" (others): both become null. */
const serviceOfEntry = (row: unknown[], I: { service_description: number; is_service: number }): string | null => (num(row[I.is_service]) ? text(row[I.service_description]) || null : null);

export function commentOf(row: unknown[]): Comment | null {
  const host = text(row[C.host_name]);
  if (!host) return null;
  return {
    id: int(row[C.id]), host_name: host, service_description: serviceOfEntry(row, C), author: text(row[C.author]), text: text(row[C.comment]),
    entry_time: time(row[C.entry_time]), persistent: bit(row[C.persistent]), entry_type: int(row[C.entry_type]),
  };
}

export function downtimeOf(row: unknown[]): Downtime | null {
  const host = text(row[D.host_name]);
  if (!host) return null;
  return {
    id: int(row[D.id]), host_name: host, service_description: serviceOfEntry(row, D), author: text(row[D.author]), comment: text(row[D.comment]),
    start_time: time(row[D.start_time]), end_time: time(row[D.end_time]), fixed: bit(row[D.fixed]), duration: int(row[D.duration]),
  };
}
