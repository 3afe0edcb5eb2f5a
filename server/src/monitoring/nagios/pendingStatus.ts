import type { HostStatus, ServiceStatus } from '../source.js';
import type { ObjectDefinition, ObjectModel } from './objectsParser.js';

function pending(def: ObjectDefinition, minutesPerUnit: number) {
  return {
    display_name: def.display_name, state_type: 1 as const, has_been_checked: 0 as const, output: '', long_output: '', perfdata: '',
    last_check: 0, next_check: 0, last_state_change: 0, current_check_attempt: 1, max_check_attempts: def.max_check_attempts,
    problem_acknowledged: 0 as const, acknowledgement_type: 0 as const, scheduled_downtime_depth: 0,
    active_checks_enabled: def.active_checks_enabled, passive_checks_enabled: def.passive_checks_enabled,
    notifications_enabled: def.notifications_enabled, is_flapping: 0 as const, check_command: def.check_command, check_interval: def.check_interval * minutesPerUnit,
  };
}

/**
 * Configured objects as "pending" records, for when objects.cache exists but Nagios has not written status.dat;
 * `minutesPerUnit` as for the status file (check intervals in interval_length units, the snapshot's in minutes).
 */
export function pendingRecords(model: ObjectModel, minutesPerUnit = 1): { hosts: HostStatus[]; services: ServiceStatus[] } {
  const hosts: HostStatus[] = [];
  for (const def of model.hosts.values()) {
    hosts.push({ ...pending(def, minutesPerUnit), host_name: def.host_name, alias: def.alias, address: def.address, current_state: 0, hostgroups: def.hostgroups });
  }
  const services: ServiceStatus[] = [];
  for (const perHost of model.services.values()) {
    for (const def of perHost.values()) {
      services.push({ ...pending(def, minutesPerUnit), host_name: def.host_name, service_description: def.service_description, current_state: 0, servicegroups: def.servicegroups });
    }
  }
  return { hosts, services };
}
