import { formatNumber, t, translate } from '../http/language.js';
import { hostKey, type Group, type MonitoringSnapshot, type ServiceStatus } from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { selectAllCell, selectGroupCell } from './bulkSelection.js';
import { listState, listStates, stateClass } from './format.js';
import { hostsByName, indexOf } from './snapshotIndex.js';
import { listStateAt, serviceColumns } from './serviceColumns.js';
import { dataTable } from './table.js';
import { statusUrl } from './urls.js';

/**
 * `hosts` and `services`: counts by `listStates` (the states, then pending: not checked yet). `stale`: members on
 * engines that are not answering (hosts of a host group, services of a service group), in no count.
 */
export interface GroupStats { group: Group; hosts: number[]; services: number[]; stale: number }

/** The pending count of a `GroupStats` count list: the last, after the states. */
export const pendingOf = (counts: readonly number[]): number => counts[counts.length - 1] ?? 0;

/** Members of a host group: listed members plus hosts naming the group themselves. */
export function hostgroupMembers(snap: MonitoringSnapshot, g: Group): Set<string> {
  const members = new Set(g.members);
  for (const h of snap.hosts) if (h.hostgroups.includes(g.name)) members.add(h.host_name);
  return members;
}

/**
 * Host and service state counts per host group, from the per-snapshot service columns and one pass over hosts. With
 * several engines a member name may be a host on each; a host of an engine that is not answering (stale) is counted
 * under no state, nor are its services: totals add up the engines that answer.
 */
export function hostgroupStats(snap: MonitoringSnapshot, only?: Group): GroupStats[] {
  const hosts = hostsByName(snap);
  const position = new Map<string, number[]>();
  hosts.forEach((h, i) => {
    const list = position.get(h.host_name);
    if (list) list.push(i);
    else position.set(h.host_name, [i]);
  });
  const columns = serviceColumns(snap);
  // Per host: its services by state, then pending ones.
  const perHost = new Int32Array(hosts.length * 5);
  for (let i = 0; i < columns.state.length; i++) {
    const h = columns.host[i]!;
    if (h >= 0) perHost[h * 5 + listStateAt(columns, i)]!++;
  }
  return (only ? [only] : snap.hostgroups).map((group) => {
    const hostCounts = [0, 0, 0, 0];
    const services = [0, 0, 0, 0, 0];
    let stale = 0;
    for (const name of hostgroupMembers(snap, group)) {
      for (const p of position.get(name) ?? []) {
        if (hosts[p]!.stale !== undefined) {
          stale++;
          continue;
        }
        hostCounts[listState(hosts[p]!, 'host')]!++;
        for (let s = 0; s < 5; s++) services[s]! += perHost[p * 5 + s]!;
      }
    }
    return { group, hosts: hostCounts, services, stale };
  });
}

/** Service group counts from a single pass over services, however many groups there are. */
export function servicegroupStats(snap: MonitoringSnapshot, only?: Group): GroupStats[] {
  const groups = only ? [only] : snap.servicegroups;
  if (!groups.length) return [];
  const index = indexOf(snap);
  const slot = new Map(groups.map((g, i) => [g.name, i]));
  const byMember = new Map<string, number[]>();
  groups.forEach((g, i) => g.members.forEach((m) => byMember.set(m, [...(byMember.get(m) ?? []), i])));
  const services = groups.map(() => [0, 0, 0, 0, 0]);
  const stale = groups.map(() => 0);
  const hostNames = groups.map(() => new Set<string>());
  // A service listed as a member and also naming the group itself counts once: remember the last service per group.
  const lastCounted = new Int32Array(groups.length).fill(-1);
  const count = (g: number, i: number, s: ServiceStatus) => {
    if (lastCounted[g] === i) return;
    lastCounted[g] = i;
    if (s.stale !== undefined) {
      stale[g]!++;
      return;
    }
    services[g]![listState(s, 'service')]!++;
    hostNames[g]!.add(hostKey(s));
  };
  snap.services.forEach((s, i) => {
    const listed = byMember.size ? byMember.get(`${s.host_name};${s.service_description}`) : undefined;
    if (listed) for (const g of listed) count(g, i, s);
    for (const name of s.servicegroups) {
      const g = slot.get(name);
      if (g !== undefined) count(g, i, s);
    }
  });
  return groups.map((group, g) => {
    const hosts = [0, 0, 0, 0];
    for (const key of hostNames[g]!) {
      const h = index.hosts.get(key);
      if (h) hosts[listState(h, 'host')]!++;
    }
    return { group, hosts, services: services[g]!, stale: stale[g]! };
  });
}

/** Counts as links to the matching status list; a zero stays plain text. */
function countCell(n: number, href: string, cls: string, label: string): SafeHtml {
  return n
    ? html`<td class="num state-${cls}">\
<a href="${href}" aria-label="${n} ${label}">${formatNumber(n)}</a></td>`
    : html`<td class="num">0</td>`;
}

/** `selectable`: a checkbox per group for the bulk actions (issue 38), which act on the group's members. */
export function groupStatsTable(
  base: string, kind: 'host' | 'service', stats: GroupStats[], caption: string, selectable = false,
): SafeHtml {
  const param = kind === 'host' ? 'hostgroup' : 'servicegroup';
  // Members on an engine that is not answering are in no state column: without this one the row would look smaller
  // than the group and never say why.
  const withStale = stats.some((s) => s.stale > 0);
  // Pending columns only while some member has not been checked yet (an engine just started).
  const hostStates = listStates('host');
  const serviceStates = listStates('service');
  const withPending = stats.some((s) => pendingOf(s.hosts) || pendingOf(s.services));
  const shownHosts = withPending ? hostStates : hostStates.slice(0, -1);
  const shownServices = withPending ? serviceStates : serviceStates.slice(0, -1);
  const members = kind === 'host' ? 'hosts' : 'services';
  const head = html`<thead><tr>${selectable ? selectAllCell() : ''}\
<th scope="col">${kind === 'host' ? t`Host Group` : t`Service Group`}</th>
${shownHosts.map((s) => html`<th scope="col" class="num">${t`Hosts ${translate(s)}`}</th>`)}\
${shownServices.map((s) => html`<th scope="col" class="num">${t`Services ${translate(s)}`}</th>`)}\
${withStale ? html`<th scope="col" class="num">${t`Stale`}</th>` : ''}</tr></thead>`;
  const rows = stats.map(({ group, hosts, services, stale }) => html`<tr>\
${selectable ? selectGroupCell(kind, group.name) : ''}
<th scope="row">\
<a href="${statusUrl(base, { show: `${kind}groups`, [param]: group.name })}">${group.alias || group.name}</a>\
${group.alias && group.alias !== group.name ? html` <span class="muted">(${group.name})</span>` : ''}</th>
${shownHosts.map((name, i) => countCell(hosts[i]!, statusUrl(base, { show: 'hosts', [param]: group.name, state: i }),
    stateClass(name), t`hosts ${translate(name)}`))}
${shownServices.map((name, i) => countCell(services[i]!,
    statusUrl(base, { show: 'services', [param]: group.name, state: i }), stateClass(name),
    t`services ${translate(name)}`))}
${withStale
    ? countCell(stale, statusUrl(base, { show: members, [param]: group.name }), 'pending stale',
      kind === 'host' ? t`hosts stale` : t`services stale`)
    : ''}
</tr>`);
  const empty = kind === 'host' ? t`There are no host groups.` : t`There are no service groups.`;
  const columns = 1 + shownHosts.length + shownServices.length + (withStale ? 1 : 0) + (selectable ? 1 : 0);
  return dataTable(caption, head, rows, empty, columns);
}
