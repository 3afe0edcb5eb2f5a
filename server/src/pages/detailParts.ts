import { mark, t, translate } from '../http/language.js';
import type { Comment, Downtime, HostStatus, ServiceStatus } from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { durationText, enabledBadge, intervalText, nowSeconds, sinceText, timeCell, yesNo } from './format.js';
import { dataTable } from './table.js';

type Checked = HostStatus | ServiceStatus;

const ACK_TYPES = [mark('No'), mark('Yes'), mark('Yes (sticky)')];
// 'User' stays English: the German page check would take any text containing a translated key, such as the service
// Current Users, for English left on the page.
const ENTRY_TYPES: Record<number, string> = {
  1: 'User', 2: mark('Downtime'), 3: mark('Flapping'), 4: mark('Acknowledgement'),
};

/** Multi-line plugin text, shown as text: HTML in plugin output must never render. */
export function preText(text: string, empty?: string): SafeHtml | string {
  return text ? html`<pre class="plugin-text">${text}</pre>` : empty ?? t`None`;
}

/** Nagios perfdata `label=value[UOM];warn;crit;min;max`, one row per metric; unparsable text is shown as is. */
export function perfdataView(perfdata: string): SafeHtml | string {
  const text = perfdata.trim();
  if (!text) return t`None`;
  const items = text.match(/(?:'[^']*'|[^\s=']+)=\S*/g) ?? [];
  const rows = items.map((item) => {
    const quoted = item.startsWith("'");
    const split = quoted ? item.indexOf("'", 1) + 1 : item.indexOf('=');
    const label = quoted ? item.slice(1, split - 1) : item.slice(0, split);
    const [value = '', warn = '', crit = '', min = '', max = ''] = item.slice(split + 1).split(';');
    return html`<tr><th scope="row">${label}</th><td>${value}</td><td>${warn}</td><td>${crit}</td>\
<td>${min}</td><td>${max}</td></tr>`;
  });
  if (!rows.length) return preText(text);
  // Six columns do not fit a phone: the table scrolls inside its own box (shaded at the edge that has more), never the
  // page.
  const label = t`Performance data`;
  return html`<div class="scroll-x" tabindex="0" role="region" aria-label="${label}"><table class="perfdata">\
<caption class="visually-hidden">${label}</caption>
<thead><tr><th scope="col">${t`Metric`}</th><th scope="col">${t`Value`}</th><th scope="col">${t`Warning`}</th>\
<th scope="col">${t`Critical`}</th>\
<th scope="col">${t`Min`}</th><th scope="col">${t`Max`}</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** The check and handling facts shared by host and service detail pages. */
export function checkFacts(o: Checked): [string, SafeHtml | string | number][] {
  const now = nowSeconds();
  const ackType = o.problem_acknowledged ? ACK_TYPES[o.acknowledgement_type] : undefined;
  return [
    [t`Status information`, html`<span class="output">${o.output || t`No output`}</span>`],
    [t`Long output`, preText(o.long_output)],
    [t`Performance data`, perfdataView(o.perfdata)],
    [t`Duration`, sinceText(o.last_state_change, now)],
    [t`Last state change`, timeCell(o.last_state_change)],
    [t`Last check`, timeCell(o.last_check)],
    [t`Next check`, o.active_checks_enabled
      ? timeCell(o.next_check, t`Not scheduled`)
      : t`Not scheduled (active checks disabled)`],
    [t`Check attempt`, `${o.current_check_attempt}/${o.max_check_attempts}`],
    [t`State type`, o.state_type === 1 ? t`Hard` : t`Soft`],
    [t`Check command`, html`<code>${o.check_command || t`None`}</code>`],
    [t`Check interval`, intervalText(o.check_interval) ?? t`N/A`],
    [t`Active checks`, enabledBadge(o.active_checks_enabled)],
    [t`Passive checks`, enabledBadge(o.passive_checks_enabled)],
    [t`Notifications`, enabledBadge(o.notifications_enabled)],
    [t`Flapping`, yesNo(o.is_flapping)],
    [t`Acknowledged`, ackType ? translate(ackType) : t`No`],
    [t`In scheduled downtime`,
      o.scheduled_downtime_depth > 0 ? t`Yes (depth ${o.scheduled_downtime_depth})` : t`No`],
  ];
}

/** The Engine cell of a list row, with several engines (after the object's Host and Service cells). */
const engineCell = (x: { engine?: string }) =>
  html`<td data-label="${t`Engine`}" class="engine">${x.engine ?? ''}</td>`;

const objectHeads = () => html`<th scope="col">${t`Host`}</th><th scope="col">${t`Service`}</th>`;

/** `withEngine`: an Engine column after the object's cells, once several engines are configured. */
export function commentsTable(
  comments: Comment[], caption: string, objectCell?: (c: Comment) => SafeHtml, withEngine = false,
): SafeHtml {
  const engine = withEngine && objectCell !== undefined;
  const rows = comments.map((c) => html`<tr>${objectCell ? objectCell(c) : ''}${engine ? engineCell(c) : ''}\
<td>${timeCell(c.entry_time)}</td><td>${c.author}</td>
<td class="output">${c.text}</td><td>${translate(ENTRY_TYPES[c.entry_type] ?? mark('Other'))}</td>\
<td>${yesNo(c.persistent)}</td></tr>`);
  const head = html`<thead><tr>${objectCell ? objectHeads() : ''}\
${engine ? html`<th scope="col">${t`Engine`}</th>` : ''}<th scope="col">${t`Entry Time`}</th>\
<th scope="col">${t`Author`}</th>
<th scope="col" class="wide">${t`Comment`}</th><th scope="col">${t`Type`}</th>\
<th scope="col">${t`Persistent`}</th></tr></thead>`;
  return dataTable(caption, head, rows, t`There are no comments.`, (objectCell ? 7 : 5) + (engine ? 1 : 0));
}

export interface DowntimeRowOptions {
  objectCell?: (d: Downtime) => SafeHtml;
  /** A delete form per row, when the user may send commands. */
  deleteForm?: (d: Downtime) => SafeHtml;
  /** An Engine column after the object's cells, once several engines are configured. */
  withEngine?: boolean;
}

export function downtimesTable(downtimes: Downtime[], caption: string, o: DowntimeRowOptions = {}): SafeHtml {
  const engine = o.withEngine === true && o.objectCell !== undefined;
  const rows = downtimes.map((d) => html`<tr>${o.objectCell ? o.objectCell(d) : ''}${engine ? engineCell(d) : ''}\
<td>${timeCell(d.start_time)}</td><td>${timeCell(d.end_time)}</td>
<td>${d.fixed ? t`Fixed` : t`Flexible (${durationText(d.duration)})`}</td><td>${d.author}</td>\
<td class="output">${d.comment}</td>
${o.deleteForm ? html`<td>${o.deleteForm(d)}</td>` : ''}</tr>`);
  const head = html`<thead><tr>${o.objectCell ? objectHeads() : ''}\
${engine ? html`<th scope="col">${t`Engine`}</th>` : ''}<th scope="col">${t`Start`}</th><th scope="col">${t`End`}</th>
<th scope="col">${t`Type`}</th><th scope="col">${t`Author`}</th><th scope="col" class="wide">${t`Comment`}</th>\
${o.deleteForm ? html`<th scope="col">${t`Action`}</th>` : ''}</tr></thead>`;
  const columns = 6 + (o.objectCell ? 2 : 0) + (engine ? 1 : 0) + (o.deleteForm ? 1 : 0);
  return dataTable(caption, head, rows, t`There is no scheduled downtime.`, columns);
}
