import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import type { Group, HostStatus, ServiceStatus } from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { pageBody, tabs } from './layout.js';
import { enabledBadge } from './format.js';
import { compareText, pagingOf, slicePage, textOf } from './listQuery.js';
import { gates, registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { dataTable, hiddenFields, pager, tableHead } from './table.js';
import { hostUrl, serviceUrl, statusUrl, withQuery, type QueryValues } from './urls.js';

const TYPES = { host: 'Hosts', service: 'Services', hostgroup: 'Host Groups', servicegroup: 'Service Groups' } as const;
type ObjectType = keyof typeof TYPES;
const PATH = 'includes/components/ccm/index.php';

interface Listing<T> {
  items: readonly T[];
  name(x: T): string;
  text(x: T): string;
  compare(a: T, b: T): number;
  head: string[];
  row(x: T): SafeHtml;
}

const interval = (n: number) => (n ? `${n} min` : '—');

/** With several engines (rows tagged), an Engine column: the same host name on two engines is two objects. */
const engineCell = (x: { engine?: string }): SafeHtml | '' =>
  (x.engine === undefined ? '' : html`<td data-label="Engine" class="engine">${x.engine}</td>`);
const engineHead = (items: readonly { engine?: string }[]): string[] =>
  (items[0]?.engine === undefined ? [] : ['Engine']);

function hostListing(b: string, hosts: readonly HostStatus[]): Listing<HostStatus> {
  return {
    items: hosts, name: (h) => h.host_name,
    text: (h) => `${h.host_name}\n${h.alias}\n${h.address}\n${h.check_command}\n${h.engine ?? ''}`,
    compare: (x, y) => compareText(x.host_name, y.host_name) || compareText(x.engine ?? '', y.engine ?? ''),
    head: [
      'Host name', ...engineHead(hosts), 'Alias', 'Address', 'Check command', 'Max attempts', 'Check interval',
      'Host groups', 'Active checks', 'Notifications',
    ],
    row: (h) => html`<th scope="row"><a href="${hostUrl(b, h.host_name, h.engine)}">${h.host_name}</a></th>\
${engineCell(h)}\
<td>${h.alias}</td><td>${h.address}</td><td><code>${h.check_command}</code></td>
<td class="num">${h.max_check_attempts}</td><td>${interval(h.check_interval)}</td><td>${h.hostgroups.join(', ')}</td>\
<td>${enabledBadge(h.active_checks_enabled)}</td><td>${enabledBadge(h.notifications_enabled)}</td>`,
  };
}

function serviceListing(b: string, services: readonly ServiceStatus[]): Listing<ServiceStatus> {
  return {
    items: services, name: (s) => s.service_description,
    text: (s) => `${s.host_name}\n${s.service_description}\n${s.check_command}\n${s.engine ?? ''}`,
    compare: (x, y) => compareText(x.host_name, y.host_name) || compareText(x.engine ?? '', y.engine ?? '')
      || compareText(x.service_description, y.service_description),
    head: [
      'Host name', ...engineHead(services), 'Service description', 'Check command', 'Max attempts', 'Check interval',
      'Service groups', 'Active checks', 'Notifications',
    ],
    row: (s) => html`<td><a href="${hostUrl(b, s.host_name, s.engine)}">${s.host_name}</a></td>${engineCell(s)}\
<th scope="row">\
<a href="${serviceUrl(b, s.host_name, s.service_description, s.engine)}">${s.service_description}</a></th>
<td><code>${s.check_command}</code></td><td class="num">${s.max_check_attempts}</td>\
<td>${interval(s.check_interval)}</td><td>${s.servicegroups.join(', ')}</td>
<td>${enabledBadge(s.active_checks_enabled)}</td><td>${enabledBadge(s.notifications_enabled)}</td>`,
  };
}

function groupListing(b: string, groups: readonly Group[], param: 'hostgroup' | 'servicegroup'): Listing<Group> {
  return {
    items: groups, name: (g) => g.name, text: (g) => `${g.name}\n${g.alias}`,
    compare: (x, y) => compareText(x.name, y.name),
    head: ['Group name', 'Alias', 'Members', 'First members'],
    row: (g) => html`<th scope="row">\
<a href="${statusUrl(b, { show: `${param}s`, [param]: g.name })}">${g.name}</a></th>\
<td>${g.alias}</td><td class="num">${g.members.length}</td>
<td class="output">${g.members.slice(0, 5).map((m) => m.replace(';', ' / ')).join(', ')}\
${g.members.length > 5 ? ', …' : ''}</td>`,
  };
}

/** One linear filter pass (search over key directives, name_filter over names), then one page of rows. */
function browse<T>(env: PageEnv, type: ObjectType, l: Listing<T>): SafeHtml {
  const search = textOf(env.fields, 'search').toLowerCase();
  const nameFilter = textOf(env.fields, 'name_filter').toLowerCase();
  const kept = l.items.filter((x) => (!search || l.text(x).toLowerCase().includes(search))
    && (!nameFilter || l.name(x).toLowerCase().includes(nameFilter)));
  const paging = pagingOf(env.fields);
  const slice = slicePage(kept, paging, l.compare);
  const current: QueryValues = {
    type, search: textOf(env.fields, 'search'), name_filter: textOf(env.fields, 'name_filter'),
    records: paging.records === 50 ? undefined : paging.records,
  };
  const link = (p: QueryValues) => withQuery(`${env.ctx.base}${PATH}`, { ...current, ...p });
  const head = tableHead(...l.head);
  return html`<form class="filters" method="get" action="${env.ctx.base}${PATH}" role="search"\
 aria-label="Filter ${TYPES[type]}">
${hiddenFields({ type, records: current.records })}
<div class="field"><label for="ccm-search">Search</label>\
<input id="ccm-search" type="search" name="search" value="${String(current.search ?? '')}"></div>
<div class="field"><label for="ccm-name">Name contains</label>\
<input id="ccm-name" type="text" name="name_filter" value="${String(current.name_filter ?? '')}"></div>
<div class="field actions"><button type="submit">Filter</button></div></form>
${dataTable(TYPES[type], head, slice.rows.map((x) => html`<tr>${l.row(x)}</tr>`),
    `No ${TYPES[type].toLowerCase()} match.`, l.head.length)}
${pager(slice, TYPES[type].toLowerCase(), link)}`;
}

function ccmPage(env: PageEnv): PageResult {
  const { ctx, fields } = env;
  const raw = typeof fields.type === 'string' && fields.type ? fields.type : 'host';
  if (!Object.hasOwn(TYPES, raw)) {
    throw badRequest(`Unknown object type '${raw}'. Use host, service, hostgroup or servicegroup.`);
  }
  const type = raw as ObjectType;
  const snap = ctx.monitoring.snapshot();
  const b = ctx.base;
  const list = type === 'host' ? browse(env, type, hostListing(b, snap.hosts))
    : type === 'service' ? browse(env, type, serviceListing(b, snap.services))
      : browse(env, type, groupListing(b, type === 'hostgroup' ? snap.hostgroups : snap.servicegroups, type));
  const nav = tabs('Object types', (Object.keys(TYPES) as ObjectType[])
    .map((t) => ({ label: TYPES[t], href: withQuery(`${b}${PATH}`, { type: t }), current: t === type })));
  return {
    title: `CCM: ${TYPES[type]}`,
    body: pageBody({
      heading: `Core Config Manager: ${TYPES[type]}`, nav,
      intro: 'The objects the monitoring engine runs with, and their key directives. '
        + 'They are defined in the engine\'s configuration files.',
      content: list,
    }),
  };
}

export function registerCcmPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, { path: PATH, gate: gates.ccm, get: ccmPage });
}
