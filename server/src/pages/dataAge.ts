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

/**
 * A monitoring page left open (an operator's frame, an item a wall shows for minutes) must never show old data as
 * current: it says how old its data is, counting up (livepage.js), loads itself again in place every `refresh` seconds,
 * and says so when that fails, keeping what it showed. A page with forms passes 0: it counts its age, and is never
 * replaced under someone filling it in.
 */
export function liveDataAge(updated: number, refresh = LIVE_REFRESH_SECONDS): SafeHtml {
  // The age ticks every second, so it is no live region; the failure note is one, filled in when a refresh fails.
  const failed = refresh ? refreshFailedNote() : '';
  if (!updated) {
    return html`<p class="data-age live-age" data-refresh="${refresh}">${t`No monitoring data received yet`}</p>\
${failed}`;
  }
  const age = Math.max(0, nowSeconds() - updated);
  return html`<p class="data-age live-age" data-age="${age}" data-refresh="${refresh}">\
${dataAgeText(updated)}</p>${failed}`;
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
