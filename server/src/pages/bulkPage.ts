import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import type { Fields } from '../http/input.js';
import { formatNumber, t, translate } from '../http/language.js';
import type { MonitoringSnapshot } from '../monitoring/source.js';
import {
  actionOf, BULK_ACTIONS, BULK_PATH, expandSelection, groupMembers, groupRefValue, isGroupRef, planBulk, refLabel,
  refValueOf, resolveRef, selectionOf, sendBulk, type BulkAction, type BulkItem, type GroupRef, type ObjectRef,
  type Selected,
} from './bulkCommands.js';
import { CommandInputError } from './commandInput.js';
import { dateTimeInput, hostBadge, nowSeconds, serviceBadge } from './format.js';
import { nspField } from './formGuard.js';
import { escapeHtml, html, raw, type SafeHtml } from './html.js';
import { pageBody } from './layout.js';
import { detailUrl } from './objectDetail.js';
import { gates, registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { rememberCommand } from './pendingCommands.js';
import { STATUS_PATH, statusUrl } from './urls.js';

const text = (fields: Fields, name: string, fallback = ''): string =>
  (typeof fields[name] === 'string' ? (fields[name] as string) : fallback);
const on = (value: string) => ['1', 'on', 'true'].includes(value);

/** Where "Back to the list" goes: a status list of this server only, never an address from elsewhere. */
function backOf(env: PageEnv): string {
  const back = text(env.fields, 'back');
  const list = `${env.ctx.base}${STATUS_PATH}`;
  return back === list || back.startsWith(`${list}?`) ? back : statusUrl(env.ctx.base, { show: 'services' });
}

function objectLink(env: PageEnv, ref: ObjectRef): SafeHtml {
  return html`<a href="${detailUrl(env.ctx.base, ref)}">${refLabel(ref)}</a>`;
}

function groupItem(snap: MonitoringSnapshot, ref: GroupRef, i: number): SafeHtml {
  const n = formatNumber(groupMembers(snap, ref).length);
  const label = ref.kind === 'host'
    ? t`Host group ${ref.group} (${n} hosts)`
    : t`Service group ${ref.group} (${n} services)`;
  return html`<li class="check"><input type="checkbox" id="bulk-o-${i}" name="o"\
 value="${groupRefValue(ref.kind, ref.group)}" checked><label for="bulk-o-${i}">${label}</label></li>`;
}

function selectionList(env: PageEnv, refs: Selected[], snap: MonitoringSnapshot): SafeHtml {
  const items = refs.map((ref, i) => {
    if (isGroupRef(ref)) return groupItem(snap, ref, i);
    const target = resolveRef(snap, ref);
    const badge = typeof target === 'string'
      ? html`<span class="tag">${t`not found`}</span>`
      : target.service ? serviceBadge(target.service) : hostBadge(target.host);
    const value = refValueOf(ref);
    return html`<li class="check"><input type="checkbox" id="bulk-o-${i}" name="o" value="${value}" checked>\
<label for="bulk-o-${i}">${refLabel(ref)}</label> ${badge}</li>`;
  });
  return html`<fieldset class="bulk-selection"><legend>${t`Selected (${formatNumber(refs.length)})`}</legend>
<p class="hint">${t`Clear a box to leave that object out.`}</p>
<ul>${items}</ul></fieldset>`;
}

function box(fields: Fields | undefined, name: string, label: string, fallback: boolean): SafeHtml {
  const isOn = fields ? on(text(fields, name)) : fallback;
  return html`<div class="check"><input type="checkbox" id="bulk-${name}" name="${name}" value="1"\
${isOn ? ' checked' : ''}><label for="bulk-${name}">${label}</label></div>`;
}

function commentField(fields: Fields | undefined): SafeHtml {
  return html`<label for="bulk-comment">${t`Comment (required)`}</label>
<input type="text" id="bulk-comment" name="comment" required maxlength="1000"\
 value="${fields ? text(fields, 'comment') : ''}">`;
}

/** The form's own fields per action; `sent` holds what the user sent when the form comes back refused. */
function actionFields(action: BulkAction, sent: Fields | undefined, hosts: boolean, now: number): SafeHtml {
  const value = (name: string, fallback: string) => (sent ? text(sent, name) : fallback);
  switch (action) {
    case 'acknowledge':
      return html`${commentField(sent)}
${box(sent, 'sticky', t`Sticky: keep until the object recovers`, true)}
${box(sent, 'notify', t`Send a notification to contacts`, true)}
${box(sent, 'persistent', t`Persistent comment: keep the comment after the acknowledgement ends`, false)}`;
    case 'schedule_downtime': {
      const type = value('type', 'fixed');
      return html`<div class="grid">
<div><label for="bulk-start">${t`Start time`}</label>\
<input type="datetime-local" id="bulk-start" name="start_time" required\
 value="${value('start_time', dateTimeInput(now))}">\
</div>
<div><label for="bulk-end">${t`End time`}</label>\
<input type="datetime-local" id="bulk-end" name="end_time" required\
 value="${value('end_time', dateTimeInput(now + 7200))}"></div>
</div>
<fieldset><legend>${t`Type`}</legend>
<div class="check"><input type="radio" id="bulk-fixed" name="type" value="fixed"\
${type !== 'flexible' ? ' checked' : ''}>\
<label for="bulk-fixed">${t`Fixed: from start to end time`}</label></div>
<div class="check"><input type="radio" id="bulk-flexible" name="type" value="flexible"\
${type === 'flexible' ? ' checked' : ''}><label for="bulk-flexible">\
${t`Flexible: starts with the first problem in the window and lasts the duration`}</label></div>
</fieldset>
<label for="bulk-duration">${t`Duration for flexible downtime (minutes)`}</label>
<input type="number" id="bulk-duration" name="duration" min="1" value="${value('duration', '120')}">
${commentField(sent)}
${hosts ? box(sent, 'services', t`For hosts: and all their services`, false) : ''}
<p class="hint">${raw(escapeHtml(t`Times are in the server's time zone.`).replaceAll('&#39;', "'"))}</p>`;
    }
    case 'recheck':
      return html`<p>${t`Each selected object is checked now, even if its checks are disabled or not due.`}</p>`;
    case 'remove_acknowledgement':
    case 'disable_notifications':
    case 'enable_notifications':
      return html``;
  }
}

/** The one form for the whole selection; `refused` re-shows it with the message and what was typed. */
function formPage(env: PageEnv, action: BulkAction, refs: Selected[], refused?: string): PageResult {
  const { ctx, caller } = env;
  const snap = ctx.monitoring.snapshot();
  const label = translate(BULK_ACTIONS[action].label);
  const back = backOf(env);
  const hosts = refs.some((r) => (isGroupRef(r) ? r.kind === 'host' : r.service === undefined));
  const content = html`<form method="post" action="${ctx.base}${BULK_PATH}" class="bulk-form card">\
${nspField(caller)}<input type="hidden" name="action" value="${action}"><input type="hidden" name="confirm" value="1">\
<input type="hidden" name="back" value="${back}">
${selectionList(env, refs, snap)}
${actionFields(action, refused ? env.fields : undefined, hosts, nowSeconds())}
<div class="actions"><button type="submit">${label}</button> \
<a class="button secondary" href="${back}">${t`Cancel`}</a></div>
</form>`;
  return {
    title: label,
    status: refused ? 400 : 200,
    body: pageBody({
      heading: t`${label}: ${formatNumber(refs.length)} selected`,
      error: refused ? t`Nothing was submitted: ${refused}` : undefined,
      content,
    }),
  };
}

function resultPage(env: PageEnv, action: BulkAction, done: BulkItem[]): PageResult {
  const label = translate(BULK_ACTIONS[action].label);
  const sent = done.filter((i) => !i.refused);
  const refused = done.filter((i) => i.refused);
  const content = html`${sent.length ? html`<section class="bulk-result card" aria-labelledby="bulk-sent">
<h2 id="bulk-sent">${t`Submitted (${formatNumber(sent.length)})`}</h2>
<ul>${sent.map((i) => html`<li>${objectLink(env, i.ref)}</li>`)}</ul></section>` : ''}
${refused.length ? html`<section class="bulk-result bulk-refused card" aria-labelledby="bulk-refused">
<h2 id="bulk-refused">${t`Refused (${formatNumber(refused.length)})`}</h2>
<ul>${refused.map((i) => html`<li>${objectLink(env, i.ref)}: <span class="reason">${i.refused}</span></li>`)}</ul>\
</section>` : ''}
<p><a class="button" href="${backOf(env)}">${t`Back to the list`}</a></p>`;
  const [ok, no, all] = [formatNumber(sent.length), formatNumber(refused.length), formatNumber(done.length)];
  const summary = sent.length
    ? t`${ok} of ${all} commands submitted. The results appear once the monitoring engines process them.`
    : undefined;
  return {
    title: label,
    body: pageBody({
      heading: t`${label}: result`,
      notice: summary,
      error: refused.length ? t`${no} of ${all} refused; see why below.` : undefined,
      content,
    }),
  };
}

/** A list's selection (GET, or its post without confirm) gets the form; a confirmed post sends the commands. */
async function bulkPost(env: PageEnv): Promise<PageResult> {
  const action = actionOf(env.fields);
  const selected = selectionOf(env.fields);
  if (env.fields.confirm !== '1') return formPage(env, action, selected);
  const { ctx, caller } = env;
  const snap = ctx.monitoring.snapshot();
  const refs = expandSelection(snap, selected);
  if (!refs.length) throw badRequest(t`The selected groups have no hosts or services.`);
  const now = nowSeconds();
  let planned: BulkItem[];
  try {
    planned = planBulk(action, refs, env.fields, snap, caller.user.username, now);
  } catch (error) {
    if (error instanceof CommandInputError) return formPage(env, action, selected, error.message);
    throw error;
  }
  const done = await sendBulk(planned, (c) => ctx.monitoring.submit(c));
  for (const item of done) {
    if (!item.command || item.refused) continue;
    rememberCommand(caller.session.id, item.command, item.ref.host, item.ref.service, now);
  }
  return resultPage(env, action, done);
}

export function registerBulkPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: BULK_PATH,
    gate: gates.commands,
    get: (env) => formPage(env, actionOf(env.fields), selectionOf(env.fields)),
    post: bulkPost,
  });
}
