import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { mark, t, translate } from '../http/language.js';
import type { Group, HostStatus, ServiceStatus } from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { pageBody, tabs } from './layout.js';
import { enabledBadge, intervalText } from './format.js';
import { compareText, pagingOf, slicePage, textOf } from './listQuery.js';
import { gates, registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { dataTable, hiddenFields, pager, tableHead } from './table.js';
import { hostUrl, serviceUrl, statusUrl, withQuery, type QueryValues } from './urls.js';

const TYPES = {
  host: mark('Hosts'), service: mark('Services'), hostgroup: mark('Host Groups'), servicegroup: mark('Service Groups'),
} as const;
type ObjectType = keyof typeof TYPES;
/** Each type as the pager counts it and as the empty table says so, in the reader's language. */
const WORDS: Record<ObjectType, { noun: string; none: string }> = {
  host: { noun: mark('hosts'), none: mark('No hosts match.') },
  service: { noun: mark('services'), none: mark('No services match.') },
  hostgroup: { noun: mark('host groups'), none: mark('No host groups match.') },
  servicegroup: { noun: mark('service groups'), none: mark('No service groups match.') },
};
const PATH = 'includes/components/ccm/index.php';

interface Listing<T> {
  items: readonly T[];
  name(x: T): string;
  text(x: T): string;
  compare(a: T, b: T): number;
  head: string[];
  row(x: T): SafeHtml;
}

const interval = (minutes: number) => intervalText(minutes) ?? '—';

/**
 * With several engines (rows tagged), an Engine column: the same host name on two engines is two objects. Names and
 * aliases carry the classes host, service, name and data: they are the engine's, in no language of ours.
 */
const engineCell = (x: { engine?: string }): SafeHtml | '' =>
  (x.engine === undefined ? '' : html`<td data-label="${t`Engine`}" class="engine">${x.engine}</td>`);
const engineHead = (items: readonly { engine?: string }[]): string[] =>
  (items[0]?.engine === undefined ? [] : [t`Engine`]);

function hostListing(b: string, hosts: readonly HostStatus[]): Listing<HostStatus> {
  return {
    items: hosts, name: (h) => h.host_name,
    text: (h) => `${h.host_name}\n${h.alias}\n${h.address}\n${h.check_command}\n${h.engine ?? ''}`,
    compare: (x, y) => compareText(x.host_name, y.host_name) || compareText(x.engine ?? '', y.engine ?? ''),
    head: [
      t`Host name`, ...engineHead(hosts), t`Alias`, t`Address`, t`Check command`, t`Max attempts`, t`Check interval`,
      t`Host groups`, t`Active checks`, t`Notifications`,
    ],
    row: (h) => html`<th scope="row">\
<a class="host" href="${hostUrl(b, h.host_name, h.engine)}">${h.host_name}</a></th>\
${engineCell(h)}\
<td class="data">${h.alias}</td><td>${h.address}</td><td><code>${h.check_command}</code></td>
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
      t`Host name`, ...engineHead(services), t`Service description`, t`Check command`, t`Max attempts`,
      t`Check interval`, t`Service groups`, t`Active checks`, t`Notifications`,
    ],
    row: (s) => html`<td><a class="host" href="${hostUrl(b, s.host_name, s.engine)}">${s.host_name}</a></td>\
${engineCell(s)}<th scope="row">\
<a class="service" href="${serviceUrl(b, s.host_name, s.service_description, s.engine)}">\
${s.service_description}</a></th>
<td><code>${s.check_command}</code></td><td class="num">${s.max_check_attempts}</td>\
<td>${interval(s.check_interval)}</td><td>${s.servicegroups.join(', ')}</td>
<td>${enabledBadge(s.active_checks_enabled)}</td><td>${enabledBadge(s.notifications_enabled)}</td>`,
  };
}

function groupListing(b: string, groups: readonly Group[], param: 'hostgroup' | 'servicegroup'): Listing<Group> {
  return {
    items: groups, name: (g) => g.name, text: (g) => `${g.name}\n${g.alias}`,
    compare: (x, y) => compareText(x.name, y.name),
    head: [t`Group name`, t`Alias`, t`Members`, t`First members`],
    row: (g) => html`<th scope="row">\
<a class="name" href="${statusUrl(b, { show: `${param}s`, [param]: g.name })}">${g.name}</a></th>\
<td class="data">${g.alias}</td><td class="num">${g.members.length}</td>
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
  const label = translate(TYPES[type]);
  return html`<form class="filters" method="get" action="${env.ctx.base}${PATH}" role="search"\
 aria-label="${t`Filter ${label}`}">
${hiddenFields({ type, records: current.records })}
<div class="field"><label for="ccm-search">${t`Search`}</label>\
<input id="ccm-search" type="search" name="search" value="${String(current.search ?? '')}"></div>
<div class="field"><label for="ccm-name">${t`Name contains`}</label>\
<input id="ccm-name" type="text" name="name_filter" value="${String(current.name_filter ?? '')}"></div>
<div class="field actions"><button type="submit">${t`Filter`}</button></div></form>
${dataTable(label, head, slice.rows.map((x) => html`<tr>${l.row(x)}</tr>`),
    translate(WORDS[type].none), l.head.length)}
${pager(slice, translate(WORDS[type].noun), link)}`;
}

function ccmPage(env: PageEnv): PageResult {
  const { ctx, fields } = env;
  const raw = typeof fields.type === 'string' && fields.type ? fields.type : 'host';
  if (!Object.hasOwn(TYPES, raw)) {
    throw badRequest(t`Unknown object type '${raw}'. Use host, service, hostgroup or servicegroup.`);
  }
  const type = raw as ObjectType;
  const snap = ctx.monitoring.snapshot();
  const b = ctx.base;
  const list = type === 'host' ? browse(env, type, hostListing(b, snap.hosts))
    : type === 'service' ? browse(env, type, serviceListing(b, snap.services))
      : browse(env, type, groupListing(b, type === 'hostgroup' ? snap.hostgroups : snap.servicegroups, type));
  const nav = tabs(t`Object types`, (Object.keys(TYPES) as ObjectType[]).map((each) => ({
    label: translate(TYPES[each]), href: withQuery(`${b}${PATH}`, { type: each }), current: each === type,
  })));
  const label = translate(TYPES[type]);
  return {
    title: `CCM: ${label}`,
    body: pageBody({
      heading: `Core Config Manager: ${label}`, nav,
      intro: t`The objects the monitoring engine runs with, and their key directives. \
They are defined in the engine's configuration files.`,
      content: list,
    }),
  };
}

export function registerCcmPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, { path: PATH, gate: gates.ccm, get: ccmPage });
}
