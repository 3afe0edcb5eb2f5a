import type { FastifyInstance } from 'fastify';
import { requireCaller, type AppContext } from '../http/context.js';
import { forbidden } from '../http/errors.js';
import { fieldsOf, type Fields } from '../http/input.js';
import { formatNumber, t, translate } from '../http/language.js';
import { NO_DATA_WORD, HISTORY_TYPES, percentOf } from '../monitoring/history.js';
import { availabilityBar, availabilityShares, stateBadge, stateText, typeText } from './availabilityBar.js';
import { html, type SafeHtml } from './html.js';
import { reportWindow, windowFields, type ReportWindow } from './reportWindow.js';
import { onWall, pageBody } from './layout.js';
import { historyWallPage } from './historyWall.js';
import { handledKey, handledTimes, type HandledTime } from './handledTime.js';
import { dateTimeText, durationText, timeCell } from './format.js';
import { gates, registerPage } from './pageRoute.js';
import { dataTable, tableHead } from './table.js';
import { hostUrl, serviceUrl, withQuery, type QueryValues } from './urls.js';
import {
  availabilityFilter, availabilityReport, historyEntries, historyFilter, type HistoryEntry,
} from './historyQuery.js';

export const HISTORY_PATH = 'reports/history.php';
/** The history page's export: the API's parameters, at most 1,000 entries a file. */
export const HISTORY_CSV_PATH = 'api/v2/history.csv';
export const AVAILABILITY_PATH = 'reports/availability.php';
const PER_PAGE = 100;
const WINDOW_FIELDS = new Set(['window', 'month', 'from', 'to', 'page']);
/** The availability page draws at most this many bars; the API gives them all. */
const MAX_BARS = 500;

/** The page's fields as the API's: the window becomes `since` and `until`; the rest is checked by the API's rules. */
function apiFields(fields: Fields, now: number): { fields: Fields; window: ReportWindow } {
  const window = reportWindow(fields, now);
  const given: Fields = {};
  for (const [k, v] of Object.entries(fields)) if (v !== '' && !WINDOW_FIELDS.has(k)) given[k] = v;
  return { fields: { since: String(window.since), until: String(window.until), ...given }, window };
}

function groupSelect(label: string, name: string, groups: readonly { name: string; alias: string }[],
  current: string | undefined): SafeHtml {
  return html`<label>${label} <select name="${name}"><option value="">${t`Any`}</option>\
${groups.map((g) => html`<option value="${g.name}"${g.name === current ? html` selected` : ''}>${g.alias || g.name}\
</option>`)}</select></label>`;
}

/** Scheduled downtime and acknowledged time, counted apart from the states above (overlapping them, never added). */
function handledShares(time: HandledTime | undefined, span: number): SafeHtml | string {
  if (!time || span <= 0 || (!time.downtime && !time.acknowledged)) return '';
  const share = (s: number) => `${formatNumber(percentOf(s, span))} % (${durationText(s)})`;
  return html`<ul class="availability-share handled">\
${time.downtime ? html`<li>${t`In scheduled downtime: ${share(time.downtime)}`}</li>` : ''}\
${time.acknowledged ? html`<li>${t`Acknowledged: ${share(time.acknowledged)}`}</li>` : ''}</ul>`;
}

/** The window's own fields, for links that keep it (the pager). */
const windowQuery = (w: ReportWindow): QueryValues => ({
  window: w.window, ...(w.window === 'month' ? { month: w.month } : {}),
  ...(w.window === 'custom' ? { from: w.from, to: w.to } : {}),
});

const textField = (label: string, name: string, value: unknown): SafeHtml =>
  html`<label>${label} <input name="${name}" value="${typeof value === 'string' ? value : ''}"></label>`;

/** A cell a spreadsheet would run as a formula (=, +, -, @) starts with an apostrophe; every cell is quoted. */
function csvCell(value: string | number): string {
  const s = String(value);
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
}

/** `reports/history.php`, its CSV, and `reports/availability.php` (issue 37). */
export function registerHistoryPages(app: FastifyInstance, ctx: AppContext): void {
  const several = () => ctx.monitoring.engines !== undefined;
  const now = () => Math.floor(ctx.now() / 1000);
  /** With several engines, the engine filter; with one there is nothing to choose. */
  const engineSelect = (current: string | undefined): SafeHtml | string => {
    const names = ctx.monitoring.engines?.().map((e) => e.name) ?? [];
    return names.length > 1 ? html`<label>${t`Engine`} <select name="engine"><option value="">${t`Any`}</option>\
${names.map((n) => html`<option value="${n}"${n === current ? html` selected` : ''}>${n}</option>`)}\
</select></label>` : '';
  };

  registerPage(app, ctx, {
    path: HISTORY_PATH,
    gate: gates.monitoring,
    async get(env) {
      const { fields, window } = apiFields(env.fields, now());
      const requested = Number.parseInt(typeof env.fields.page === 'string' ? env.fields.page : '1', 10);
      const page = Number.isFinite(requested) && requested > 0 ? Math.min(requested, 1000) : 1;
      const paging = { limit: String(PER_PAGE + 1), offset: String((page - 1) * PER_PAGE) };
      const filter = historyFilter({ ...fields, ...paging }, now());
      if (onWall(env.req.query)) return historyWallPage(ctx, filter, several());
      const found = await historyEntries(ctx, filter);
      const entries = found.slice(0, PER_PAGE);
      const keep: QueryValues = {
        ...windowQuery(window), host: filter.host, service: filter.service,
        state: typeof fields.state === 'string' ? fields.state : undefined,
        type: filter.type, engine: filter.engine,
      };
      const link = (params: QueryValues) => withQuery(`${ctx.base}${HISTORY_PATH}`, { ...keep, ...params });
      const csv = withQuery(`${ctx.base}${HISTORY_CSV_PATH}`,
        { ...keep, window: undefined, month: undefined, from: undefined, to: undefined, since: filter.since,
          until: filter.until });
      const f = env.fields;
      const form = html`<form method="get" action="${ctx.base}${HISTORY_PATH}" class="filters">
${windowFields(window)}
${textField(t`Host`, 'host', f.host)}
${textField(t`Service`, 'service', f.service)}
${engineSelect(filter.engine)}
<label>${t`State`} <select name="state"><option value="">${t`Any`}</option>\
${['UP', 'DOWN', 'UNREACHABLE', 'OK', 'WARNING', 'CRITICAL', 'UNKNOWN', NO_DATA_WORD].map((w) =>
    html`<option value="${w}"${w === keep.state ? html` selected` : ''}>${stateText(w)}</option>`)}</select></label>
<label>${t`Type`} <select name="type"><option value="">${t`Any`}</option>${HISTORY_TYPES.map((ty) =>
    html`<option value="${ty}"${ty === filter.type ? html` selected` : ''}>${typeText({ type: ty })}</option>`)}\
</select></label>
<button type="submit" class="button">${t`Filter`}</button>
</form>`;
      const head = tableHead(t`Time`, ...(several() ? [t`Engine`] : []), t`Host`, t`Service`, t`State`, t`State type`,
        t`Event`, [t`Output`, 'wide']);
      const engineOf = (e: HistoryEntry) => (several() ? e.engine : undefined);
      const rows = entries.map((e) => html`<tr><td>${timeCell(e.time)}</td>\
${several() ? html`<td>${e.engine}</td>` : ''}\
<td><a href="${hostUrl(ctx.base, e.host, engineOf(e))}">${e.host}</a></td>\
<td>${e.service === undefined ? ''
    : html`<a href="${serviceUrl(ctx.base, e.host, e.service, engineOf(e))}">${e.service}</a>`}</td>\
<td>${stateBadge(e.state)}</td><td>${e.stateType === 'hard' ? t`Hard` : t`Soft`}</td><td>${typeText(e)}</td>\
<td class="output">${e.output}</td></tr>`);
      const nav = html`<nav class="pager" aria-label="${t`Pages`}"><ul>\
${page > 1 ? html`<li><a href="${link({ page: page - 1 })}" rel="prev">${t`Newer`}</a></li>` : ''}\
${found.length > PER_PAGE ? html`<li><a href="${link({ page: page + 1 })}" rel="next">${t`Older`}</a></li>` : ''}\
</ul></nav>`;
      const content = html`${form}
<p><a class="button" href="${csv}" download>${t`Export as CSV`}</a></p>
${dataTable(t`State history, newest first`, head, rows, t`Nothing happened in this window that matches.`,
    several() ? 8 : 7)}
${nav}`;
      return {
        title: t`State History`,
        body: pageBody({
          heading: t`State History`,
          intro: t`What happened from ${dateTimeText(filter.since)} to ${dateTimeText(filter.until)}: state changes, \
acknowledgements, downtimes and flapping, newest first.`,
          content,
        }),
      };
    },
  });

  app.get(`${ctx.base}${HISTORY_CSV_PATH}`, async (req, reply) => {
    const caller = await requireCaller(ctx, req);
    if (!gates.monitoring.allows(caller.perms)) throw forbidden(translate(gates.monitoring.message));
    const filter = historyFilter({ limit: '1000', ...fieldsOf(req) }, now());
    const entries = await historyEntries(ctx, filter);
    const lines = [['time', 'engine', 'host', 'service', 'state', 'state_type', 'type', 'phase', 'output'].join(','),
      ...entries.map((e) => [new Date(e.time * 1000).toISOString(), e.engine, e.host, e.service ?? '', e.state,
        e.stateType, e.type, e.phase ?? '', e.output].map(csvCell).join(','))];
    return reply.header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="history.csv"')
      .type('text/csv; charset=utf-8').send(`${lines.join('\r\n')}\r\n`);
  });

  registerPage(app, ctx, {
    path: AVAILABILITY_PATH,
    gate: gates.monitoring,
    async get(env) {
      const { fields, window } = apiFields(env.fields, now());
      const filter = availabilityFilter(fields, now());
      const report = await availabilityReport(ctx, filter, now());
      const shown = report.objects.slice(0, MAX_BARS);
      const handled = shown.length ? await handledTimes(ctx, report.since, report.end, filter.host) : new Map();
      const snap = ctx.monitoring.snapshot();
      const f = env.fields;
      const form = html`<form method="get" action="${ctx.base}${AVAILABILITY_PATH}" class="filters">
${windowFields(window)}
${textField(t`Host`, 'host', f.host)}
${textField(t`Service`, 'service', f.service)}
${groupSelect(t`Host group`, 'hostgroup', snap.hostgroups, filter.hostgroup)}
${groupSelect(t`Service group`, 'servicegroup', snap.servicegroups, filter.servicegroup)}
${engineSelect(filter.engine)}
<button type="submit" class="button">${t`Show`}</button>
</form>`;
      const rows = shown.map((o) => {
        const engine = several() ? o.engine : undefined;
        const name = o.service === ''
          ? html`<a href="${hostUrl(ctx.base, o.host, engine)}">${o.host}</a>`
          : html`<a href="${hostUrl(ctx.base, o.host, engine)}">${o.host}</a> / \
<a href="${serviceUrl(ctx.base, o.host, o.service, engine)}">${o.service}</a>`;
        return html`<tr><th scope="row">${name}</th><td class="wide bar">${availabilityBar(o)}</td>\
<td>${availabilityShares(o)}${handledShares(handled.get(handledKey(o)), report.end - report.since)}</td></tr>`;
      });
      const more = report.objects.length > shown.length
        ? html`<p class="notice">${t`Showing the first ${formatNumber(shown.length)} of \
${formatNumber(report.objects.length)} objects: narrow the filter to see the others.`}</p>` : '';
      // On a phone each row is a card (status-list): the name, the bar across, the shares below.
      const content = html`${form}
${more}
${dataTable(t`Time in each state per object`, tableHead(t`Object`, [t`Time in each state`, 'wide'], t`Share`), rows,
    t`No host or service matches.`, 3, 'status-list')}`;
      return {
        title: t`Availability`,
        body: pageBody({
          heading: t`Availability`,
          intro: t`Time in each state from ${dateTimeText(report.since)} to ${dateTimeText(report.end)}. Time before \
Pharos first recorded an object, and while its engine was not answering, is shown as no data, never as OK or UP.`,
          content,
        }),
      };
    },
  });
}
