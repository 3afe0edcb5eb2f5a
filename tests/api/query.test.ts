import { describe, expect, it } from 'vitest';
import { QueryError } from '../../server/src/monitoring/errors.js';
import { combineWithHost, filterRecords, HOST_FIELDS, listParams, queryRecords, SERVICE_FIELDS, sortRecords } from '../../server/src/monitoring/query.js';
import type { HostStatus, ServiceStatus } from '../../server/src/monitoring/source.js';

const checked = {
  display_name: '', state_type: 1 as const, has_been_checked: 1 as const, output: '', long_output: '', perfdata: '', last_check: 0, next_check: 0,
  last_state_change: 0, current_check_attempt: 1, max_check_attempts: 3, problem_acknowledged: 0 as 0 | 1, acknowledgement_type: 0 as const,
  scheduled_downtime_depth: 0, active_checks_enabled: 1 as const, passive_checks_enabled: 1 as const, notifications_enabled: 1 as const,
  is_flapping: 0 as const, check_command: 'check_ping', check_interval: 5,
};
const host = (name: string, state: HostStatus['current_state'], extra: Partial<HostStatus> = {}): HostStatus =>
  ({ ...checked, host_name: name, alias: name.toUpperCase(), address: '10.0.0.1', current_state: state, hostgroups: [], ...extra });
const service = (hostName: string, name: string, state: ServiceStatus['current_state'], extra: Partial<ServiceStatus> = {}): ServiceStatus =>
  ({ ...checked, host_name: hostName, service_description: name, current_state: state, servicegroups: [], ...extra });

const hosts = [
  host('web01', 0, { hostgroups: ['web-servers', 'linux-servers'] }),
  host('web02', 1, { hostgroups: ['web-servers'] }),
  host('db01', 2, { problem_acknowledged: 1 }),
  host('db02', 1, { scheduled_downtime_depth: 1 }),
];
const services = [
  service('web01', 'HTTP', 2),
  service('web01', 'PING', 0),
  service('web02', 'HTTP', 2),
  service('db01', 'MySQL', 1),
  service('web01', 'Disk Usage', 1, { problem_acknowledged: 1 }),
  service('web01', 'Swap', 3, { servicegroups: ['system-resources'] }),
];
const byName = new Map(hosts.map((h) => [h.host_name, h]));
const names = (rs: HostStatus[]) => rs.map((h) => h.host_name);
const svcNames = (rs: ServiceStatus[]) => rs.map((s) => `${s.host_name}/${s.service_description}`);

function rejection(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (e) {
    // app.ts answers a QueryError as a 400.
    if (e instanceof QueryError) return { status: 400, message: e.message };
    throw e;
  }
  throw new Error('expected a rejection');
}

describe('filterRecords', () => {
  it('matches field=value exactly, comparing numbers as numbers', () => {
    expect(names(filterRecords(hosts, { host_name: 'web0' }))).toEqual([]);
    expect(names(filterRecords(hosts, { host_name: 'web01' }))).toEqual(['web01']);
    expect(names(filterRecords(hosts, { current_state: '1' }))).toEqual(['web02', 'db02']);
    expect(names(filterRecords(hosts, { current_state: '01' }))).toEqual(['web02', 'db02']);
    expect(names(filterRecords(hosts, { current_state: 'one' }))).toEqual([]);
    expect(names(filterRecords(hosts, { current_state: '' }))).toEqual([]);
  });

  it('matches any of the values of in:, and list fields by member', () => {
    expect(names(filterRecords(hosts, { current_state: 'in:1,2' }))).toEqual(['web02', 'db01', 'db02']);
    expect(names(filterRecords(hosts, { host_name: 'in:db01,web01,nohost' }))).toEqual(['web01', 'db01']);
    expect(names(filterRecords(hosts, { hostgroups: 'linux-servers' }))).toEqual(['web01']);
    expect(names(filterRecords(hosts, { hostgroups: 'in:web-servers' }))).toEqual(['web01', 'web02']);
  });

  it('needs every condition to hold, including a field given twice', () => {
    expect(names(filterRecords(hosts, { current_state: 'in:1,2', problem_acknowledged: '0', scheduled_downtime_depth: '0' }))).toEqual(['web02']);
    expect(names(filterRecords(hosts, { current_state: ['in:0,1', 'ne:0'] }))).toEqual(['web02', 'db02']);
  });

  it('understands ne:, nin:, lk: and numeric comparisons', () => {
    expect(names(filterRecords(hosts, { current_state: 'ne:0' }))).toEqual(['web02', 'db01', 'db02']);
    expect(names(filterRecords(hosts, { current_state: 'nin:0,1' }))).toEqual(['db01']);
    expect(names(filterRecords(hosts, { alias: 'lk:eb' }))).toEqual(['web01', 'web02']);
    expect(names(filterRecords(hosts, { current_state: 'gte:1' }))).toEqual(['web02', 'db01', 'db02']);
    expect(names(filterRecords(hosts, { current_state: 'lt:1' }))).toEqual(['web01']);
    expect(rejection(() => filterRecords(hosts, { current_state: 'gt:x' })).status).toBe(400);
  });

  it('ignores the reserved parameters', () => {
    const q = { totals: '1', limitrecords: 'false', records: '2', start: '1', combinedhost: '1', orderby: 'host_name:a', nsp: 'x', current_state: '0' };
    expect(names(filterRecords(hosts, q))).toEqual(['web01']);
  });

  it('refuses an unknown field with 400', () => {
    expect(rejection(() => filterRecords(hosts, { colour: 'red' }))).toEqual({ status: 400, message: "Unknown filter field 'colour'." });
    // Known fields are known even when there is nothing to filter.
    expect(filterRecords([], { current_state: '1' }, { fields: HOST_FIELDS })).toEqual([]);
    expect(rejection(() => filterRecords([], { colour: 'red' }, { fields: HOST_FIELDS })).status).toBe(400);
  });

  it('reads host_ fields from the service host with combinedhost', () => {
    const opts = { fields: SERVICE_FIELDS, combinedHost: byName };
    expect(svcNames(filterRecords(services, { host_current_state: '0', current_state: 'in:1,2,3' }, opts))).toEqual(['web01/HTTP', 'web01/Disk Usage', 'web01/Swap']);
    expect(svcNames(filterRecords(services, { host_problem_acknowledged: '1' }, opts))).toEqual(['db01/MySQL']);
    expect(svcNames(filterRecords(services, { host_hostgroups: 'web-servers', service_description: 'HTTP' }, opts))).toEqual(['web01/HTTP', 'web02/HTTP']);
    // Without combinedhost, host_ fields other than the service's own host_name are unknown.
    expect(rejection(() => filterRecords(services, { host_current_state: '0' }, { fields: SERVICE_FIELDS }))).toEqual({ status: 400, message: "Unknown filter field 'host_current_state'." });
    expect(rejection(() => filterRecords(services, { host_colour: '0' }, opts)).status).toBe(400);
  });

  it('counts the unhandled service problems with the query the shell sends', () => {
    const q = { combinedhost: '1', totals: '1', host_current_state: '0', host_problem_acknowledged: '0', host_scheduled_downtime_depth: '0',
      current_state: 'in:1,2,3', problem_acknowledged: '0', scheduled_downtime_depth: '0' };
    expect(queryRecords(services, q, { fields: SERVICE_FIELDS, combinedHost: byName })).toEqual({ recordcount: 2 });
  });
});

describe('queryRecords', () => {
  it('answers only the count with totals', () => {
    expect(queryRecords(hosts, { totals: '1', current_state: 'in:1,2' }, { fields: HOST_FIELDS })).toEqual({ recordcount: 3 });
  });

  it('pages with records and start, and counts all matches', () => {
    const page = queryRecords(hosts, { records: '2', start: '1' }, { fields: HOST_FIELDS });
    expect(page.recordcount).toBe(4);
    expect(names(page.records!)).toEqual(['web02', 'db01']);
    expect(names(queryRecords(hosts, { records: '2', start: '1', limitrecords: 'false' }, { fields: HOST_FIELDS }).records!)).toHaveLength(4);
    expect(queryRecords(hosts, { start: '10' }, { fields: HOST_FIELDS })).toEqual({ recordcount: 4, records: [] });
  });

  it('orders by a field up or down, keeping source order for ties', () => {
    expect(names(sortRecords([...hosts], 'host_name:a'))).toEqual(['db01', 'db02', 'web01', 'web02']);
    expect(names(sortRecords([...hosts], 'current_state:d'))).toEqual(['db01', 'web02', 'db02', 'web01']);
    expect(names(queryRecords(hosts, { orderby: 'current_state:d,host_name:d', records: '2' }, { fields: HOST_FIELDS }).records!)).toEqual(['db01', 'web02']);
    expect(rejection(() => sortRecords([...hosts], 'colour:a')).status).toBe(400);
    expect(rejection(() => sortRecords([...hosts], 'host_name:up')).status).toBe(400);
  });

  it('refuses malformed listing parameters', () => {
    for (const q of [{ records: '0' }, { records: 'ten' }, { start: '-1' }, { totals: 'yes' }, { combinedhost: '2' }, { limitrecords: 'maybe' }]) {
      expect(rejection(() => listParams(q)).status).toBe(400);
    }
  });
});

describe('combineWithHost', () => {
  it('adds the host fields under host_ names', () => {
    const combined = combineWithHost(services[3]!, byName.get('db01'));
    expect(combined).toMatchObject({ host_name: 'db01', service_description: 'MySQL', host_current_state: 2, host_problem_acknowledged: 1, host_alias: 'DB01', host_address: '10.0.0.1' });
  });
});
