import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitoringSnapshot } from '../../server/src/monitoring/source.js';
import { openNagiosSource, type NagiosSource } from '../../server/src/monitoring/nagios/nagiosSource.js';
import { useEngine } from '../support/useEngine.js';
import { CHECKS, HOSTS, SERVICES, startNagios, waitFor } from './engine.js';

const engine = useEngine('the Nagios engine', startNagios);
let source: NagiosSource;

const host = (snap: MonitoringSnapshot, name: string) => snap.hosts.find((h) => h.host_name === name);
const service = (snap: MonitoringSnapshot, h: string, d: string) => snap.services.find((s) => s.host_name === h && s.service_description === d);

function allChecked(snap: MonitoringSnapshot): boolean {
  return snap.hosts.length === 3 && snap.services.length === SERVICES.length
    && snap.hosts.every((h) => h.has_been_checked === 1) && snap.services.every((s) => s.has_been_checked === 1)
    && host(snap, HOSTS.unreachable)?.current_state === 2;
}

beforeAll(async () => {
  source = openNagiosSource(engine.cfgPath, { pollMs: 500, commandRetryMs: 100 });
  await source.start();
  await waitFor(source, 'every object to be checked', allChecked, 45000);
}, 60000);

afterAll(async () => {
  await source?.stop();
});

describe('Nagios source against a running Nagios Core 4', () => {
  it('shows the states, outputs and configuration the engine reports', () => {
    const snap = source.snapshot();
    expect(snap.updated).toBeGreaterThan(0);
    const up = host(snap, HOSTS.up);
    // check_interval 1 with the test engine's interval_length=1: one second, which the snapshot gives in minutes.
    expect(up).toMatchObject({
      alias: 'Web Server 1', address: '127.0.0.1', display_name: 'web-01', current_state: 0, state_type: 1, check_command: 'check_ok',
      max_check_attempts: 1, current_check_attempt: 1, check_interval: 1 / 60, active_checks_enabled: 1, problem_acknowledged: 0,
      output: CHECKS.ok.output, long_output: CHECKS.ok.long.join('\n'), perfdata: CHECKS.ok.perf,
      hostgroups: ['web-servers'],
    });
    expect(up?.last_check).toBeGreaterThan(0);
    expect(host(snap, HOSTS.down)).toMatchObject({ current_state: 1, display_name: 'DB One', output: CHECKS.critical.output, perfdata: '', hostgroups: ['databases'] });
    expect(host(snap, HOSTS.unreachable)).toMatchObject({ current_state: 2, alias: 'App Server 1', hostgroups: ['web-servers'] });
    for (const s of SERVICES) expect(service(snap, s.host, s.description)?.current_state, `${s.host};${s.description}`).toBe(s.state);
    expect(service(snap, 'web-01', 'HTTP')?.servicegroups).toEqual(['frontend']);
    expect(service(snap, 'web-01', 'Backup')?.servicegroups).toEqual([]);
    expect(snap.hostgroups).toEqual([
      { name: 'databases', alias: 'Databases', members: ['db-01'] },
      { name: 'web-servers', alias: 'Web Servers', members: expect.arrayContaining(['web-01', 'app-01']) as string[] },
    ]);
    expect(snap.servicegroups).toEqual([{ name: 'frontend', alias: 'Front End', members: ['web-01;HTTP', 'web-01;Load'] }]);
  });

  it('reports program status for the live engine process', () => {
    const { program } = source.snapshot();
    expect(source.engineRunning()).toBe(true);
    expect(program).toMatchObject({
      is_currently_running: 1, process_id: engine.pid, daemon_mode: 0, notifications_enabled: 0, flap_detection_enabled: 0,
      active_host_checks_enabled: 1, active_service_checks_enabled: 1, passive_host_checks_enabled: 1, passive_service_checks_enabled: 1,
      event_handlers_enabled: 1, instance_id: 1, instance_name: 'localhost', program_end_time: 0,
    });
    expect(program.program_start_time).toBeGreaterThan(0);
    expect(program.status_update_time).toBeGreaterThanOrEqual(program.program_start_time);
    expect(program.program_run_time).toBeGreaterThanOrEqual(0);
  });

  it('reports engine check statistics', () => {
    const { stats } = source.snapshot();
    expect(stats.activehostchecks.val1).toBeGreaterThan(0);
    expect(stats.activeservicechecks.val1).toBeGreaterThanOrEqual(SERVICES.length);
    expect(stats.activeservicechecks.val15).toBeGreaterThanOrEqual(stats.activeservicechecks.val1);
    expect(stats.passiveservicechecks).toEqual({ val1: 0, val5: 0, val15: 0 });
    const perf = stats.activeservicecheckperf;
    expect(perf.avg_execution_time).toBeGreaterThan(0);
    expect(perf.min_execution_time).toBeLessThanOrEqual(perf.avg_execution_time);
    expect(perf.max_execution_time).toBeGreaterThanOrEqual(perf.avg_execution_time);
    expect(perf.max_latency).toBeGreaterThanOrEqual(perf.min_latency);
  });

  it('delivers acknowledgements, downtime and comments and sees them come back in status.dat', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await source.submitCommand({ type: 'acknowledge', host: HOSTS.down, comment: 'Looking into it', author: 'alice', sticky: true, notify: false, persistent: true })).toBe('delivered');
    await source.submit({ type: 'acknowledge', host: 'web-01', service: 'Load', comment: 'Known load spike', author: 'bob', sticky: false, notify: false, persistent: false });
    await source.submit({ type: 'schedule_downtime', host: 'web-01', service: 'Disk Usage', start: now, end: now + 3600, fixed: true, duration: 3600, author: 'carol', comment: 'Disk swap' });
    await source.submit({ type: 'schedule_downtime', host: HOSTS.unreachable, start: now, end: now + 600, fixed: true, duration: 600, author: 'carol', comment: 'Rebuild' });
    await source.submit({ type: 'add_comment', host: HOSTS.up, author: 'dave', comment: 'Patched <script>alert(1)</script>', persistent: true });

    const snap = await waitFor(source, 'acknowledgements, downtimes and the comment', (s) =>
      host(s, HOSTS.down)?.problem_acknowledged === 1 && service(s, 'web-01', 'Load')?.problem_acknowledged === 1
      && (service(s, 'web-01', 'Disk Usage')?.scheduled_downtime_depth ?? 0) >= 1 && (host(s, HOSTS.unreachable)?.scheduled_downtime_depth ?? 0) >= 1
      && s.comments.some((c) => c.author === 'dave'));
    expect(host(snap, HOSTS.down)?.acknowledgement_type).toBe(2);
    expect(service(snap, 'web-01', 'Load')?.acknowledgement_type).toBe(1);
    expect(snap.downtimes).toEqual(expect.arrayContaining([
      expect.objectContaining({ host_name: 'web-01', service_description: 'Disk Usage', author: 'carol', comment: 'Disk swap', start_time: now, end_time: now + 3600, fixed: 1, duration: 3600 }),
      expect.objectContaining({ host_name: HOSTS.unreachable, service_description: null, comment: 'Rebuild' }),
    ]));
    expect(snap.comments).toEqual(expect.arrayContaining([
      expect.objectContaining({ host_name: HOSTS.up, service_description: null, author: 'dave', text: 'Patched <script>alert(1)</script>', entry_type: 1, persistent: 1 }),
      expect.objectContaining({ host_name: HOSTS.down, author: 'alice', text: 'Looking into it', entry_type: 4 }),
    ]));

    const downtime = snap.downtimes.find((d) => d.comment === 'Disk swap');
    await source.submit({ type: 'delete_downtime', id: downtime?.id ?? 0, service: true });
    await source.submit({ type: 'remove_acknowledgement', host: HOSTS.down });
    await source.submit({ type: 'set_active_checks', host: 'web-01', service: 'HTTP', enabled: false });
    await source.submit({ type: 'set_notifications', host: HOSTS.up, enabled: false });
    const after = await waitFor(source, 'downtime deletion, unacknowledgement and disabled checks', (s) =>
      !s.downtimes.some((d) => d.comment === 'Disk swap') && host(s, HOSTS.down)?.problem_acknowledged === 0
      && service(s, 'web-01', 'HTTP')?.active_checks_enabled === 0 && host(s, HOSTS.up)?.notifications_enabled === 0);
    expect(service(after, 'web-01', 'Disk Usage')?.scheduled_downtime_depth).toBe(0);
  });

  it('runs a forced check when asked', async () => {
    const before = service(source.snapshot(), 'web-01', 'Backup')?.last_check ?? 0;
    await source.submit({ type: 'set_active_checks', host: 'web-01', service: 'Backup', enabled: false });
    await waitFor(source, 'Backup checks disabled', (s) => service(s, 'web-01', 'Backup')?.active_checks_enabled === 0);
    const disabledAt = service(source.snapshot(), 'web-01', 'Backup')?.last_check ?? 0;
    await source.submit({ type: 'schedule_check', host: 'web-01', service: 'Backup', time: Math.floor(Date.now() / 1000), forced: true });
    const snap = await waitFor(source, 'the forced check', (s) => (service(s, 'web-01', 'Backup')?.last_check ?? 0) > Math.max(before, disabledAt));
    expect(service(snap, 'web-01', 'Backup')?.active_checks_enabled).toBe(0);
  });

  it('rejects commands that could inject another command or name unknown objects', async () => {
    await expect(source.submit({ type: 'add_comment', host: HOSTS.up, author: 'eve', comment: 'x;DISABLE_NOTIFICATIONS', persistent: false })).rejects.toThrow(/';'/);
    await expect(source.submit({ type: 'add_comment', host: HOSTS.up, author: 'eve', comment: 'x\n[1] DISABLE_NOTIFICATIONS', persistent: false })).rejects.toThrow(/line breaks/);
    await expect(source.submit({ type: 'schedule_check', host: 'no-such-host', time: 0, forced: false })).rejects.toThrow("Unknown host 'no-such-host'.");
    await expect(source.submit({ type: 'set_active_checks', host: HOSTS.up, service: 'Nope', enabled: true })).rejects.toThrow("Unknown service 'Nope' on host 'web-01'.");
    expect(source.pendingCommands()).toBe(0);
  });

  it('keeps the last data when the engine stops, queues commands without blocking and delivers them when it is back', async () => {
    const oldPid = engine.pid;
    await engine.stop();
    const stopped = await waitFor(source, 'the engine to be seen stopped', (s) => s.program.is_currently_running === 0);
    expect(source.engineRunning()).toBe(false);
    expect(stopped.hosts).toHaveLength(3);
    expect(stopped.program.process_id).toBe(oldPid);
    expect(stopped.program.program_end_time).toBeGreaterThan(0);

    expect(await source.submitCommand({ type: 'add_comment', host: HOSTS.up, author: 'frank', comment: 'Queued while stopped', persistent: true })).toBe('queued');
    expect(source.pendingCommands()).toBe(1);

    await engine.start();
    await source.commandsDelivered();
    const back = await waitFor(source, 'the restarted engine and the queued comment', (s) =>
      s.program.is_currently_running === 1 && s.program.process_id === engine.pid && s.comments.some((c) => c.text === 'Queued while stopped'));
    expect(back.program.program_end_time).toBe(0);
    expect(source.pendingCommands()).toBe(0);
  });
});
