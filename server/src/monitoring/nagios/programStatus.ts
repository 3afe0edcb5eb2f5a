import type { CheckCounts, EngineStats, ProgramStatus } from '../source.js';
import type { ParsedStatus } from './statusParser.js';

/** What the source knows about the engine process beyond status.dat. */
export interface EngineLiveness {
  running: boolean;
  /** UNIX seconds the engine was first seen stopped (0 while running). */
  endTime: number;
  /** Pid in nagios.cfg's lock_file (0 when absent); Nagios writes it only when started as a daemon. */
  lockFilePid: number;
}

function num(raw: Record<string, string>, key: string): number {
  const n = Number(raw[key]);
  return Number.isFinite(n) ? n : 0;
}

const bit = (raw: Record<string, string>, key: string, fallback: 0 | 1 = 0): 0 | 1 => (raw[key] === undefined ? fallback : num(raw, key) ? 1 : 0);

export function programStatusOf(parsed: ParsedStatus | null, live: EngineLiveness, now: number): ProgramStatus {
  const raw = parsed?.programstatus ?? {};
  const pid = num(raw, 'nagios_pid') || live.lockFilePid;
  const start = num(raw, 'program_start');
  const end = live.running ? 0 : live.endTime || parsed?.created || 0;
  const daemon = raw.daemon_mode !== undefined ? bit(raw, 'daemon_mode') : live.lockFilePid > 0 && live.lockFilePid === pid ? 1 : 0;
  return {
    active_host_checks_enabled: bit(raw, 'active_host_checks_enabled', 1),
    active_service_checks_enabled: bit(raw, 'active_service_checks_enabled', 1),
    passive_host_checks_enabled: bit(raw, 'passive_host_checks_enabled', 1),
    passive_service_checks_enabled: bit(raw, 'passive_service_checks_enabled', 1),
    notifications_enabled: bit(raw, 'enable_notifications', 1),
    daemon_mode: daemon,
    event_handlers_enabled: bit(raw, 'enable_event_handlers', 1),
    flap_detection_enabled: bit(raw, 'enable_flap_detection', 1),
    global_host_event_handler: raw.global_host_event_handler ?? '',
    global_service_event_handler: raw.global_service_event_handler ?? '',
    modified_host_attributes: num(raw, 'modified_host_attributes'),
    modified_service_attributes: num(raw, 'modified_service_attributes'),
    // Nagios Core has a single instance; NDO-based products report it as instance 1, "localhost".
    instance_id: 1,
    instance_name: 'localhost',
    is_currently_running: live.running ? 1 : 0,
    process_id: pid,
    process_performance_data: bit(raw, 'process_performance_data'),
    // Nagios 4 reads commands as they arrive and no longer writes last_command_check; older status files do.
    last_command_check: num(raw, 'last_command_check'),
    last_log_rotation: num(raw, 'last_log_rotation'),
    obsess_over_hosts: bit(raw, 'obsess_over_hosts'),
    obsess_over_services: bit(raw, 'obsess_over_services'),
    program_end_time: end,
    program_run_time: start > 0 ? Math.max(0, (live.running ? now : end || now) - start) : 0,
    program_start_time: start,
    status_update_time: parsed?.created ?? 0,
  };
}

function counts(raw: Record<string, string>, ...keys: string[]): CheckCounts {
  const total = { val1: 0, val5: 0, val15: 0 };
  for (const key of keys) {
    const [v1, v5, v15] = (raw[key] ?? '').split(',').map(Number);
    total.val1 += Number.isFinite(v1) ? (v1 as number) : 0;
    total.val5 += Number.isFinite(v5) ? (v5 as number) : 0;
    total.val15 += Number.isFinite(v15) ? (v15 as number) : 0;
  }
  return total;
}

/** Check counts from programstatus (active = scheduled + on-demand) and latency/execution over active checks. */
export function engineStatsOf(parsed: ParsedStatus): EngineStats {
  const raw = parsed.programstatus;
  return {
    activehostchecks: counts(raw, 'active_scheduled_host_check_stats', 'active_ondemand_host_check_stats'),
    passivehostchecks: counts(raw, 'passive_host_check_stats'),
    activeservicechecks: counts(raw, 'active_scheduled_service_check_stats', 'active_ondemand_service_check_stats'),
    passiveservicechecks: counts(raw, 'passive_service_check_stats'),
    activehostcheckperf: parsed.hostPerf.result(),
    activeservicecheckperf: parsed.servicePerf.result(),
  };
}
