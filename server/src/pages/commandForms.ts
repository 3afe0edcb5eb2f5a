import type { Caller } from '../http/context.js';
import type { Fields } from '../http/input.js';
import { t } from '../http/language.js';
import type { Downtime, HostStatus, ServiceStatus } from '../monitoring/source.js';
import { escapeHtml, html, raw, type SafeHtml, withMarkup } from './html.js';
import { dateTimeInput } from './format.js';
import { nspField } from './formGuard.js';
import type { CommandName } from './commandInput.js';

/** A form the user sent that was refused: shown again with the message and exactly what they typed. */
export interface FormState { cmd: CommandName; values: Fields; error: string }

export interface FormContext {
  /** The detail page; forms post back to it. */
  action: string;
  caller: Caller;
  host: string;
  service?: string;
  object: HostStatus | ServiceStatus;
  state?: FormState;
  now: number;
}

function hidden(fc: FormContext, cmd: CommandName): SafeHtml {
  return html`${nspField(fc.caller)}<input type="hidden" name="cmd" value="${cmd}">
<input type="hidden" name="host" value="${fc.host}">\
${fc.service !== undefined ? html`<input type="hidden" name="service" value="${fc.service}">` : ''}`;
}

function valueOf(fc: FormContext, cmd: CommandName, name: string, fallback: string): string {
  if (fc.state?.cmd !== cmd) return fallback;
  const v = fc.state.values[name];
  return typeof v === 'string' ? v : '';
}

function isChecked(fc: FormContext, cmd: CommandName, name: string, fallback: boolean): boolean {
  if (fc.state?.cmd !== cmd) return fallback;
  return ['1', 'on', 'true'].includes(String(fc.state.values[name] ?? ''));
}

function checkbox(fc: FormContext, cmd: CommandName, name: string, label: string, fallback: boolean): SafeHtml {
  const id = `${cmd}-${name}`;
  return html`<div class="check">\
<input type="checkbox" id="${id}" name="${name}" value="1"${isChecked(fc, cmd, name, fallback) ? ' checked' : ''}>\
<label for="${id}">${label}</label></div>`;
}

function commentField(fc: FormContext, cmd: CommandName): SafeHtml {
  const id = `${cmd}-comment`;
  const invalid = fc.state?.cmd === cmd;
  return html`<label for="${id}">${t`Comment (required)`}</label>
<input type="text" id="${id}" name="comment" required maxlength="1000" value="${valueOf(fc, cmd, 'comment', '')}"\
${invalid ? html` aria-describedby="${cmd}-error"` : ''}>`;
}

function section(fc: FormContext, cmd: CommandName, title: string, fields: SafeHtml, submit: string): SafeHtml {
  const error = fc.state?.cmd === cmd
    ? html`<p class="error" role="alert" id="${cmd}-error">${fc.state.error}</p>`
    : '';
  return html`<section class="command card" id="form-${cmd}" aria-labelledby="${cmd}-title">
<h3 id="${cmd}-title">${title}</h3>
<form method="post" action="${fc.action}">${hidden(fc, cmd)}${error}${fields}\
<button type="submit">${submit}</button></form>
</section>`;
}

function toggle(
  fc: FormContext, cmd: 'set_active_checks' | 'set_notifications', title: string, enabled: boolean,
): SafeHtml {
  const state = html`<strong>${enabled ? t`enabled` : t`disabled`}</strong>`;
  const fields = html`<p>${withMarkup((now) => t`Currently ${now}.`, state)}</p>\
<input type="hidden" name="enabled" value="${enabled ? '0' : '1'}">`;
  return section(fc, cmd, title, fields, enabled ? t`Disable` : t`Enable`);
}

/** Element text needs no escaped apostrophe: the page keeps the one it always had. */
const serversTimeZone = () => raw(escapeHtml(t`Times are in the server's time zone.`).replaceAll('&#39;', "'"));

function downtimeForm(fc: FormContext): SafeHtml {
  const cmd = 'schedule_downtime';
  const type = valueOf(fc, cmd, 'type', 'fixed');
  const fields = html`<div class="grid">
<div><label for="${cmd}-start">${t`Start time`}</label>\
<input type="datetime-local" id="${cmd}-start" name="start_time" required\
 value="${valueOf(fc, cmd, 'start_time', dateTimeInput(fc.now))}"></div>
<div><label for="${cmd}-end">${t`End time`}</label>\
<input type="datetime-local" id="${cmd}-end" name="end_time" required\
 value="${valueOf(fc, cmd, 'end_time', dateTimeInput(fc.now + 7200))}"></div>
</div>
<fieldset><legend>${t`Type`}</legend>
<div class="check">\
<input type="radio" id="${cmd}-fixed" name="type" value="fixed"${type !== 'flexible' ? ' checked' : ''}>\
<label for="${cmd}-fixed">${t`Fixed: from start to end time`}</label></div>
<div class="check">\
<input type="radio" id="${cmd}-flexible" name="type" value="flexible"${type === 'flexible' ? ' checked' : ''}>\
<label for="${cmd}-flexible">\
${t`Flexible: starts with the first problem in the window and lasts the duration`}</label></div>
</fieldset>
<label for="${cmd}-duration">${t`Duration for flexible downtime (minutes)`}</label>
<input type="number" id="${cmd}-duration" name="duration" min="1" value="${valueOf(fc, cmd, 'duration', '120')}">
${commentField(fc, cmd)}
<p class="hint">${serversTimeZone()}</p>`;
  return section(fc, cmd, t`Schedule downtime`, fields, t`Schedule downtime`);
}

/** Every command form for one host or service; only the ones that make sense for its current state. */
export function commandForms(fc: FormContext): SafeHtml {
  const o = fc.object;
  const forms: SafeHtml[] = [];
  if (o.current_state !== 0 && !o.problem_acknowledged) {
    forms.push(section(fc, 'acknowledge', t`Acknowledge problem`, html`${commentField(fc, 'acknowledge')}
${checkbox(fc, 'acknowledge', 'sticky', t`Sticky: keep until the object recovers`, true)}
${checkbox(fc, 'acknowledge', 'notify', t`Send a notification to contacts`, true)}
${checkbox(fc, 'acknowledge', 'persistent',
    t`Persistent comment: keep the comment after the acknowledgement ends`, false)}`,
    t`Acknowledge`));
  }
  if (o.problem_acknowledged) {
    const text = html`<p>${t`The problem is acknowledged.`}</p>`;
    forms.push(section(fc, 'remove_acknowledgement', t`Remove acknowledgement`, text, t`Remove acknowledgement`));
  }
  forms.push(downtimeForm(fc));
  forms.push(section(fc, 'schedule_check', t`Re-schedule next check`, html`\
<label for="schedule_check-time">${t`Check time`}</label>
<input type="datetime-local" id="schedule_check-time" name="check_time"\
 value="${valueOf(fc, 'schedule_check', 'check_time', dateTimeInput(fc.now))}">
${checkbox(fc, 'schedule_check', 'forced', t`Force the check even if checks are disabled or it is not due`, true)}`,
    t`Schedule check`));
  forms.push(toggle(fc, 'set_active_checks', t`Active checks`, o.active_checks_enabled === 1));
  forms.push(toggle(fc, 'set_notifications', t`Notifications`, o.notifications_enabled === 1));
  forms.push(section(fc, 'add_comment', t`Add comment`, html`${commentField(fc, 'add_comment')}
${checkbox(fc, 'add_comment', 'persistent', t`Persistent: keep the comment across engine restarts`, true)}`,
    t`Add comment`));
  return html`<div class="commands">${forms}</div>`;
}

export function deleteDowntimeForm(fc: FormContext, d: Downtime): SafeHtml {
  const error = fc.state?.cmd === 'delete_downtime' && fc.state.values.downtime_id === String(d.id)
    ? html`<p class="error" role="alert">${fc.state.error}</p>` : '';
  return html`<form method="post" action="${fc.action}" class="inline">${hidden(fc, 'delete_downtime')}
<input type="hidden" name="downtime_id" value="${d.id}">${error}\
<button type="submit" class="danger" aria-label="${t`Delete downtime ${d.id}`}">${t`Delete`}</button></form>`;
}
