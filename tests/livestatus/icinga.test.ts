/** The livestatus source against a real Icinga 2 (tests/livestatus/icinga.ts); nothing is skipped when icinga2 is missing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitoringSnapshot } from '../../server/src/monitoring/source.js';
import { openLivestatusSource, type LivestatusSource } from '../../server/src/monitoring/livestatus/livestatusSource.js';
import { LivestatusClient } from '../../server/src/monitoring/livestatus/client.js';
import { useEngine } from '../support/useEngine.js';
import { HOSTS, SERVICES, startIcinga } from './icinga.js';

const icinga = useEngine('the Icinga engine', () => startIcinga());
let source: LivestatusSource;

const host = (snap: MonitoringSnapshot, name: string) => snap.hosts.find((h) => h.host_name === name);
const service = (snap: MonitoringSnapshot, s: { host: string; description: string }) => snap.services.find((x) => x.host_name === s.host && x.service_description === s.description);

/** Resolves with the first snapshot satisfying `predicate`; rejects with the source's health after `timeoutMs`. */
async function waitFor(what: string, predicate: (snap: MonitoringSnapshot) => boolean, timeoutMs = 15_000): Promise<MonitoringSnapshot> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const snap = source.snapshot();
    if (predicate(snap)) return snap;
    if (Date.now() > end) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (source health: ${JSON.stringify(source.health())})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const activeChecked = (snap: MonitoringSnapshot) =>
  snap.hosts.length === 2 && snap.services.length === 3 && snap.hosts.every((h) => h.has_been_checked === 1) && service(snap, SERVICES.critical)?.has_been_checked === 1;

beforeAll(async () => {
  source = openLivestatusSource(icinga.address, { name: 'icinga-test', pollMs: 250, retryMs: 200, maxRetryMs: 1000, staleAfterMs: 3000 });
  await source.start();
  await waitFor('every active object to be checked', activeChecked);
}, 60_000);

afterAll(async () => {
  await source?.stop();
}, 30_000);

describe('Livestatus source against a running Icinga 2', () => {
  it('shows hosts and services with their states: UP, DOWN, CRITICAL and PENDING', () => {
    const snap = source.snapshot();
    expect(source.health()).toMatchObject({ state: 'ok', reason: null });
    expect(source.engineRunning()).toBe(true);
    expect(host(snap, HOSTS.up)).toMatchObject({ current_state: 0, has_been_checked: 1, display_name: 'Web One', address: '127.0.0.1', output: 'UP', hostgroups: ['web'] });
    expect(host(snap, HOSTS.down)).toMatchObject({ current_state: 1, has_been_checked: 1, state_type: 1, output: 'DOWN' });
    // Icinga 2 records no state change for a host DOWN from its first check: its duration still has a start.
    expect(host(snap, HOSTS.down)?.last_state_change).toBeGreaterThan(0);
    expect(service(snap, SERVICES.critical)).toMatchObject({ current_state: 2, has_been_checked: 1, state_type: 1, output: 'CRITICAL - disk full', perfdata: 'used=99%;80;90' });
    // Never checked: Icinga reports state 3 (UNKNOWN); the snapshot says PENDING as the Nagios source does.
    expect(service(snap, SERVICES.pending)).toMatchObject({ current_state: 0, has_been_checked: 0, active_checks_enabled: 0 });
    expect(snap.hostgroups).toEqual([{ name: 'web', alias: 'Web servers', members: ['web1'] }]);
    expect(snap.servicegroups).toEqual([{ name: 'pay', alias: 'Payments', members: ['web1;payments'] }]);
    expect(snap.program.is_currently_running).toBe(1);
    expect(snap.program.process_id).toBeGreaterThan(0);
    expect(snap.program.program_start_time).toBeGreaterThan(0);
    expect(snap.stats.activehostchecks.val1).toBe(2);
  });

  it('PROCESS_SERVICE_CHECK_RESULT on a passive service changes its state', async () => {
    expect(service(source.snapshot(), SERVICES.passive)).toMatchObject({ has_been_checked: 0, current_state: 0 });
    await source.submit({ type: 'process_check_result', host: SERVICES.passive.host, service: SERVICES.passive.description, state: 2, output: 'CRITICAL - gateway down' });
    const snap = await waitFor('the passive result', (s) => service(s, SERVICES.passive)?.current_state === 2);
    expect(service(snap, SERVICES.passive)).toMatchObject({ has_been_checked: 1, output: 'CRITICAL - gateway down' });
    await source.submit({ type: 'process_check_result', host: SERVICES.passive.host, service: SERVICES.passive.description, state: 0, output: 'OK - back' });
    await waitFor('the recovery result', (s) => service(s, SERVICES.passive)?.current_state === 0 && service(s, SERVICES.passive)?.output === 'OK - back');
  });

  it('an acknowledgement sent through the source shows up in Icinga\'s comments table', async () => {
    await source.submit({ type: 'acknowledge', host: SERVICES.critical.host, service: SERVICES.critical.description, comment: 'Disk is being replaced', author: 'pharos-test', sticky: true, notify: false, persistent: true });
    const direct = new LivestatusClient(icinga.address);
    const end = Date.now() + 10_000;
    let rows: unknown[][] = [];
    while (Date.now() < end) {
      rows = await direct.query({ table: 'comments', columns: ['host_name', 'service_description', 'author', 'comment', 'entry_type'], filters: ['entry_type = 4'] });
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows).toEqual([['web1', 'disk', 'pharos-test', 'Disk is being replaced', 4]]);
    const snap = await waitFor('the acknowledgement in the snapshot', (s) => service(s, SERVICES.critical)?.problem_acknowledged === 1);
    expect(service(snap, SERVICES.critical)?.acknowledgement_type).toBe(2);
    expect(snap.comments).toContainEqual(expect.objectContaining({ host_name: 'web1', service_description: 'disk', author: 'pharos-test', text: 'Disk is being replaced', entry_type: 4 }));
  });

  it('downtime, comments and forced checks reach Icinga through COMMAND lines', async () => {
    const now = Math.floor(Date.now() / 1000);
    await source.submit({ type: 'schedule_downtime', host: HOSTS.down, start: now, end: now + 3600, fixed: true, duration: 3600, author: 'pharos-test', comment: 'Rack move' });
    await source.submit({ type: 'add_comment', host: HOSTS.up, author: 'pharos-test', comment: 'Host note', persistent: true });
    await source.submit({ type: 'schedule_check', host: HOSTS.up, service: SERVICES.critical.description, time: now, forced: true });
    const snap = await waitFor('the downtime and the comment', (s) => s.downtimes.length > 0 && s.comments.some((c) => c.text === 'Host note') && (host(s, HOSTS.down)?.scheduled_downtime_depth ?? 0) > 0);
    expect(snap.downtimes).toContainEqual(expect.objectContaining({ host_name: 'db1', service_description: null, author: 'pharos-test', comment: 'Rack move', fixed: 1, end_time: now + 3600 }));
    expect(snap.comments).toContainEqual(expect.objectContaining({ host_name: 'web1', service_description: null, text: 'Host note', entry_type: 1 }));
  });

  it('stopping Icinga marks the source failing, then stale, with its last data kept; it recovers by itself after a restart', async () => {
    const before = source.snapshot();
    await icinga.stop();
    await waitFor('the outage to be noticed', () => source.health().state !== 'ok', 10_000);
    expect(source.engineRunning()).toBe(false);
    // A poll cut off by the shutdown reads as reset or closed; once Icinga is gone, as refused.
    expect(source.health().reason).toMatch(/^Engine 'icinga-test' \(Livestatus at 127\.0\.0\.1:\d+\) is not answering: (connection refused|the peer reset|the peer closed)/);
    expect(source.dataProblem()).toMatch(/; keeping the last data\.$/);
    // The last data Icinga gave (possibly from while it was shutting down), kept and marked as not running.
    const kept = source.snapshot();
    expect(kept.updated).toBeGreaterThanOrEqual(before.updated);
    expect(kept.updated).toBe(source.health().lastSuccess);
    expect(kept.hosts.map((h) => [h.host_name, h.current_state])).toEqual([['db1', 1], ['web1', 0]]);
    expect(service(kept, SERVICES.critical)).toMatchObject({ current_state: 2, problem_acknowledged: 1 });
    expect(kept.program.is_currently_running).toBe(0);
    await waitFor('the data to turn stale', () => source.health().state === 'stale', 10_000);
    expect(source.health().reason).toMatch(/is not answering: connection refused: nothing listens on that port/);
    expect(source.snapshot().hosts).toBe(kept.hosts);
    expect(source.snapshot().services).toBe(kept.services);
    expect(source.snapshot().updated).toBe(kept.updated);

    await icinga.start();
    const snap = await waitFor('recovery', (s) => source.health().state === 'ok' && s.updated > kept.updated && activeChecked(s), 20_000);
    expect(source.engineRunning()).toBe(true);
    expect(source.dataProblem()).toBeNull();
    expect(snap.program.is_currently_running).toBe(1);
    // Stopped with SIGTERM to the umbrella only, Icinga saved its state: the acknowledgement survived the restart.
    expect(service(snap, SERVICES.critical)).toMatchObject({ current_state: 2, problem_acknowledged: 1 });
  }, 60_000);
});
