import { formatNumber, t, translate } from '../http/language.js';
import { NO_DATA_WORD } from '../monitoring/history.js';
import type { Availability } from '../monitoring/history.js';
import { html, type SafeHtml } from './html.js';
import { durationText, stateClass } from './format.js';
import type { HistoryEntry } from './historyQuery.js';

/** A state word as the reader reads it; NODATA is "No data". */
export const stateText = (word: string): string => (word === NO_DATA_WORD ? t`No data` : translate(word));

const stateClassOf = (word: string): string => (word === NO_DATA_WORD ? 'pending' : stateClass(word));

export const stateBadge = (word: string): SafeHtml =>
  html`<span class="badge state-${stateClassOf(word)}">${stateText(word)}</span>`;

/** What an entry records, in words. */
export function typeText(e: Pick<HistoryEntry, 'type' | 'phase'>): string {
  if (e.type === 'acknowledgement') return e.phase === 'end' ? t`Acknowledgement ended` : t`Acknowledged`;
  if (e.type === 'downtime') return e.phase === 'end' ? t`Downtime ended` : t`Downtime started`;
  if (e.type === 'flapping') return e.phase === 'end' ? t`Flapping stopped` : t`Flapping started`;
  return t`State change`;
}

const sharesOf = (o: Pick<Availability, 'percent'>) => Object.entries(o.percent).filter(([, p]) => p > 0);

/**
 * The time in each state as one bar (SVG), its shares written in its label and in each part's title: the colour is
 * never the only signal, and the shares are written beside it too (availabilityShares).
 */
export function availabilityBar(o: Pick<Availability, 'percent'>): SafeHtml {
  const parts = sharesOf(o);
  const label = parts.map(([w, p]) => `${stateText(w)} ${formatNumber(p)} %`).join(', ');
  let x = 0;
  return html`<svg class="availability-bar" viewBox="0 0 1000 12" preserveAspectRatio="none" width="100%" \
height="12" role="img" aria-label="${label}">${parts.map(([w, p]) => {
    const width = p * 10;
    const rect = html`<rect x="${x}" y="0" width="${width}" height="12" class="state-${stateClassOf(w)}">\
<title>${stateText(w)}</title></rect>`;
    x += width;
    return rect;
  })}</svg>`;
}

/** Each state with time in it: its share and its duration, as a list. */
export function availabilityShares(o: Pick<Availability, 'percent' | 'seconds'>): SafeHtml {
  return html`<ul class="availability-share">${sharesOf(o).map(([w, p]) => html`<li>${stateText(w)}: \
${formatNumber(p)} % (${durationText(o.seconds[w] ?? 0)})</li>`)}</ul>`;
}
