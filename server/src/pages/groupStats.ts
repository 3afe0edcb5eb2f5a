import type { Group, MonitoringSnapshot } from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { HOST_STATES, SERVICE_STATES } from './format.js';
import { indexOf } from './snapshotIndex.js';
import { dataTable } from './table.js';
import { statusUrl } from './urls.js';

export interface GroupStats { group: Group; hosts: number[]; services: number[] }

/** Members of a host group: listed members plus hosts naming the group themselves. */
export function hostgroupMembers(snap: MonitoringSnapshot, g: Group): Set<string> {
  const members = new Set(g.members);
  for (const h of snap.hosts) if (h.hostgroups.includes(g.name)) members.add(h.host_name);
  return members;
}

/** Host and service state counts per host group, from one pass over hosts and one over services. */
export function hostgroupStats(snap: MonitoringSnapshot, only?: Group): GroupStats[] {
  const index = indexOf(snap);
  const perHost = new Map<string, number[]>();
  for (const [host, services] of index.servicesByHost) {
    const counts = [0, 0, 0, 0];
    for (const s of services) counts[s.current_state] = (counts[s.current_state] ?? 0) + 1;
    perHost.set(host, counts);
  }
  return (only ? [only] : snap.hostgroups).map((group) => {
    const hosts = [0, 0, 0];
    const services = [0, 0, 0, 0];
    for (const name of hostgroupMembers(snap, group)) {
      const h = index.hosts.get(name);
      if (!h) continue;
      hosts[h.current_state] = (hosts[h.current_state] ?? 0) + 1;
      perHost.get(name)?.forEach((n, i) => { services[i] = (services[i] ?? 0) + n; });
    }
    return { group, hosts, services };
  });
}

/** Service group counts from a single pass over services, however many groups there are. */
export function servicegroupStats(snap: MonitoringSnapshot, only?: Group): GroupStats[] {
  const index = indexOf(snap);
  const groups = only ? [only] : snap.servicegroups;
  const slot = new Map(groups.map((g, i) => [g.name, i]));
  const byMember = new Map<string, number[]>();
  groups.forEach((g, i) => g.members.forEach((m) => byMember.set(m, [...(byMember.get(m) ?? []), i])));
  const services = groups.map(() => [0, 0, 0, 0]);
  const hostNames = groups.map(() => new Set<string>());
  for (const s of snap.services) {
    const hits = new Set(byMember.get(`${s.host_name};${s.service_description}`));
    for (const name of s.servicegroups) {
      const i = slot.get(name);
      if (i !== undefined) hits.add(i);
    }
    for (const i of hits) {
      services[i]![s.current_state] = (services[i]![s.current_state] ?? 0) + 1;
      hostNames[i]!.add(s.host_name);
    }
  }
  return groups.map((group, i) => {
    const hosts = [0, 0, 0];
    for (const name of hostNames[i]!) {
      const h = index.hosts.get(name);
      if (h) hosts[h.current_state] = (hosts[h.current_state] ?? 0) + 1;
    }
    return { group, hosts, services: services[i]! };
  });
}

const HOST_CLASS = ['ok', 'critical', 'unknown'];
const SERVICE_CLASS = ['ok', 'warning', 'critical', 'unknown'];

/** Counts as links to the matching status list; a zero stays plain text. */
function countCell(n: number, href: string, cls: string, label: string): SafeHtml {
  return n ? html`<td class="num state-${cls}"><a href="${href}" aria-label="${n} ${label}">${n.toLocaleString('en-US')}</a></td>` : html`<td class="num">0</td>`;
}

export function groupStatsTable(base: string, kind: 'host' | 'service', stats: GroupStats[], caption: string): SafeHtml {
  const param = kind === 'host' ? 'hostgroup' : 'servicegroup';
  const head = html`<thead><tr><th scope="col">${kind === 'host' ? 'Host Group' : 'Service Group'}</th>
${HOST_STATES.map((s) => html`<th scope="col" class="num">Hosts ${s}</th>`)}${SERVICE_STATES.map((s) => html`<th scope="col" class="num">Services ${s}</th>`)}</tr></thead>`;
  const rows = stats.map(({ group, hosts, services }) => html`<tr>
<th scope="row"><a href="${statusUrl(base, { show: `${kind}groups`, [param]: group.name })}">${group.alias || group.name}</a>${group.alias && group.alias !== group.name ? html` <span class="muted">(${group.name})</span>` : ''}</th>
${hosts.map((n, i) => countCell(n, statusUrl(base, { show: 'hosts', [param]: group.name, state: i }), HOST_CLASS[i]!, `hosts ${HOST_STATES[i]!}`))}
${services.map((n, i) => countCell(n, statusUrl(base, { show: 'services', [param]: group.name, state: i }), SERVICE_CLASS[i]!, `services ${SERVICE_STATES[i]!}`))}
</tr>`);
  return dataTable(caption, head, rows, `There are no ${kind} groups.`, 8);
}
