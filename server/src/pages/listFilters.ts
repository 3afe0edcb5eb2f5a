import { badRequest, notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import type { Fields } from '../http/input.js';
import type { Group, HostStatus, MonitoringSnapshot } from '../monitoring/source.js';
import { listStates } from './format.js';
import { textOf } from './listQuery.js';
import { isUnhandledHostProblem } from '../monitoring/problems.js';
import { indexOf } from './snapshotIndex.js';
import type { QueryValues } from './urls.js';

export type ObjectKind = 'host' | 'service';

export interface ListFilters {
  states: Set<number> | undefined;
  host: string;
  service: string;
  /** An engine's name ('' for all), with several engines. */
  engine: string;
  hostgroup: Group | undefined;
  servicegroup: Group | undefined;
  /** Lower-cased search term, '' for none. */
  search: string;
  acknowledged: boolean;
  downtime: boolean;
  unhandled: boolean;
  /** The parameters as given, to carry into links. */
  params: QueryValues;
}

/**
 * `state=` as a comma list of codes (1,2) or names (down,critical); anything else is a 400 that names the valid
 * values.
 */
export function parseStates(raw: string, kind: ObjectKind): Set<number> | undefined {
  if (!raw) return undefined;
  const names = listStates(kind);
  const codes = new Set<number>();
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const byName = names.indexOf(part.toUpperCase());
    const code = /^\d$/.test(part) ? Number(part) : byName;
    if (code < 0 || code >= names.length) {
      // The names are query values: English in every language.
      const valid = names.map((n, i) => t`${i} or ${n.toLowerCase()}`).join(', ');
      throw badRequest(kind === 'host'
        ? t`Unknown host state '${part}'. Use ${valid}, separated by commas.`
        : t`Unknown service state '${part}'. Use ${valid}, separated by commas.`);
    }
    codes.add(code);
  }
  return codes.size ? codes : undefined;
}

export function filtersOf(fields: Fields, snap: MonitoringSnapshot, kind: ObjectKind, unhandled = false): ListFilters {
  const index = indexOf(snap);
  const hostgroupName = textOf(fields, 'hostgroup');
  const servicegroupName = textOf(fields, 'servicegroup');
  const hostgroup = hostgroupName ? index.hostgroups.get(hostgroupName) : undefined;
  const servicegroup = servicegroupName ? index.servicegroups.get(servicegroupName) : undefined;
  if (hostgroupName && !hostgroup) throw notFound(t`The host group '${hostgroupName}' was not found.`);
  if (servicegroupName && !servicegroup) throw notFound(t`The service group '${servicegroupName}' was not found.`);
  const state = textOf(fields, 'state');
  const search = textOf(fields, 'search');
  const flag = (name: string) => fields[name] === '1';
  const filters = {
    states: parseStates(state, kind), host: textOf(fields, 'host'),
    service: kind === 'service' ? textOf(fields, 'service') : '', engine: textOf(fields, 'engine'),
    hostgroup, servicegroup, search: search.toLowerCase(),
    acknowledged: flag('acknowledged'), downtime: flag('downtime'), unhandled,
  };
  const params: QueryValues = {
    state, host: filters.host, service: filters.service, engine: filters.engine, hostgroup: hostgroupName,
    servicegroup: servicegroupName, search,
    acknowledged: filters.acknowledged ? 1 : undefined, downtime: filters.downtime ? 1 : undefined,
  };
  return { ...filters, params };
}

function memberHosts(g: Group, ofServices: boolean): Set<string> {
  return new Set(ofServices ? g.members.map((m) => m.split(';')[0]!) : g.members);
}

/** Everything except the state filter, so one pass can count every state and keep the wanted ones. */
export function hostPredicate(f: ListFilters): (h: HostStatus) => boolean {
  const inHostgroup = f.hostgroup && memberHosts(f.hostgroup, false);
  const inServicegroup = f.servicegroup && memberHosts(f.servicegroup, true);
  const groupName = f.hostgroup?.name;
  return (h) => (!f.host || h.host_name === f.host)
    && (!f.engine || h.engine === f.engine)
    && (!inHostgroup || inHostgroup.has(h.host_name) || (groupName !== undefined && h.hostgroups.includes(groupName)))
    && (!inServicegroup || inServicegroup.has(h.host_name))
    && (!f.acknowledged || h.problem_acknowledged === 1)
    && (!f.downtime || h.scheduled_downtime_depth > 0)
    && (!f.unhandled || isUnhandledHostProblem(h))
    && (!f.search || h.host_name.toLowerCase().includes(f.search) || h.alias.toLowerCase().includes(f.search)
      || h.address.toLowerCase().includes(f.search) || h.output.toLowerCase().includes(f.search));
}
