import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import type { Fields } from '../http/input.js';
import {
  addSchedule, countSchedules, deleteSchedule, FORMATS, FREQUENCIES, listOutbox, listSchedules, MAX_RECIPIENTS,
  MAX_SCHEDULES_PER_USER, type Frequency, type NewSchedule, type Schedule, type ScheduleFormat,
} from '../db/schedules.js';
import { mark, t, translate } from '../http/language.js';
import { html, withMarkup, type SafeHtml } from './html.js';
import { nspField } from './formGuard.js';
import { pageBody } from './layout.js';
import { timeCell } from './format.js';
import { registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { dataTable, tableHead } from './table.js';

export const SCHEDULE_PATH = 'reports/schedulereport.php';
const WEEKDAYS = [
  mark('Sunday'), mark('Monday'), mark('Tuesday'), mark('Wednesday'), mark('Thursday'), mark('Friday'),
  mark('Saturday'),
];
const FREQUENCY_LABELS: Record<Frequency, string> = {
  daily: mark('Daily'), weekly: mark('Weekly'), monthly: mark('Monthly'),
};
export const FORMAT_LABELS: Record<ScheduleFormat, string> = { pdf: 'PDF', html: 'HTML' };
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Input a form refuses: its message is shown on the form, nothing is saved. */
export class InputError extends Error {}

export function text(fields: Fields, name: string): string {
  const value = fields[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The page as Page Actions sends it: a path relative to the base (an absolute one under the base is accepted), on
 * this server only. Graph explorer pages keep spec 5's refusal.
 */
export function schedulablePage(base: string, raw: string): string {
  const url = raw.startsWith(base) ? raw.slice(base.length) : raw;
  if (!url) {
    throw new InputError(t`Choose the page to schedule: open it in Pharos and use Page Actions → Schedule Page.`);
  }
  const path = url.split(/[?#]/)[0]!;
  if (url.length > 2000 || /^[a-z][a-z0-9+.-]*:|^[/\\]|\\/i.test(url) || path.split('/').includes('..')) {
    throw new InputError(t`Only pages of this server can be scheduled.`);
  }
  if (url.includes('graphexplorer')) {
    throw new InputError(t`The page you are requesting cannot be scheduled. \
The page is either not optimized to be scheduled or is not a part of the system.`);
  }
  return url;
}

function parseSchedule(base: string, fields: Fields): NewSchedule {
  return { url: schedulablePage(base, text(fields, 'url')), ...parseDelivery(fields) };
}

/** When and to whom a schedule sends: frequency, time, day, recipients and format, each checked with its message. */
export function parseDelivery(fields: Fields): Omit<NewSchedule, 'url'> {
  const frequency = text(fields, 'frequency') as Frequency;
  if (!FREQUENCIES.includes(frequency)) {
    throw new InputError(t`Choose how often to send the page: daily, weekly or monthly.`);
  }
  const time = text(fields, 'time');
  if (!TIME.test(time)) throw new InputError(t`Enter the time of day as HH:MM, for example 08:00.`);
  const weekday = Number(text(fields, 'weekday'));
  if (frequency === 'weekly' && !(Number.isInteger(weekday) && weekday >= 0 && weekday <= 6)) {
    throw new InputError(t`Choose the day of the week.`);
  }
  const monthday = Number(text(fields, 'monthday'));
  if (frequency === 'monthly' && !(Number.isInteger(monthday) && monthday >= 1 && monthday <= 31)) {
    throw new InputError(t`Enter the day of the month, from 1 to 31.`);
  }
  const recipients = text(fields, 'recipients').split(/[\s,;]+/).filter(Boolean);
  if (recipients.length === 0) throw new InputError(t`Enter at least one recipient email address.`);
  if (recipients.length > MAX_RECIPIENTS) throw new InputError(t`Enter at most ${MAX_RECIPIENTS} recipients.`);
  const invalid = recipients.find((r) => r.length > 254 || !EMAIL.test(r));
  if (invalid !== undefined) throw new InputError(t`"${invalid}" is not a valid email address.`);
  const format = text(fields, 'format') as ScheduleFormat;
  if (!FORMATS.includes(format)) throw new InputError(t`Choose the format: PDF or HTML.`);
  return { frequency, time, weekday, monthday, recipients, format };
}

export function whenText(s: Pick<Schedule, 'frequency' | 'time' | 'weekday' | 'monthday'>): string {
  if (s.frequency === 'weekly') return t`Weekly on ${translate(WEEKDAYS[s.weekday ?? 1] ?? '')} at ${s.time}`;
  if (s.frequency === 'monthly') return t`Monthly on day ${s.monthday ?? 1} at ${s.time}`;
  return t`Daily at ${s.time}`;
}

function option(value: string, label: string, current: string): SafeHtml {
  return html`<option value="${value}"${value === current ? html` selected` : ''}>${label}</option>`;
}

/** The fields parseDelivery reads; `input` keeps what the user sent when it was refused. */
export function deliveryFields(input: Fields): SafeHtml {
  const v = (name: string, fallback: string) => text(input, name) || fallback;
  return html`<label for="schedule-frequency">${t`Frequency`}</label>
<select id="schedule-frequency" name="frequency">\
${FREQUENCIES.map((f) => option(f, translate(FREQUENCY_LABELS[f]), v('frequency', 'daily')))}</select>
<label for="schedule-time">${t`Time (server time, HH:MM)`}</label>
<input id="schedule-time" name="time" type="time" required value="${v('time', '08:00')}">
<label for="schedule-weekday">${t`Day of the week (weekly)`}</label>
<select id="schedule-weekday" name="weekday">\
${WEEKDAYS.map((d, i) => option(String(i), translate(d), v('weekday', '1')))}</select>
<label for="schedule-monthday">${t`Day of the month (monthly; a shorter month uses its last day)`}</label>
<input id="schedule-monthday" name="monthday" type="number" min="1" max="31" value="${v('monthday', '1')}">
<label for="schedule-recipients">${t`Recipients (email addresses, separated by commas)`}</label>
<input id="schedule-recipients" name="recipients" type="text" required value="${v('recipients', '')}">
<label for="schedule-format">${t`Format`}</label>
<select id="schedule-format" name="format">\
${FORMATS.map((f) => option(f, FORMAT_LABELS[f], v('format', 'pdf')))}</select>`;
}

/** The form for one page; `input` keeps what the user sent when it was refused. */
function scheduleForm(env: PageEnv, url: string, input: Fields): SafeHtml {
  const { ctx, caller } = env;
  return html`<form method="post" action="${ctx.base}${SCHEDULE_PATH}" class="card narrow"\
 aria-labelledby="schedule-form-title">
<h2 id="schedule-form-title">${t`Schedule this page`}</h2>
${nspField(caller)}
<input type="hidden" name="action" value="add">
<input type="hidden" name="url" value="${url}">
<p>${withMarkup((page) => t`Page: ${page}`, html`<a href="${ctx.base}${url}"><code>${url}</code></a>`)}</p>
${deliveryFields(input)}
<button type="submit">${t`Schedule page`}</button>
</form>`;
}

async function lists(env: PageEnv): Promise<SafeHtml> {
  const { ctx, caller } = env;
  const schedules = await listSchedules(ctx.store, caller.user.id);
  const head = tableHead(t`Page`, t`When`, t`Recipients`, t`Format`, t`Next send`, t`Actions`);
  const rows = schedules.map((s) => html`<tr data-schedule="${s.id}">\
<td><a href="${ctx.base}${s.url}"><code>${s.url}</code></a></td><td>${whenText(s)}</td>\
<td>${s.recipients.join(', ')}</td><td>${FORMAT_LABELS[s.format]}</td><td>${timeCell(s.nextRunAt / 1000)}</td>
<td><form method="post" action="${ctx.base}${SCHEDULE_PATH}">${nspField(caller)}\
<input type="hidden" name="action" value="delete"><input type="hidden" name="id" value="${s.id}">\
<button type="submit" class="danger" aria-label="${t`Delete the schedule of ${s.url}`}">${t`Delete`}</button>\
</form></td></tr>`);
  const sent = await listOutbox(ctx.store, caller.user.id);
  const outHead = tableHead(t`Due`, t`Page`, t`Recipients`, t`Format`, t`Status`);
  const outRows = sent.map((o) => html`<tr><td>${timeCell(o.dueAt / 1000)}</td><td><code>${o.url}</code></td>\
<td>${o.recipients.join(', ')}</td><td>${FORMAT_LABELS[o.format]}</td>\
<td>${o.deliveredAt ? t`Sent` : t`Recorded in the outbox (not sent: this server has no mail transport)`}</td></tr>`);
  return html`<h2>${t`My scheduled pages`}</h2>
${dataTable(t`My scheduled pages`, head, rows,
    t`You have not scheduled any pages. Open a page and choose Page Actions → Schedule Page.`, 6)}
<h2>${t`Recent deliveries`}</h2>
${dataTable(t`Recent deliveries`, outHead, outRows, t`Nothing has been due yet.`, 5)}`;
}

async function schedulePage(env: PageEnv, input: Fields = env.fields, error?: string): Promise<PageResult> {
  const { ctx, fields } = env;
  let form: SafeHtml | string = '';
  let problem = error;
  const wanted = text(input, 'url');
  if (text(input, 'type') === 'page' || wanted) {
    try {
      form = scheduleForm(env, schedulablePage(ctx.base, wanted), error ? input : {});
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problem ??= e.message;
    }
  }
  const done = text(fields, 'done');
  const notice = done === 'added' ? t`The page was scheduled.`
    : done === 'deleted' ? t`The schedule was deleted.` : undefined;
  return {
    title: t`Schedule Page`,
    status: problem ? 400 : 200,
    body: pageBody({
      heading: t`Scheduled Pages`, intro: t`Pages sent to recipients by email at the times you choose (server time).`,
      notice, error: problem, content: html`${form}${await lists(env)}`,
    }),
  };
}

async function schedulePost(env: PageEnv): Promise<PageResult> {
  const { ctx, caller, fields } = env;
  const action = text(fields, 'action');
  if (action === 'delete') {
    const id = Number(text(fields, 'id'));
    if (!Number.isInteger(id) || !await deleteSchedule(ctx.store, caller.user.id, id)) {
      return schedulePage(env, {}, t`That schedule does not exist (it may have been deleted already).`);
    }
    return { redirect: `${ctx.base}${SCHEDULE_PATH}?done=deleted` };
  }
  if (action !== 'add') return schedulePage(env, {}, t`Unknown action.`);
  try {
    const schedule = parseSchedule(ctx.base, fields);
    if (await countSchedules(ctx.store, caller.user.id) >= MAX_SCHEDULES_PER_USER) {
      throw new InputError(t`You can have at most ${MAX_SCHEDULES_PER_USER} scheduled pages. Delete one first.`);
    }
    await addSchedule(ctx.store, caller.user.id, schedule);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return schedulePage(env, fields, e.message);
  }
  return { redirect: `${ctx.base}${SCHEDULE_PATH}?done=added` };
}

/** Spec 2.6's Schedule Page target: schedule the page Page Actions names, and see and delete one's own schedules. */
export function registerSchedulePage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, { path: SCHEDULE_PATH, get: (env) => schedulePage(env), post: schedulePost });
}
