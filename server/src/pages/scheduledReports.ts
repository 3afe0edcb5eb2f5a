import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import type { Fields } from '../http/input.js';
import { t } from '../http/language.js';
import {
  addSchedule, countSchedules, deleteSchedule, listOutbox, listSchedules, MAX_SCHEDULES_PER_USER, recordDeliveryNow,
  type Frequency,
} from '../db/schedules.js';
import { html, type SafeHtml } from './html.js';
import { nspField } from './formGuard.js';
import { pageBody } from './layout.js';
import { timeCell } from './format.js';
import { gates, registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { deliveryFields, FORMAT_LABELS, InputError, parseDelivery, text, whenText } from './schedulePage.js';
import { AVAILABILITY_PATH } from './historyPages.js';
import { SLA_PATH } from './slaPage.js';
import { CURRENT_MONTH } from './reportWindow.js';
import { dataTable, tableHead } from './table.js';
import { withQuery } from './urls.js';

export const SCHEDULED_REPORTS_PATH = 'includes/components/scheduledreporting/schedulereport.php';
export const REPORT_HISTORY_PATH = 'includes/components/scheduledreporting/reporthistory.php';
/** A schedule of one of these pages is a scheduled report; its deliveries are the report history. */
const REPORT_PAGES = [`${AVAILABILITY_PATH}?`, `${SLA_PATH}?`] as const;
type GroupType = 'hostgroup' | 'servicegroup';

/**
 * The page a scheduled report sends: the group's availability over the period since the last send (24 hours, 7 days,
 * or the month before), or its SLA for the month so far (daily and weekly) or the month before (monthly).
 */
export function reportUrl(report: 'availability' | 'sla', type: GroupType, group: string, frequency: Frequency,
  target: string): string {
  if (report === 'sla') {
    return withQuery(SLA_PATH, { [type]: group, target, month: frequency === 'monthly' ? undefined : CURRENT_MONTH });
  }
  return withQuery(AVAILABILITY_PATH, {
    window: frequency === 'daily' ? '24h' : frequency === 'weekly' ? '7d' : 'month', [type]: group,
  });
}

interface ReportFacts { name: string; group: string; period: string }

/** What a scheduled report's page is, in words; undefined for a page that is not one of the reports. */
function describe(url: string): ReportFacts | undefined {
  if (!REPORT_PAGES.some((p) => url.startsWith(p))) return undefined;
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  const group = params.get('hostgroup') ? t`Host group ${params.get('hostgroup')!}`
    : params.get('servicegroup') ? t`Service group ${params.get('servicegroup')!}` : t`All hosts and services`;
  if (url.startsWith(SLA_PATH)) {
    const month = params.get('month');
    return {
      name: t`SLA Report (target ${params.get('target') ?? '99.9'} %)`, group,
      period: month === CURRENT_MONTH ? t`This month so far` : month ? month : t`The month before`,
    };
  }
  const window = params.get('window');
  const period = window === '7d' ? t`Last 7 days` : window === '30d' ? t`Last 30 days`
    : window === 'month' ? (params.get('month') ?? t`The month before`) : t`Last 24 hours`;
  return { name: t`Availability`, group, period };
}

function option(value: string, label: string, current: string): SafeHtml {
  return html`<option value="${value}"${value === current ? html` selected` : ''}>${label}</option>`;
}

function reportForm(env: PageEnv, input: Fields): SafeHtml {
  const { ctx, caller } = env;
  const snap = ctx.monitoring.snapshot();
  const group = text(input, 'group');
  return html`<form method="post" action="${ctx.base}${SCHEDULED_REPORTS_PATH}" class="card narrow"\
 aria-labelledby="report-form-title">
<h2 id="report-form-title">${t`Schedule a report`}</h2>
${nspField(caller)}
<input type="hidden" name="action" value="add">
<label for="report-kind">${t`Report`}</label>
<select id="report-kind" name="report">${option('availability', t`Availability`, text(input, 'report'))}\
${option('sla', t`SLA Report`, text(input, 'report'))}</select>
<label for="report-group">${t`Group`}</label>
<select id="report-group" name="group" required><option value="">${t`Choose a group`}</option>
<optgroup label="${t`Host groups`}">${snap.hostgroups.map((g) =>
    option(`hostgroup:${g.name}`, g.alias || g.name, group))}</optgroup>
<optgroup label="${t`Service groups`}">${snap.servicegroups.map((g) =>
    option(`servicegroup:${g.name}`, g.alias || g.name, group))}</optgroup></select>
<label for="report-target">${t`SLA target (%, SLA Report only)`}</label>
<input id="report-target" name="target" type="text" inputmode="decimal" value="${text(input, 'target') || '99.9'}">
${deliveryFields(input)}
<p class="hint">${t`Daily sends the last 24 hours, weekly the last 7 days, monthly the month before; an SLA report \
sent daily or weekly covers the month so far.`}</p>
<button type="submit">${t`Schedule report`}</button>
</form>`;
}

function parseReport(env: PageEnv, fields: Fields): string {
  const report = text(fields, 'report');
  if (report !== 'availability' && report !== 'sla') {
    throw new InputError(t`Choose the report: Availability or SLA Report.`);
  }
  const [type, ...rest] = text(fields, 'group').split(':');
  const name = rest.join(':');
  const snap = env.ctx.monitoring.snapshot();
  const groups = type === 'hostgroup' ? snap.hostgroups : type === 'servicegroup' ? snap.servicegroups : undefined;
  if (!groups?.some((g) => g.name === name)) {
    throw new InputError(t`Choose the host group or service group to report on.`);
  }
  const target = text(fields, 'target') || '99.9';
  if (report === 'sla' && (!/^\d{1,3}(\.\d{1,3})?$/.test(target) || Number(target) > 100)) {
    throw new InputError(t`The target must be a percentage from 0 to 100.`);
  }
  const delivery = parseDelivery(fields);
  return reportUrl(report, type as GroupType, name, delivery.frequency, target);
}

function idForm(env: PageEnv, action: string, id: number, label: string, accessible: string, cls = ''): SafeHtml {
  return html`<form method="post" action="${env.ctx.base}${SCHEDULED_REPORTS_PATH}" class="inline">\
${nspField(env.caller)}<input type="hidden" name="action" value="${action}">\
<input type="hidden" name="id" value="${id}">\
<button type="submit"${cls ? html` class="${cls}"` : ''} aria-label="${accessible}">${label}</button></form>`;
}

async function reportsPage(env: PageEnv, input: Fields = {}, error?: string): Promise<PageResult> {
  const { ctx, caller, fields } = env;
  const mine = (await listSchedules(ctx.store, caller.user.id))
    .flatMap((s) => { const facts = describe(s.url); return facts ? [{ ...s, facts }] : []; });
  const rows = mine.map((s) => html`<tr data-schedule="${s.id}">\
<td><a href="${ctx.base}${s.url}">${s.facts.name}</a></td><td>${s.facts.group}</td><td>${s.facts.period}</td>\
<td>${whenText(s)}</td><td>${s.recipients.join(', ')}</td><td>${FORMAT_LABELS[s.format]}</td>\
<td>${timeCell(s.nextRunAt / 1000)}</td>
<td>${idForm(env, 'send', s.id, t`Send now`, t`Send the ${s.facts.name} of ${s.facts.group} now`)}\
${idForm(env, 'delete', s.id, t`Delete`, t`Delete the schedule of the ${s.facts.name} of ${s.facts.group}`,
    'danger')}</td>\
</tr>`);
  const done = text(fields, 'done');
  return {
    title: t`Scheduled Reports`,
    status: error ? 400 : 200,
    body: pageBody({
      heading: t`Scheduled Reports`,
      intro: t`The availability or SLA report of a group, sent to recipients by email daily, weekly or monthly \
(server time). Each delivery is recorded in the outbox and listed on Scheduled Reports History.`,
      notice: done === 'added' ? t`The report was scheduled.` : done === 'deleted' ? t`The schedule was deleted.`
        : undefined,
      error,
      content: html`${reportForm(env, error ? input : {})}
<h2>${t`My scheduled reports`}</h2>
${dataTable(t`My scheduled reports`, tableHead(t`Report`, t`Group`, t`Period`, t`When`, t`Recipients`, t`Format`,
    t`Next send`, t`Actions`), rows, t`You have not scheduled any reports.`, 8)}
<p><a href="${ctx.base}${REPORT_HISTORY_PATH}">${t`Scheduled Reports History`}</a></p>`,
    }),
  };
}

async function reportsPost(env: PageEnv): Promise<PageResult> {
  const { ctx, caller, fields } = env;
  const action = text(fields, 'action');
  if (action === 'delete' || action === 'send') {
    const id = Number(text(fields, 'id'));
    const own = (await listSchedules(ctx.store, caller.user.id)).find((s) => s.id === id && describe(s.url));
    if (!own) return reportsPage(env, {}, t`That schedule does not exist (it may have been deleted already).`);
    if (action === 'delete') {
      await deleteSchedule(ctx.store, caller.user.id, id);
      return { redirect: `${ctx.base}${SCHEDULED_REPORTS_PATH}?done=deleted` };
    }
    await recordDeliveryNow(ctx.store, caller.user.id, id, ctx.now());
    return { redirect: `${ctx.base}${REPORT_HISTORY_PATH}?done=sent` };
  }
  if (action !== 'add') return reportsPage(env, {}, t`Unknown action.`);
  try {
    const url = parseReport(env, fields);
    if (await countSchedules(ctx.store, caller.user.id) >= MAX_SCHEDULES_PER_USER) {
      throw new InputError(t`You can have at most ${MAX_SCHEDULES_PER_USER} scheduled pages. Delete one first.`);
    }
    await addSchedule(ctx.store, caller.user.id, { url, ...parseDelivery(fields) }, ctx.now());
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return reportsPage(env, fields, e.message);
  }
  return { redirect: `${ctx.base}${SCHEDULED_REPORTS_PATH}?done=added` };
}

async function historyPage(env: PageEnv): Promise<PageResult> {
  const { ctx, caller, fields } = env;
  // An administrator sees every user's deliveries; everyone else their own.
  const all = caller.perms.isAdmin;
  const sent = await listOutbox(ctx.store, all ? undefined : caller.user.id, { pages: REPORT_PAGES, limit: 200 });
  const rows = sent.map((o) => {
    const facts = describe(o.url)!;
    return html`<tr><td>${timeCell(o.dueAt / 1000)}</td><td><a href="${ctx.base}${o.url}">${facts.name}</a></td>\
<td>${facts.group}</td><td>${facts.period}</td>${all ? html`<td>${o.username}</td>` : ''}\
<td>${o.recipients.join(', ')}</td><td>${FORMAT_LABELS[o.format]}</td>\
<td>${o.deliveredAt ? t`Sent` : t`Recorded in the outbox (not sent: this server has no mail transport)`}</td></tr>`;
  });
  const head = tableHead(t`Due`, t`Report`, t`Group`, t`Period`, ...(all ? [t`User`] : []), t`Recipients`, t`Format`,
    t`Status`);
  return {
    title: t`Scheduled Reports History`,
    body: pageBody({
      heading: t`Scheduled Reports History`,
      intro: all ? t`The latest deliveries of every user's scheduled reports, newest first.`
        : t`The latest deliveries of your scheduled reports, newest first.`,
      notice: text(fields, 'done') === 'sent' ? t`The report was recorded in the outbox.` : undefined,
      content: html`${dataTable(t`Deliveries of scheduled reports`, head, rows,
        t`No scheduled report has been due yet.`, all ? 8 : 7)}
<p><a href="${ctx.base}${SCHEDULED_REPORTS_PATH}">${t`Scheduled Reports`}</a></p>`,
    }),
  };
}

/**
 * Scheduled Reports and Scheduled Reports History (issue 37): a group's availability or SLA report, sent daily, weekly
 * or monthly. A scheduled report is a scheduled page of the report, so housekeeping records it in the outbox when it
 * is due, once per cluster, like every scheduled page.
 */
export function registerScheduledReports(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: SCHEDULED_REPORTS_PATH, gate: gates.monitoring, get: (env) => reportsPage(env), post: reportsPost,
  });
  registerPage(app, ctx, { path: REPORT_HISTORY_PATH, gate: gates.monitoring, get: historyPage });
}
