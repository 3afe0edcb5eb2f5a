import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { HOST_PROBLEMS, SERVICE_PROBLEMS } from './shellQueries.js';
import { loginAs } from './writeGuards.js';
import { createDemoSource } from '../../server/src/monitoring/demo/demoSource.js';
import { createHostStatsReader, cpuPercentages, isProcessRunning, parseCpuTimes } from '../../server/src/monitoring/hostStats.js';
import { countUnhandledProblems, tacticalCounts, unhandledProblemsTitle } from '../../server/src/monitoring/problems.js';
import { setSetting } from '../../server/src/db/settings.js';
import { PROGRAM_URL_SETTING } from '../../server/src/routes/status.js';
import type { HostStatus, ServiceStatus } from '../../server/src/monitoring/source.js';

const source = createDemoSource({ hosts: 60, servicesPerHost: 8, tickSeconds: 3600, now: () => Date.UTC(2025, 0, 15, 12) });
const { ts, admin } = useTestServer({ monitoring: source });

/** Counted here by hand from the snapshot, independently of the server's filter code. */
function expectedProblems(): { hosts: number; services: number } {
  const snap = source.snapshot();
  const byName = new Map(snap.hosts.map((h) => [h.host_name, h]));
  const open = (r: HostStatus | ServiceStatus) => r.problem_acknowledged === 0 && r.scheduled_downtime_depth === 0;
  return {
    hosts: snap.hosts.filter((h) => h.current_state !== 0 && open(h)).length,
    services: snap.services.filter((s) => { const h = byName.get(s.host_name)!; return s.current_state !== 0 && open(s) && h.current_state === 0 && open(h); }).length,
  };
}

describe('reads need a session', () => {
  it.each(['system', 'program', 'host', 'service', 'ip'])('status/%s answers 401 without one', async (name) => {
    const res = await new Client(ts.url).get(`api/v2/status/${name}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Your session has timed out.' });
  });
});

describe('status/system', () => {
  it('reports daemons, engine counters and this machine', async () => {
    const res = await admin.get<Record<string, unknown>>('api/v2/status/system');
    expect(res.status).toBe(200);
    const body = res.body;
    const snap = source.snapshot();
    const lastCheck = { last_check: expect.any(Number) };
    for (const k of ['dbmaint', 'cleaner', 'nom', 'reportengine', 'sysstat', 'cmdsubsys', 'feedprocessor', 'perfdataprocessor', 'eventman', 'deadpool_reaper']) {
      expect(body[k]).toEqual(lastCheck);
    }
    expect(body.dbbackend).toEqual({ last_checkin: snap.updated, bytes_processed: expect.any(Number), entries_processed: expect.any(Number), connect_time: snap.program.program_start_time, disconnect_time: 0 });
    expect(body.daemons).toEqual({ updated: expect.any(Number), daemon: [
      { id: 'nagioscore', name: 'nagios', return_code: 0, status: `nagios (pid ${process.pid}) is running...`, display_name: 'Monitoring Engine', display_status: 'Running', display_running: true },
      { id: 'pnp', name: 'npcd', return_code: 0, status: 'npcd is running...', display_name: 'Performance Grapher', display_status: 'Running', display_running: true },
    ] });
    expect(body.nagioscore).toEqual({ updated: snap.updated, ...snap.stats });
    expect(body.monitoring).toEqual({ source: 'demo', updated: snap.updated, age: expect.any(Number), problem: null });
    // The demo's clock is fixed in the past: the age is the time since then (within the second the request took).
    expect(Math.abs((body.monitoring as { age: number }).age - (Math.floor(Date.now() / 1000) - snap.updated))).toBeLessThanOrEqual(1);
    expect(Object.keys(body.load as object).sort()).toEqual(['load1', 'load15', 'load5']);
    const memory = body.memory as Record<string, number>;
    expect(Object.keys(memory).sort()).toEqual(['buffers', 'cached', 'free', 'shared', 'total', 'used']);
    expect(memory.total).toBeGreaterThan(0);
    expect(Object.keys(body.swap as object).sort()).toEqual(['free', 'total', 'used']);
    const io = body.iostat as Record<string, number>;
    expect(Object.keys(io).sort()).toEqual(['idle', 'iowait', 'nice', 'steal', 'system', 'user']);
    expect(Object.values(io).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
  });

  it('reports a real engine\'s grapher that is not installed as neither running nor a fault, and says so on the system status page', async () => {
    const { ctx } = ts.server;
    const kept = ctx.grapher;
    try {
      const pnp = async () => ((await admin.get<{ daemons: { daemon: { id: string }[] } }>('api/v2/status/system')).body.daemons.daemon).find((d) => d.id === 'pnp');
      const row = async () => /<tr><th scope="row">Performance Grapher<\/th><td>(.*?)<\/td><td>(.*?)<\/td><\/tr>/.exec((await admin.get('admin/sysstat.php')).text)?.slice(1);
      ctx.grapher = () => 'absent';
      // Spec 2.7: a code other than 0 and 1 is neutral, so the top bar's overall status stays OK.
      expect(await pnp()).toMatchObject({ return_code: 2, status: 'npcd is not installed', display_status: 'Not Installed', display_running: false });
      expect((await row())?.[0]).toContain('Not installed');
      ctx.grapher = () => 'stopped';
      expect(await pnp()).toMatchObject({ return_code: 1, status: 'npcd is not running', display_status: 'Not Running', display_running: false });
      expect((await row())?.[0]).toContain('Not running');
      ctx.grapher = () => 'running';
      expect(await pnp()).toMatchObject({ return_code: 0, display_status: 'Running', display_running: true });
      expect((await row())?.[0]).toContain('Running');
    } finally {
      ctx.grapher = kept;
    }
  });

    it('is for administrators and users authorized for the monitoring system only', async () => {
    const plain = await loginAs(ts, 'plainuser');
    const res = await plain.get('api/v2/status/system');
    expect(res.status).toBe(403);
    expect(typeof (res.body as { message: string }).message).toBe('string');
    const monitor = await loginAs(ts, 'monitoruser', { isAuthorizedForMonitoringSystem: true });
    expect((await monitor.get('api/v2/status/system')).status).toBe(200);
  });
});

describe('status/program', () => {
  it('is the engine program status', async () => {
    const res = await admin.get('api/v2/status/program');
    expect(res.body).toEqual(source.snapshot().program);
    expect(res.body).toMatchObject({ is_currently_running: 1, active_host_checks_enabled: 1, active_service_checks_enabled: 1, notifications_enabled: 1 });
  });
});

describe('status/host', () => {
  it('lists every host with its fields', async () => {
    const res = await admin.get<{ recordcount: number; hoststatus: HostStatus[] }>('api/v2/status/host');
    expect(res.body.recordcount).toBe(60);
    expect(res.body.hoststatus).toEqual(source.snapshot().hosts);
  });

  it('counts unhandled host problems with the shell query', async () => {
    const res = await admin.get(HOST_PROBLEMS);
    expect(res.body).toEqual({ recordcount: expectedProblems().hosts });
    expect(expectedProblems().hosts).toBeGreaterThan(0);
  });

  it('filters with in:, exact values and list fields', async () => {
    const down = await admin.get<{ recordcount: number; hoststatus: HostStatus[] }>('api/v2/status/host?current_state=in:1,2');
    expect(down.body.hoststatus.map((h) => h.host_name)).toEqual(source.snapshot().hosts.filter((h) => h.current_state !== 0).map((h) => h.host_name));
    expect(down.body.recordcount).toBe(down.body.hoststatus.length);
    const one = await admin.get<{ hoststatus: HostStatus[] }>('api/v2/status/host?host_name=db01');
    expect(one.body.hoststatus.map((h) => h.address)).toEqual(['10.12.0.2']);
    const web = await admin.get<{ hoststatus: HostStatus[] }>('api/v2/status/host?hostgroups=web-servers');
    expect(web.body.hoststatus.length).toBeGreaterThan(0);
    expect(web.body.hoststatus.every((h) => h.hostgroups.includes('web-servers'))).toBe(true);
  });

  it('pages with records and start unless limitrecords=false, and orders', async () => {
    const all = source.snapshot().hosts.map((h) => h.host_name);
    const page = await admin.get<{ recordcount: number; hoststatus: HostStatus[] }>('api/v2/status/host?records=10&start=5');
    expect(page.body.recordcount).toBe(60);
    expect(page.body.hoststatus.map((h) => h.host_name)).toEqual(all.slice(5, 15));
    const unlimited = await admin.get<{ hoststatus: HostStatus[] }>('api/v2/status/host?records=10&start=5&limitrecords=false');
    expect(unlimited.body.hoststatus).toHaveLength(60);
    const sorted = await admin.get<{ hoststatus: HostStatus[] }>('api/v2/status/host?orderby=host_name:d&records=3');
    expect(sorted.body.hoststatus.map((h) => h.host_name)).toEqual([...all].sort().reverse().slice(0, 3));
  });

  it('answers 400 for unknown fields and malformed paging', async () => {
    expect(await admin.get('api/v2/status/host?colour=red')).toMatchObject({ status: 400, body: { message: "Unknown filter field 'colour'." } });
    expect((await admin.get('api/v2/status/host?records=-3')).status).toBe(400);
    expect((await admin.get('api/v2/status/host?orderby=colour:a')).status).toBe(400);
  });
});

describe('status/service', () => {
  it('counts unhandled service problems with the shell query', async () => {
    const res = await admin.get(SERVICE_PROBLEMS);
    expect(res.body).toEqual({ recordcount: expectedProblems().services });
    expect(expectedProblems().services).toBeGreaterThan(0);
  });

  it('carries host fields under host_ names with combinedhost=1 and refuses them without it', async () => {
    const res = await admin.get<{ servicestatus: Record<string, unknown>[] }>('api/v2/status/service?combinedhost=1&host_current_state=in:1,2');
    const downHosts = new Set(source.snapshot().hosts.filter((h) => h.current_state !== 0).map((h) => h.host_name));
    expect(res.body.servicestatus.length).toBeGreaterThan(0);
    for (const s of res.body.servicestatus) {
      expect(downHosts.has(s.host_name as string)).toBe(true);
      expect(s.host_current_state).not.toBe(0);
      expect(s).toHaveProperty('host_address');
    }
    expect(await admin.get('api/v2/status/service?host_current_state=0')).toMatchObject({ status: 400, body: { message: "Unknown filter field 'host_current_state'." } });
  });

  it('follows commands: acknowledging a problem takes it off the unhandled count', async () => {
    const before = expectedProblems().services;
    const snap = source.snapshot();
    const byName = new Map(snap.hosts.map((h) => [h.host_name, h]));
    const target = snap.services.find((s) => s.current_state !== 0 && !s.problem_acknowledged && !s.scheduled_downtime_depth && byName.get(s.host_name)!.current_state === 0
      && !byName.get(s.host_name)!.problem_acknowledged && !byName.get(s.host_name)!.scheduled_downtime_depth)!;
    await source.submit({ type: 'acknowledge', host: target.host_name, service: target.service_description, comment: 'mine', author: 'nagiosadmin', sticky: false, notify: false, persistent: false });
    expect((await admin.get(SERVICE_PROBLEMS)).body).toEqual({ recordcount: before - 1 });
    const svc = await admin.get<{ servicestatus: ServiceStatus[] }>(`api/v2/status/service?host_name=${target.host_name}&service_description=${encodeURIComponent(target.service_description)}`);
    expect(svc.body.servicestatus).toEqual([expect.objectContaining({ problem_acknowledged: 1 })]);
  });
});

describe('status/ip', () => {
  it('resolves the default Program URL to this machine', async () => {
    const res = await admin.get('api/v2/status/ip');
    expect(res.body).toEqual({ could_not_resolve: false, mismatch_found: false, internal_url: 'http://127.0.0.1/nagiosxi/', resolved_ip: '127.0.0.1', server_ips: expect.arrayContaining(['127.0.0.1']) });
  });

  it('reports a mismatch for an address of another machine, and a failure for a name that does not resolve', async () => {
    await setSetting(ts.server.ctx.store, PROGRAM_URL_SETTING, 'http://192.0.2.10/nagiosxi/');
    expect((await admin.get('api/v2/status/ip')).body).toMatchObject({ could_not_resolve: false, mismatch_found: true, resolved_ip: '192.0.2.10', internal_url: 'http://192.0.2.10/nagiosxi/' });
    await setSetting(ts.server.ctx.store, PROGRAM_URL_SETTING, 'http://pharos-test.invalid/nagiosxi/');
    expect((await admin.get('api/v2/status/ip')).body).toMatchObject({ could_not_resolve: true, mismatch_found: false, resolved_ip: '' });
    await setSetting(ts.server.ctx.store, PROGRAM_URL_SETTING, 'not a url');
    expect((await admin.get('api/v2/status/ip')).body).toMatchObject({ could_not_resolve: true, mismatch_found: false });
  });
});

describe('problems helpers', () => {
  it('agree with the shell queries and count states', () => {
    const snap = source.snapshot();
    const counts = countUnhandledProblems(snap);
    expect({ hosts: counts.hosts, services: counts.services }).toEqual(expectedProblems());
    const t = tacticalCounts(snap);
    expect(t.hosts.up + t.hosts.down + t.hosts.unreachable + t.hosts.pending).toBe(snap.hosts.length);
    expect(t.services.ok + t.services.warning + t.services.critical + t.services.unknown + t.services.pending).toBe(snap.services.length);
    expect(t.hosts.unhandled).toBe(counts.hosts);
    expect(t.services.unhandled).toBe(counts.services);
    expect(unhandledProblemsTitle({ hosts: 0, services: 0, total: 0 })).toBe('No Problems Detected');
    expect(unhandledProblemsTitle({ hosts: 1, services: 0, total: 1 })).toBe('1 Unhandled Problem');
    expect(unhandledProblemsTitle({ hosts: 1, services: 2, total: 3 })).toBe('3 Unhandled Problems');
  });
});

describe('host statistics', () => {
  const proc = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-proc-'));
  fs.writeFileSync(path.join(proc, 'loadavg'), '0.52 0.58 0.59 2/431 12345\n');
  fs.writeFileSync(path.join(proc, 'meminfo'), [
    'MemTotal:        8192000 kB', 'MemFree:         2048000 kB', 'Buffers:          102400 kB', 'Cached:          1024000 kB',
    'SReclaimable:     102400 kB', 'Shmem:             51200 kB', 'SwapTotal:       2097152 kB', 'SwapFree:        1048576 kB', '',
  ].join('\n'));
  const stat = (user: number, idle: number) => `cpu  ${user} 0 100 ${idle} 50 0 0 0 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n`;

  it('reads load, memory in MB, swap and CPU percentages between two samples', () => {
    fs.writeFileSync(path.join(proc, 'stat'), stat(600, 8250));
    const reader = createHostStatsReader(proc);
    const first = reader.read();
    expect(first.load).toEqual({ load1: 0.52, load5: 0.58, load15: 0.59 });
    expect(first.memory).toEqual({ total: 8000, used: 4800, free: 2000, shared: 50, buffers: 100, cached: 1100 });
    expect(first.swap).toEqual({ total: 2048, used: 1024, free: 1024 });
    // The first sample covers the time since boot: 600 user, 100 system, 8250 idle, 50 iowait of 9000.
    expect(first.iostat).toEqual({ user: 6.67, nice: 0, system: 1.11, iowait: 0.56, steal: 0, idle: 91.67 });
    fs.writeFileSync(path.join(proc, 'stat'), stat(900, 8950));
    expect(reader.read().iostat).toEqual({ user: 30, nice: 0, system: 0, iowait: 0, steal: 0, idle: 70 });
    // No time passed: the last figures stand.
    expect(reader.read().iostat).toEqual({ user: 30, nice: 0, system: 0, iowait: 0, steal: 0, idle: 70 });
  });

  it('falls back to the os module where /proc is missing', () => {
    const stats = createHostStatsReader(path.join(proc, 'missing')).read();
    expect(stats.memory.total).toBeGreaterThan(0);
    expect(Object.values(stats.iostat).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
    expect(stats.swap).toEqual({ total: 0, used: 0, free: 0 });
    expect(isProcessRunning('npcd', path.join(proc, 'missing'))).toBe(false);
  });

  it('parses /proc/stat and needs time to pass for percentages', () => {
    const t = parseCpuTimes(stat(10, 20))!;
    expect(t).toMatchObject({ user: 10, system: 100, idle: 20, iowait: 50 });
    expect(cpuPercentages(t, t)).toBeUndefined();
    expect(parseCpuTimes('intr 1 2 3')).toBeUndefined();
  });
});
