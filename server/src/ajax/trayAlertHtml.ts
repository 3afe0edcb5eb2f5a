import { hostKey, type MonitoringSnapshot } from '../monitoring/source.js';
import { html } from '../pages/html.js';
import { perSnapshot } from '../monitoring/perSnapshot.js';

const plural = (n: number, what: string) => `${n} Unhandled ${what} Problem${n === 1 ? '' : 's'}`;

/**
 * Problems nobody has dealt with: not acknowledged, not in downtime; services only while their host is UP. Rows of an
 * engine that is not answering (`stale`) are not counted: totals add up the engines that answer.
 */
export function unhandledProblems(snap: Pick<MonitoringSnapshot, 'hosts' | 'services'>): { hosts: number; services: number } {
  const unhandled = (o: { problem_acknowledged: number; scheduled_downtime_depth: number }) =>
    o.problem_acknowledged === 0 && o.scheduled_downtime_depth === 0;
  const hostUp = new Map(snap.hosts.map((h) => [hostKey(h), h.current_state === 0]));
  return {
    hosts: snap.hosts.filter((h) => h.stale === undefined && h.current_state !== 0 && unhandled(h)).length,
    services: snap.services.filter((s) => s.stale === undefined && s.current_state !== 0 && unhandled(s) && hostUp.get(hostKey(s)) === true).length,
  };
}

/** Counted once per snapshot: every display asks for the tray alert, and the answer only changes with the data. */
export const trayAlertCounts = perSnapshot(unhandledProblems);

/** The footer's tray alert: its title says "No Problems Detected" exactly when nothing needs attention (spec 2.8). */
export function trayAlertHtml(base: string, snap: MonitoringSnapshot): string {
  const { hosts, services } = trayAlertCounts(snap);
  const status = `${base}includes/components/xicore/status.php?show=`;
  const items = [
    hosts > 0 && { text: plural(hosts, 'Host'), href: `${status}hostproblems` },
    services > 0 && { text: plural(services, 'Service'), href: `${status}serviceproblems` },
  ].filter((x): x is { text: string; href: string } => x !== false);
  const title = items.length ? items.map((i) => i.text).join(', ') : 'No Problems Detected';
  const body = items.length
    ? html`<ul>${items.map((i) => html`<li><a href="${i.href}" target="maincontentframe">${i.text}</a></li>`)}</ul>`
    : html`<p>No Problems Detected</p>`;
  return html`<div class="tray-alert" title="${title}">${body}</div>`.toString();
}
