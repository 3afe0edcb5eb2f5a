import { afterEach, describe, expect, it } from 'vitest';
import { CommandRejectedError } from '../../server/src/monitoring/source.js';
import { EngineUnavailableError, openLivestatusSource, type LivestatusSource, type LivestatusSourceOptions } from '../../server/src/monitoring/livestatus/livestatusSource.js';
import { answer, fakePeer, json, type FakePeer } from './fakePeer.js';

type Row = Record<string, unknown>;

/** Tables as an Icinga 2 would report them: booleans, nulls and -1 where MK Livestatus has 0/1 and "". */
function icingaLikeTables(): Record<string, Row[]> {
  const checked = { has_been_checked: 1, state_type: 1, current_attempt: 1, max_check_attempts: 3, acknowledged: false, acknowledgement_type: 0, scheduled_downtime_depth: 0, active_checks_enabled: 1, accept_passive_checks: 1, notifications_enabled: 1, is_flapping: false, check_command: 'check_dummy!', check_interval: 1, check_type: 0, latency: 0.01, execution_time: 0.02, last_check: 1700000000, next_check: 1700000060, last_state_change: 1699990000, long_plugin_output: '', perf_data: '' };
  return {
    status: [{ program_start: 1699000000, nagios_pid: 4242, program_version: 'r2.13.6-1', enable_notifications: 1, execute_service_checks: 1, execute_host_checks: 1, accept_passive_service_checks: 1, accept_passive_host_checks: 1, enable_event_handlers: 1, enable_flap_detection: 0, process_performance_data: 1, obsess_over_services: 0, obsess_over_hosts: 0, last_command_check: 0, last_log_rotation: 0 }],
    hosts: [
      { ...checked, name: 'web1', display_name: 'Web One', alias: 'Web One', address: '10.0.0.1', state: 0, plugin_output: 'UP', groups: ['web'], long_plugin_output: 'line 1\\nline 2', perf_data: 'rta=1ms' },
      // DOWN from its first check: Icinga 2 gives no last state change, only the hard one.
      { ...checked, name: 'db1', display_name: 'db1', alias: 'db1', address: '10.0.0.2', state: 1, plugin_output: 'DOWN', groups: [], last_state_change: 0, last_hard_state_change: 1699995000 },
      // Not checked yet: Icinga 2 reports a non-zero state and -1 for "never".
      { ...checked, name: 'new1', display_name: 'new1', alias: 'new1', address: '', state: 1, has_been_checked: 0, last_check: -1, plugin_output: '', groups: null, perf_data: null },
    ],
    services: [
      { ...checked, host_name: 'web1', description: 'payments', display_name: 'payments', state: 2, plugin_output: 'CRIT', groups: ['pay'], acknowledged: true, acknowledgement_type: 2 },
      { ...checked, host_name: 'web1', description: 'disk', display_name: 'disk', state: 0, plugin_output: 'OK', groups: [] },
      { ...checked, host_name: 'new1', description: 'later', display_name: 'later', state: 3, has_been_checked: 0, last_check: -1, plugin_output: '', groups: [], check_type: 1 },
    ],
    hostgroups: [{ name: 'web', alias: 'Web servers', members: ['web1'] }],
    servicegroups: [{ name: 'pay', alias: 'Payments', members: [['web1', 'payments']] }],
    comments: [
      { id: 1, host_name: 'web1', service_description: 'payments', is_service: 1, author: 'alice', comment: 'on it', entry_time: 1700000001, entry_type: 4, persistent: true },
      { id: 2, host_name: 'web1', service_description: null, is_service: 0, author: 'bob', comment: 'hello', entry_time: 1700000002, entry_type: 1, persistent: false },
    ],
    downtimes: [{ id: 7, host_name: 'db1', service_description: '', is_service: 0, author: 'carol', comment: 'maint', start_time: 1700000000, end_time: 1700003600, fixed: true, duration: 0 }],
  };
}

/** Answers GET requests from `tables` (in the columns asked for) and counts Stats as all rows. */
function engine(tables: Record<string, Row[]>, options: { counts?: Record<string, number> } = {}) {
  return (socket: import('node:net').Socket, request: string) => {
    if (request.startsWith('COMMAND ')) return;
    const table = /^GET (\w+)/.exec(request)?.[1] ?? '';
    const rows = tables[table];
    if (!rows) {
      socket.write(answer(`Table '${table}' does not exist.`, 404));
      return;
    }
    if (request.includes('\nStats: ')) {
      socket.write(json([[options.counts?.[table] ?? rows.length]]));
      return;
    }
    const columns = /\nColumns: ([^\n]+)/.exec(request)?.[1]?.split(' ') ?? [];
    socket.write(json(rows.map((row) => columns.map((c) => row[c] ?? null))));
  };
}

let peer: FakePeer | null = null;
let source: LivestatusSource | null = null;

afterEach(async () => {
  await source?.stop();
  source = null;
  await peer?.close();
  peer = null;
});

async function started(address: string, options: LivestatusSourceOptions = {}): Promise<LivestatusSource> {
  source = openLivestatusSource(address, { pollMs: 100, retryMs: 50, maxRetryMs: 200, connectTimeoutMs: 500, queryTimeoutMs: 500, ...options });
  await source.start();
  return source;
}

async function until(what: string, predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Livestatus source over a fake peer', () => {
  it('builds the snapshot the rest of the server expects, with unchecked objects PENDING', async () => {
    peer = await fakePeer(engine(icingaLikeTables()));
    const s = await started(peer.address);
    const snap = s.snapshot();
    expect(s.health()).toMatchObject({ state: 'ok', reason: null });
    expect(s.engineRunning()).toBe(true);
    expect(s.dataProblem()).toBeNull();
    expect(snap.updated).toBeGreaterThan(0);
    expect(snap.hosts.map((h) => [h.host_name, h.current_state, h.has_been_checked])).toEqual([['db1', 1, 1], ['new1', 0, 0], ['web1', 0, 1]]);
    // In its state since the engine's hard state change when it records no other; else since its last state change.
    expect(snap.hosts.map((h) => [h.host_name, h.last_state_change])).toEqual([['db1', 1699995000], ['new1', 1699990000], ['web1', 1699990000]]);
    expect(snap.hosts.find((h) => h.host_name === 'web1')).toMatchObject({
      display_name: 'Web One', alias: 'Web One', address: '10.0.0.1', output: 'UP', long_output: 'line 1\nline 2', perfdata: 'rta=1ms', hostgroups: ['web'],
      problem_acknowledged: 0, is_flapping: 0, state_type: 1, max_check_attempts: 3, last_check: 1700000000,
    });
    expect(snap.hosts.find((h) => h.host_name === 'new1')).toMatchObject({ last_check: 0, perfdata: '', hostgroups: [] });
    expect(snap.services.map((x) => [x.host_name, x.service_description, x.current_state, x.has_been_checked])).toEqual([
      ['new1', 'later', 0, 0], ['web1', 'disk', 0, 1], ['web1', 'payments', 2, 1],
    ]);
    expect(snap.services.find((x) => x.service_description === 'payments')).toMatchObject({ problem_acknowledged: 1, acknowledgement_type: 2, servicegroups: ['pay'] });
    expect(snap.hostgroups).toEqual([{ name: 'web', alias: 'Web servers', members: ['web1'] }]);
    expect(snap.servicegroups).toEqual([{ name: 'pay', alias: 'Payments', members: ['web1;payments'] }]);
    expect(snap.comments).toEqual([
      { id: 1, host_name: 'web1', service_description: 'payments', author: 'alice', text: 'on it', entry_time: 1700000001, persistent: 1, entry_type: 4 },
      { id: 2, host_name: 'web1', service_description: null, author: 'bob', text: 'hello', entry_time: 1700000002, persistent: 0, entry_type: 1 },
    ]);
    expect(snap.downtimes).toEqual([{ id: 7, host_name: 'db1', service_description: null, author: 'carol', comment: 'maint', start_time: 1700000000, end_time: 1700003600, fixed: 1, duration: 0 }]);
    expect(snap.program).toMatchObject({ is_currently_running: 1, process_id: 4242, program_start_time: 1699000000, flap_detection_enabled: 0, program_end_time: 0 });
    expect(snap.stats.activehostcheckperf.avg_latency).toBeCloseTo(0.01);
    // The whole poll is one connection, and Icinga's log table is never asked for.
    expect(peer.connections()).toBe(1);
    expect(peer.requests.some((r) => r.startsWith('GET log'))).toBe(false);
  });

  it('keeps the last snapshot when the peer stops answering, says why, turns stale, and recovers by itself', async () => {
    const tables = icingaLikeTables();
    peer = await fakePeer(engine(tables));
    const s = await started(peer.address, { staleAfterMs: 600 });
    const before = s.snapshot();
    const events: string[] = [];
    s.onEvent((e) => events.push(e.type === 'health' ? `health:${e.health.state}` : e.type));

    const address = peer.address;
    await peer.close();
    peer = null;
    await until('the failure to be noticed', () => s.health().state !== 'ok');
    expect(s.health()).toMatchObject({ state: 'failing', lastSuccess: before.updated });
    expect(s.health().reason).toBe(`Livestatus at ${address} is not answering: connection refused: nothing listens on that port (is the engine running, with Livestatus enabled?)`);
    expect(s.dataProblem()).toMatch(/is not answering: connection refused.*; keeping the last data\.$/);
    expect(s.engineRunning()).toBe(false);
    // Same data (same arrays, so per-snapshot caches stay valid), marked as not running.
    const during = s.snapshot();
    expect(during.hosts).toBe(before.hosts);
    expect(during.services).toBe(before.services);
    expect(during.updated).toBe(before.updated);
    expect(during.program).toMatchObject({ is_currently_running: 0 });
    expect(during.program.program_end_time).toBeGreaterThan(0);

    await until('the data to turn stale', () => s.health().state === 'stale');
    expect(s.dataProblem()).toMatch(/keeping the last data/);

    // The same port again, now answering with a changed state.
    tables.hosts![1]!.state = 0;
    peer = await fakePeer(engine(tables), { port: Number(address.split(':')[1]) });
    await until('recovery', () => s.health().state === 'ok', 5000);
    expect(s.engineRunning()).toBe(true);
    expect(s.dataProblem()).toBeNull();
    expect(s.snapshot().hosts.find((h) => h.host_name === 'db1')?.current_state).toBe(0);
    expect(s.snapshot().program).toMatchObject({ is_currently_running: 1, program_end_time: 0 });
    expect(events).toEqual(['error', 'health:failing', 'health:stale', 'snapshot', 'health:ok']);
  });

  it('retries with backoff while the peer is down', async () => {
    peer = await fakePeer((socket) => socket.resetAndDestroy());
    const s = await started(peer.address, { retryMs: 50, maxRetryMs: 400 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const attempts = peer.connections();
    // 50, 100, 200, 400, 400, 400 ms: about 6 polls in 1.5 s, where a fixed 50 ms retry would make 30.
    expect(attempts).toBeGreaterThanOrEqual(4);
    expect(attempts).toBeLessThanOrEqual(9);
    expect(s.health().reason).toMatch(/reset the connection/);
  });

  it('a hostile peer only marks this source failing, with the reason', async () => {
    const honest = engine(icingaLikeTables());
    peer = await fakePeer((socket, request) => (request.startsWith('GET hosts\nColumns') ? socket.write(answer('[["web1",')) : honest(socket, request)));
    const s = await started(peer.address);
    expect(s.health().state).toBe('stale');
    expect(s.health().reason).toMatch(/^Livestatus at .* sent an answer Pharos cannot use: the answer to GET hosts is not valid JSON/);
    expect(s.dataProblem()).toMatch(/; no data yet\.$/);
    expect(s.snapshot().hosts).toEqual([]);
    expect(s.engineRunning()).toBe(false);
  });

  it('refuses a list shorter than the engine\'s own count, keeping the last data (the engine still runs)', async () => {
    const tables = icingaLikeTables();
    const counts: Record<string, number> = {};
    peer = await fakePeer((socket, request) => engine(tables, { counts })(socket, request));
    const s = await started(peer.address);
    const before = s.snapshot();
    counts.services = 100;
    await until('the refusal', () => s.health().state !== 'ok');
    expect(s.dataProblem()).toMatch(/sent incomplete data: it has 3 services but 100 are configured \(truncated\?\), by its own count; keeping the last data\./);
    expect(s.engineRunning()).toBe(true);
    expect(s.snapshot().services).toBe(before.services);
  });

  it('names the engine in its messages when given a name', async () => {
    const s = await started('/nonexistent/pharos/live', { name: 'paris' });
    expect(s.health().reason).toBe("Engine 'paris' (Livestatus at /nonexistent/pharos/live) is not answering: the socket file does not exist (is the engine running, with Livestatus enabled?)");
  });
});

describe('Livestatus source commands', () => {
  it('sends each command as a COMMAND line, checked against the snapshot, and polls early to show its effect', async () => {
    peer = await fakePeer(engine(icingaLikeTables()));
    const s = await started(peer.address, { pollMs: 60_000 });
    const polls = () => peer!.requests.filter((r) => r.startsWith('GET status')).length;
    expect(polls()).toBe(1);
    await s.submit({ type: 'acknowledge', host: 'web1', service: 'payments', comment: 'on it', author: 'alice', sticky: true, notify: false, persistent: true });
    await s.submit({ type: 'schedule_downtime', host: 'db1', start: 1700000000, end: 1700003600, fixed: true, duration: 3600, author: 'bob', comment: 'maint' });
    await s.submit({ type: 'schedule_check', host: 'web1', service: 'disk', time: 1700000000, forced: true });
    await s.submit({ type: 'process_check_result', host: 'web1', service: 'payments', state: 0, output: 'fine again' });
    await until('the commands', () => peer!.requests.filter((r) => r.startsWith('COMMAND ')).length === 4);
    const commands = peer.requests.filter((r) => r.startsWith('COMMAND ')).map((r) => r.replace(/^COMMAND \[\d+\] /, ''));
    expect(commands).toEqual([
      'ACKNOWLEDGE_SVC_PROBLEM;web1;payments;2;0;1;alice;on it',
      'SCHEDULE_HOST_DOWNTIME;db1;1700000000;1700003600;1;0;3600;bob;maint',
      'SCHEDULE_FORCED_SVC_CHECK;web1;disk;1700000000',
      'PROCESS_SERVICE_CHECK_RESULT;web1;payments;0;fine again',
    ]);
    await until('an early poll', () => polls() >= 2, 3000);
  });

  it('refuses commands for unknown objects or with bad input, without sending anything', async () => {
    peer = await fakePeer(engine(icingaLikeTables()));
    const s = await started(peer.address);
    await expect(s.submit({ type: 'add_comment', host: 'nosuch', author: 'a', comment: 'b', persistent: false })).rejects.toThrow(CommandRejectedError);
    await expect(s.submit({ type: 'add_comment', host: 'web1', author: 'a', comment: 'b;c', persistent: false })).rejects.toThrow(/must not contain ';'/);
    expect(peer.requests.some((r) => r.startsWith('COMMAND '))).toBe(false);
  });

  it('refuses a command for an engine that is not answering, naming it; nothing is queued', async () => {
    peer = await fakePeer(engine(icingaLikeTables()));
    const s = openLivestatusSource(peer.address, { name: 'paris', pollMs: 60_000 });
    source = s;
    await s.start();
    await peer.close();
    peer = null;
    const error = await s.submit({ type: 'add_comment', host: 'web1', author: 'a', comment: 'b', persistent: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect((error as Error).message).toMatch(/^Engine 'paris' \(Livestatus at 127\.0\.0\.1:\d+\) is not answering, so the command was not sent: connection refused/);
  });
});
