import type { MonitoringSnapshot, ProgramStatus, EngineStats } from './source.js';

const counts = () => ({ val1: 0, val5: 0, val15: 0 });
const perf = () => ({ min_latency: 0, max_latency: 0, avg_latency: 0, min_execution_time: 0, max_execution_time: 0, avg_execution_time: 0 });

export function emptyProgramStatus(): ProgramStatus {
  return {
    active_host_checks_enabled: 1, active_service_checks_enabled: 1, passive_host_checks_enabled: 1, passive_service_checks_enabled: 1,
    notifications_enabled: 1, daemon_mode: 1, event_handlers_enabled: 1, flap_detection_enabled: 1,
    global_host_event_handler: '', global_service_event_handler: '', modified_host_attributes: 0, modified_service_attributes: 0,
    instance_id: 1, instance_name: 'localhost', is_currently_running: 0, process_id: 0, process_performance_data: 0,
    last_command_check: 0, last_log_rotation: 0, obsess_over_hosts: 0, obsess_over_services: 0,
    program_end_time: 0, program_run_time: 0, program_start_time: 0, status_update_time: 0,
  };
}

export function emptyStats(): EngineStats {
  return {
    activehostchecks: counts(), passivehostchecks: counts(), activeservicechecks: counts(), passiveservicechecks: counts(),
    activehostcheckperf: perf(), activeservicecheckperf: perf(),
  };
}

/** What a source reports before its first read succeeds. */
export function emptySnapshot(): MonitoringSnapshot {
  return { updated: 0, hosts: [], services: [], hostgroups: [], servicegroups: [], comments: [], downtimes: [], program: emptyProgramStatus(), stats: emptyStats() };
}
