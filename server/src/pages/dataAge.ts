import { t } from '../http/language.js';
import { dateTimeText, durationText, nowSeconds } from './format.js';
import { html, type SafeHtml, withMarkup } from './html.js';

/** How often a live page (livepage.js) loads its data again, in seconds. Nagios Core's status pages: 90. */
export const LIVE_REFRESH_SECONDS = 60;

/** "Data from 2026-11-28 12:00:40, 5s old": the time of the monitoring data a page was made from, and its age. */
export function dataAgeText(updated: number, now = nowSeconds()): SafeHtml {
  const age = Math.max(0, now - updated);
  return withMarkup((when, old) => t`Data from ${when}, ${old} old`,
    html`<time datetime="${new Date(updated * 1000).toISOString()}">${dateTimeText(updated)}</time>`,
    html`<span class="age-text">${durationText(age)}</span>`);
}

/** An engine of several that is not answering: its rows are kept, as old as its last data (several engines). */
export interface LaggingEngine { name: string; updated: number }

/**
 * "paris: data from 11:59:41, 1m 0s old (not answering)": the age of the data shown for an engine that is not
 * answering, which the page's own age leaves out (it is the age of the engines that answer). Its age counts up too.
 */
function laggingText(e: LaggingEngine, now: number): SafeHtml {
  if (!e.updated) return html`${t`${e.name}: no data yet (not answering)`}`;
  const age = Math.max(0, now - e.updated);
  return withMarkup((name, when, old) => t`${name}: data from ${when}, ${old} old (not answering)`, e.name,
    html`<time datetime="${new Date(e.updated * 1000).toISOString()}">${dateTimeText(e.updated)}</time>`,
    html`<span class="age-text" data-age="${age}">${durationText(age)}</span>`);
}

/**
 * A monitoring page left open (an operator's frame, an item a wall shows for minutes) must never show old data as
 * current: it says how old its data is, counting up (livepage.js), loads itself again in place every `refresh` seconds,
 * and says so when that fails, keeping what it showed. A page with forms passes 0: it counts its age, and is never
 * replaced under someone filling it in.
 */
export function liveDataAge(
  updated: number, refresh = LIVE_REFRESH_SECONDS, lagging: readonly LaggingEngine[] = [],
): SafeHtml {
  // The age ticks every second, so it is no live region; the failure note is one, filled in when a refresh fails.
  const failed = refresh ? refreshFailedNote() : '';
  const now = nowSeconds();
  // Issue 36: "1s old" while one engine's rows on the same page were a minute old.
  const behind = lagging.map((e) => html` · <span class="lagging">${laggingText(e, now)}</span>`);
  if (!updated) {
    return html`<p class="data-age live-age" data-refresh="${refresh}">\
${t`No monitoring data received yet`}${behind}</p>${failed}`;
  }
  const age = Math.max(0, now - updated);
  return html`<p class="data-age live-age" data-age="${age}" data-refresh="${refresh}">\
${dataAgeText(updated, now)}${behind}</p>${failed}`;
}

/** Empty until a refresh fails; the page's script then shows its text, in the reader's language. */
export function refreshFailedNote(): SafeHtml {
  const text = t`Could not refresh: showing the last data received.`;
  return html`<p class="refresh-failed" role="status" data-text="${text}"></p>`;
}

/** A classic page's script that counts an age, after duration.js (both deferred, so in this order). */
export function ageScript(base: string, name: 'livepage' | 'problemsboard' | 'dashboard'): SafeHtml {
  return html`<script src="${base}includes/js/duration.js" defer></script>
<script src="${base}includes/js/${name}.js" defer></script>`;
}
