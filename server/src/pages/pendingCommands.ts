import { mark } from '../http/language.js';
import type { ExternalCommand, HostStatus, MonitoringSnapshot, ServiceStatus } from '../monitoring/source.js';

interface Pending { command: ExternalCommand; host: string; service: string | undefined; submitted: number }

/** Commands a session sent and the engine has not reflected yet; in memory, since they matter for minutes only. */
const bySession = new Map<string, Pending[]>();
const KEEP_SECONDS = 15 * 60;
const PER_SESSION = 50;
const MAX_SESSIONS = 1000;

/** English, shown through `translate`. */
export const COMMAND_LABELS: Record<ExternalCommand['type'], string> = {
  acknowledge: mark('Acknowledge problem'),
  remove_acknowledgement: mark('Remove acknowledgement'),
  schedule_downtime: mark('Schedule downtime'),
  delete_downtime: mark('Delete downtime'),
  schedule_check: mark('Re-schedule next check'),
  set_active_checks: mark('Change active checks'),
  set_notifications: mark('Change notifications'),
  add_comment: mark('Add comment'),
  process_check_result: mark('Submit check result'),
};

export function rememberCommand(
  sessionId: string, command: ExternalCommand, host: string, service: string | undefined, now: number,
): void {
  const list = (bySession.get(sessionId) ?? []).filter((p) => now - p.submitted < KEEP_SECONDS);
  list.push({ command, host, service, submitted: now });
  bySession.delete(sessionId);
  bySession.set(sessionId, list.slice(-PER_SESSION));
  // Sessions that never come back must not pile up: drop the least recently used.
  if (bySession.size > MAX_SESSIONS) bySession.delete(bySession.keys().next().value!);
}

function reflected(
  c: ExternalCommand, o: HostStatus | ServiceStatus, where: { host: string; service: string | undefined },
  snap: MonitoringSnapshot, submitted: number,
): boolean {
  const mine = (x: { host_name: string; service_description: string | null }) =>
    x.host_name === where.host && (x.service_description ?? undefined) === where.service;
  switch (c.type) {
    case 'acknowledge': return o.problem_acknowledged === 1 || o.current_state === 0;
    case 'remove_acknowledgement': return o.problem_acknowledged === 0;
    case 'schedule_downtime':
      return snap.downtimes.some((d) => mine(d) && d.start_time === c.start && d.comment === c.comment);
    case 'delete_downtime': return !snap.downtimes.some((d) => d.id === c.id);
    case 'schedule_check': return o.next_check === c.time || o.last_check >= Math.min(c.time, submitted);
    case 'set_active_checks': return o.active_checks_enabled === +c.enabled;
    case 'set_notifications': return o.notifications_enabled === +c.enabled;
    case 'add_comment': return snap.comments.some((x) => mine(x) && x.text === c.comment && x.author === c.author);
    case 'process_check_result': return o.current_state === c.state && o.output === c.output;
  }
}

/** This session's commands for one object that the snapshot does not show yet; reflected ones are forgotten. */
export function pendingFor(
  sessionId: string, object: HostStatus | ServiceStatus, service: string | undefined, snap: MonitoringSnapshot,
  now: number,
): Pending[] {
  const list = bySession.get(sessionId);
  if (!list) return [];
  const where = { host: object.host_name, service };
  const keep = list.filter((p) => now - p.submitted < KEEP_SECONDS
    && !(p.host === where.host && p.service === service && reflected(p.command, object, where, snap, p.submitted)));
  if (keep.length) bySession.set(sessionId, keep);
  else bySession.delete(sessionId);
  return keep.filter((p) => p.host === where.host && p.service === service);
}
