import type { Comment, Downtime, HostStatus, ServiceStatus } from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { durationText, enabledBadge, nowSeconds, sinceText, timeCell, yesNo } from './format.js';
import { dataTable } from './table.js';

type Checked = HostStatus | ServiceStatus;

const ACK_TYPES = ['No', 'Yes', 'Yes (sticky)'];
const ENTRY_TYPES: Record<number, string> = { 1: 'User', 2: 'Downtime', 3: 'Flapping', 4: 'Acknowledgement' };

/** Multi-line plugin text, shown as text: HTML in plugin output must never render. */
export function preText(text: string, empty = 'None'): SafeHtml | string {
  return text ? html`<pre class="plugin-text">${text}</pre>` : empty;
}

/** Nagios perfdata `label=value[UOM];warn;crit;min;max`, one row per metric; unparsable text is shown as is. */
export function perfdataView(perfdata: string): SafeHtml | string {
  const text = perfdata.trim();
  if (!text) return 'None';
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
  return html`<div class="scroll-x" tabindex="0" role="region" aria-label="Performance data"><table class="perfdata">\
<caption class="visually-hidden">Performance data</caption>
<thead><tr><th scope="col">Metric</th><th scope="col">Value</th><th scope="col">Warning</th>\
<th scope="col">Critical</th>\
<th scope="col">Min</th><th scope="col">Max</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** The check and handling facts shared by host and service detail pages. */
export function checkFacts(o: Checked): [string, SafeHtml | string | number][] {
  const now = nowSeconds();
  return [
    ['Status information', html`<span class="output">${o.output || 'No output'}</span>`],
    ['Long output', preText(o.long_output)],
    ['Performance data', perfdataView(o.perfdata)],
    ['Duration', sinceText(o.last_state_change, now)],
    ['Last state change', timeCell(o.last_state_change)],
    ['Last check', timeCell(o.last_check)],
    ['Next check',
      o.active_checks_enabled ? timeCell(o.next_check, 'Not scheduled') : 'Not scheduled (active checks disabled)'],
    ['Check attempt', `${o.current_check_attempt}/${o.max_check_attempts}`],
    ['State type', o.state_type === 1 ? 'Hard' : 'Soft'],
    ['Check command', html`<code>${o.check_command || 'None'}</code>`],
    ['Check interval', o.check_interval ? `${o.check_interval} min` : 'N/A'],
    ['Active checks', enabledBadge(o.active_checks_enabled)],
    ['Passive checks', enabledBadge(o.passive_checks_enabled)],
    ['Notifications', enabledBadge(o.notifications_enabled)],
    ['Flapping', yesNo(o.is_flapping)],
    ['Acknowledged',
      ACK_TYPES[o.acknowledgement_type] && o.problem_acknowledged ? ACK_TYPES[o.acknowledgement_type]! : 'No'],
    ['In scheduled downtime', o.scheduled_downtime_depth > 0 ? `Yes (depth ${o.scheduled_downtime_depth})` : 'No'],
  ];
}

/** The Engine cell of a list row, with several engines (after the object's Host and Service cells). */
const engineCell = (x: { engine?: string }) => html`<td data-label="Engine" class="engine">${x.engine ?? ''}</td>`;

/** `withEngine`: an Engine column after the object's cells, once several engines are configured. */
export function commentsTable(
  comments: Comment[], caption: string, objectCell?: (c: Comment) => SafeHtml, withEngine = false,
): SafeHtml {
  const engine = withEngine && objectCell !== undefined;
  const rows = comments.map((c) => html`<tr>${objectCell ? objectCell(c) : ''}${engine ? engineCell(c) : ''}\
<td>${timeCell(c.entry_time)}</td><td>${c.author}</td>
<td class="output">${c.text}</td><td>${ENTRY_TYPES[c.entry_type] ?? 'Other'}</td><td>${yesNo(c.persistent)}</td></tr>`);
  const head = html`<thead><tr>${objectCell ? html`<th scope="col">Host</th><th scope="col">Service</th>` : ''}\
${engine ? html`<th scope="col">Engine</th>` : ''}<th scope="col">Entry Time</th><th scope="col">Author</th>
<th scope="col" class="wide">Comment</th><th scope="col">Type</th><th scope="col">Persistent</th></tr></thead>`;
  return dataTable(caption, head, rows, 'There are no comments.', (objectCell ? 7 : 5) + (engine ? 1 : 0));
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
<td>${d.fixed ? 'Fixed' : `Flexible (${durationText(d.duration)})`}</td><td>${d.author}</td>\
<td class="output">${d.comment}</td>
${o.deleteForm ? html`<td>${o.deleteForm(d)}</td>` : ''}</tr>`);
  const head = html`<thead><tr>${o.objectCell ? html`<th scope="col">Host</th><th scope="col">Service</th>` : ''}\
${engine ? html`<th scope="col">Engine</th>` : ''}<th scope="col">Start</th><th scope="col">End</th>
<th scope="col">Type</th><th scope="col">Author</th><th scope="col" class="wide">Comment</th>\
${o.deleteForm ? html`<th scope="col">Action</th>` : ''}</tr></thead>`;
  const columns = 6 + (o.objectCell ? 2 : 0) + (engine ? 1 : 0) + (o.deleteForm ? 1 : 0);
  return dataTable(caption, head, rows, 'There is no scheduled downtime.', columns);
}
