import { hostKey, type MonitoringSnapshot } from '../monitoring/source.js';
import { html } from '../pages/html.js';
import { t } from '../http/language.js';
import { finish, perSnapshotSliced, SLICE_ROWS, type Slices } from '../monitoring/slices.js';

const plural = (n: number, what: string) => `${n} Unhandled ${what} Problem${n === 1 ? '' : 's'}`;

/** The same count for the reader: one sentence per kind and number, as other languages inflect both. */
function readable(n: number, what: 'Host' | 'Service'): string {
  if (what === 'Host') return n === 1 ? t`${n} Unhandled Host Problem` : t`${n} Unhandled Host Problems`;
  return n === 1 ? t`${n} Unhandled Service Problem` : t`${n} Unhandled Service Problems`;
}

/**
 * Problems nobody has dealt with: not acknowledged, not in downtime; services only while their host is UP. Rows of an
 * engine that is not answering (`stale`) are not counted: totals add up the engines that answer.
 */
export function unhandledProblems(snap: Pick<MonitoringSnapshot, 'hosts' | 'services'>): { hosts: number; services: number } {
  return finish(unhandledSlices(snap));
}

/** Counted once per snapshot (in slices by the snapshot warmer): every display asks for the tray alert, and the answer only changes with the data. */
export const trayAlertCounts = perSnapshotSliced(unhandledSlices, (parts) => ({
  hosts: parts.reduce((n, p) => n + p.hosts, 0), services: parts.reduce((n, p) => n + p.services, 0),
}));

function* unhandledSlices(snap: Pick<MonitoringSnapshot, 'hosts' | 'services'>): Slices<{ hosts: number; services: number }> {
  const unhandled = (o: { problem_acknowledged: number; scheduled_downtime_depth: number }) =>
    o.problem_acknowledged === 0 && o.scheduled_downtime_depth === 0;
  const hostUp = new Map<string, boolean>();
  let hosts = 0;
  for (let i = 0; i < snap.hosts.length; i++) {
    const h = snap.hosts[i]!;
    hostUp.set(hostKey(h), h.current_state === 0);
    if (h.stale === undefined && h.current_state !== 0 && unhandled(h)) hosts++;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  let services = 0;
  for (let i = 0; i < snap.services.length; i++) {
    const s = snap.services[i]!;
    if (s.stale === undefined && s.current_state !== 0 && unhandled(s) && hostUp.get(hostKey(s)) === true) services++;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return { hosts, services };
}

/**
 * The footer's tray alert: its title says "No Problems Detected" exactly when nothing needs attention (spec 2.8). The
 * title stays English whatever the reader's language, as the app reads it (and shows its counts in the user's own
 * language); the fragment's text is the reader's.
 */
export function trayAlertHtml(base: string, snap: MonitoringSnapshot): string {
  const { hosts, services } = trayAlertCounts(snap);
  const status = `${base}includes/components/xicore/status.php?show=`;
  const items = [
    hosts > 0 && { text: plural(hosts, 'Host'), shown: readable(hosts, 'Host'), href: `${status}hostproblems` },
    services > 0 && {
      text: plural(services, 'Service'), shown: readable(services, 'Service'), href: `${status}serviceproblems`,
    },
  ].filter((x): x is { text: string; shown: string; href: string } => x !== false);
  const title = items.length ? items.map((i) => i.text).join(', ') : 'No Problems Detected';
  const body = items.length
    ? html`<ul>${items.map((i) => html`<li><a href="${i.href}" target="maincontentframe">${i.shown}</a></li>`)}</ul>`
    : html`<p>${t`No Problems Detected`}</p>`;
  return html`<div class="tray-alert" title="${title}">${body}</div>`.toString();
}
