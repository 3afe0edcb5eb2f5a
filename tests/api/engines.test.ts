/** Several engines at once (issue 21): the PHAROS_ENGINES file, the merged source, and the server over it. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/src/config.js';
import { ENGINES_FILE_EXIT_CODE, parseEngineSpecs } from '../../server/src/monitoring/engines/enginesFile.js';
import { MergedSource } from '../../server/src/monitoring/engines/mergedSource.js';
import { openEngine } from '../../server/src/monitoring/engines/openEngine.js';
import { countUnhandledProblems, tacticalCounts } from '../../server/src/monitoring/problems.js';
import { alertProblems, createChangeFeed } from '../../server/src/monitoring/changeFeed.js';
import { openSqliteStorage } from '../../server/src/db/database.js';
import type { HostStatus, ServiceStatus } from '../../server/src/monitoring/source.js';
import type { SystemStatus } from '../../src/lib/apiTypes.js';
import { useTestServer } from './useTestServer.js';
import { FakeEngine, host, service } from './fakeEngines.js';
import { formSend, sendOk } from './writeGuards.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-engines-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, content);
  return p;
}

function fleet() {
  const berlin = new FakeEngine('berlin', [host('web1'), host('db1', 1)], [service('web1', 'HTTP', 2), service('web1', 'Disk')]);
  const paris = new FakeEngine('paris', [host('web1'), host('app1')], [service('web1', 'HTTP'), service('app1', 'Queue', 2)]);
  return { berlin, paris, merged: new MergedSource([berlin, paris]) };
}

describe('the PHAROS_ENGINES file', () => {
  it('reads nagios, livestatus and demo entries', () => {
    const p = file('good.json', JSON.stringify([
      { name: 'berlin', type: 'nagios', config: '/etc/nagios4/nagios.cfg' }, { name: 'paris', type: 'livestatus', address: '127.0.0.1:6558' },
      { name: 'lab-1', type: 'demo', staleAfterSeconds: 60 },
    ]));
    expect(configFromEnv({ PHAROS_ENGINES: p }).engines).toEqual([
      { name: 'berlin', type: 'nagios', config: '/etc/nagios4/nagios.cfg' }, { name: 'paris', type: 'livestatus', address: '127.0.0.1:6558' },
      { name: 'lab-1', type: 'demo', staleAfterSeconds: 60 },
    ]);
    expect(configFromEnv({}).engines).toBeUndefined();
  });

  it('refuses bad entries with a reason', () => {
    expect(() => parseEngineSpecs({})).toThrow(/JSON array/);
    expect(() => parseEngineSpecs([])).toThrow(/no engines/);
    expect(() => parseEngineSpecs([{ name: 'Berlin', type: 'demo' }])).toThrow(/1 to 32 characters/);
    expect(() => parseEngineSpecs([{ name: 'x'.repeat(33), type: 'demo' }])).toThrow(/1 to 32 characters/);
    expect(() => parseEngineSpecs([{ name: 'a', type: 'icinga' }])).toThrow(/"nagios", "livestatus" or "demo"/);
    expect(() => parseEngineSpecs([{ name: 'a', type: 'nagios' }])).toThrow(/needs "config"/);
    expect(() => parseEngineSpecs([{ name: 'a', type: 'livestatus', address: 'nowhere:99999' }])).toThrow(/bad "address"/);
    expect(() => parseEngineSpecs([{ name: 'a', type: 'demo', config: 'x' }])).toThrow(/unknown field "config"/);
    expect(() => parseEngineSpecs([{ name: 'a', type: 'demo' }, { name: 'a', type: 'demo' }])).toThrow(/'a' is used twice/);
  });

  it('stops the server with one line and exit code 16: bad JSON, duplicate names, and with PHAROS_NAGIOS_CFG too', () => {
    const cases = [
      { env: { PHAROS_ENGINES: file('bad.json', '[{"name": "a",') }, line: /is not valid JSON/ },
      { env: { PHAROS_ENGINES: file('dup.json', '[{"name":"a","type":"demo"},{"name":"a","type":"demo"}]') }, line: /'a' is used twice/ },
      { env: { PHAROS_ENGINES: path.join(tmp, 'missing.json') }, line: /cannot be read \(ENOENT\)/ },
      { env: { PHAROS_ENGINES: file('one.json', '[{"name":"a","type":"demo"}]'), PHAROS_NAGIOS_CFG: '/etc/nagios4/nagios.cfg' }, line: /not both/ },
    ];
    for (const c of cases) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
        env: { ...process.env, ...c.env, PHAROS_DATA_DIR: path.join(tmp, 'data'), PORT: '0' }, encoding: 'utf8', timeout: 30_000,
      });
      expect(run.status, run.stderr).toBe(ENGINES_FILE_EXIT_CODE);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(c.line);
    }
  }, 60_000);
});

describe('the merged source', () => {
  it('tags every row with its engine; the same host name on two engines is two hosts', () => {
    const { merged } = fleet();
    const snap = merged.snapshot();
    expect(snap.hosts.map((h) => `${h.host_name}@${h.engine}`)).toEqual(['app1@paris', 'db1@berlin', 'web1@berlin', 'web1@paris']);
    expect(snap.services.map((s) => `${s.host_name}/${s.service_description}@${s.engine}`)).toEqual(['app1/Queue@paris', 'web1/Disk@berlin', 'web1/HTTP@berlin', 'web1/HTTP@paris']);
    expect(merged.snapshot()).toBe(snap);
  });

  it('adds up the engines that answer; a stale engine keeps its rows, marked, out of the totals', () => {
    const { merged, paris } = fleet();
    expect(countUnhandledProblems(merged.snapshot())).toEqual({ hosts: 1, services: 2, total: 3 });
    paris.answering = false;
    const snap = merged.snapshot();
    expect(snap.hosts.filter((h) => h.engine === 'paris').every((h) => h.stale === paris.snap.updated)).toBe(true);
    expect(countUnhandledProblems(snap)).toEqual({ hosts: 1, services: 1, total: 2 });
    const t = tacticalCounts(snap);
    expect([t.hosts.total, t.hosts.up, t.hosts.stale, t.services.ok, t.services.stale]).toEqual([2, 1, 2, 1, 2]);
    expect(merged.dataProblem()).toMatch(/^1 of 2 engines not answering: paris/);
    expect(merged.engineRunning()).toBe(true);
  });

  it('does not replay a stale engine\'s problems as new when it answers again', async () => {
    const { merged, paris } = fleet();
    const storage = await openSqliteStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-feed-')));
    const feed = createChangeFeed(storage);
    const first = await feed.read(undefined, merged.snapshot());
    expect(alertProblems(merged.snapshot()).map((p) => `${p.host_name}/${p.service_description ?? ''}@${p.engine}`)).toContain('app1/Queue@paris');
    paris.answering = false;
    const during = await feed.read(first.cursor, merged.snapshot());
    expect(during.changes).toEqual([]);
    paris.answering = true;
    paris.snap = { ...paris.snap };
    expect((await feed.read(during.cursor, merged.snapshot())).changes).toEqual([]);
    await storage.close();
  });

  it('sends a command to the engine that owns the object, and refuses one for an engine that is down, naming it', async () => {
    const { merged, berlin, paris } = fleet();
    const ack = { type: 'acknowledge', host: 'web1', service: 'HTTP', comment: 'c', author: 'a', sticky: false, notify: false, persistent: false } as const;
    await merged.submit({ ...ack, engine: 'paris' });
    expect(paris.sent).toEqual([ack]);
    expect(berlin.sent).toEqual([]);
    await merged.submit({ type: 'schedule_check', host: 'db1', time: 1, forced: true });
    expect(berlin.sent).toHaveLength(1);
    await expect(merged.submit(ack)).rejects.toThrow(/on several engines \(berlin, paris\)/);
    await expect(merged.submit({ ...ack, engine: 'rome' })).rejects.toThrow(/no engine named 'rome'/);
    paris.answering = false;
    await expect(merged.submit({ ...ack, engine: 'paris' })).rejects.toThrow(/Engine 'paris' is not answering/);
    expect(paris.sent).toHaveLength(1);
  });
});

describe('an engine whose nagios.cfg cannot be read', () => {
  it('is not answering, and the reason names the path, not only "The engine is not running" (issue 36)', async () => {
    const cfg = path.join(tmp, 'nagios4', 'nagios.cgf');
    const berlin = new FakeEngine('berlin', [host('web1')], []);
    const merged = new MergedSource([berlin, openEngine({ name: 'paris', type: 'nagios', config: cfg }, { demoHosts: 1, demoServicesPerHost: 1, demoTickSeconds: 60 })]);
    await merged.start();
    try {
      const paris = merged.engines().find((e) => e.name === 'paris')!;
      expect(paris.state).toBe('stale');
      expect(paris.reason).toBe(`The engine is not running: Cannot read the Nagios main config file ${cfg}: ENOENT: no such file or directory, open '${cfg}'`);
    } finally {
      await merged.stop();
    }
  });
});

describe('the server over two engines', () => {
  const engines = fleet();
  const { admin } = useTestServer({ monitoring: engines.merged });

  it('lists both engines\' rows with their engine in the API, filters by engine, and shows an Engine column', async () => {
    const hosts = (await admin.get<{ hoststatus: HostStatus[] }>('api/v2/status/host')).body.hoststatus;
    expect(hosts.filter((h) => h.host_name === 'web1').map((h) => h.engine)).toEqual(['berlin', 'paris']);
    const paris = (await admin.get<{ servicestatus: ServiceStatus[] }>('api/v2/status/service?engine=paris')).body.servicestatus;
    expect(paris.map((s) => s.service_description)).toEqual(['Queue', 'HTTP']);
    const page = (await admin.get('includes/components/xicore/status.php?show=services')).text;
    expect(page).toContain('<th scope="col" class="">Engine</th>');
    expect(page).toContain('show=servicedetail&amp;host=web1&amp;service=HTTP&amp;engine=paris');
    const filtered = (await admin.get('includes/components/xicore/status.php?show=services&engine=berlin')).text;
    expect(filtered).not.toContain('app1');
    // One host on one engine: that engine's services of that host, and no one else's.
    const oneHost = (await admin.get('includes/components/xicore/status.php?show=services&host=web1&engine=paris')).text;
    expect(oneHost).toContain('show=servicedetail&amp;host=web1&amp;service=HTTP&amp;engine=paris');
    expect(oneHost).not.toContain('engine=berlin');
    expect(oneHost).not.toContain('service=Queue');
    const detail = (await admin.get('includes/components/xicore/status.php?show=hostdetail&host=web1&engine=paris'));
    expect(detail.status).toBe(200);
    expect((await admin.get('includes/components/xicore/status.php?show=hostdetail&host=web1')).status).toBe(400);
  });

  it('lists comments and downtime with an Engine column and links naming the engine', async () => {
    const before = engines.paris.snap;
    engines.paris.snap = {
      ...before,
      comments: [{ id: 1, host_name: 'web1', service_description: 'HTTP', author: 'ann', text: 'Paris note', entry_time: 1000, persistent: 1, entry_type: 1 }],
      downtimes: [{ id: 2, host_name: 'web1', service_description: null, author: 'bob', comment: 'Paris window', start_time: 1000, end_time: 2000, fixed: 1, duration: 1000 }],
    };
    try {
      const comments = (await admin.get('includes/components/xicore/status.php?show=comments')).text;
      expect(comments).toContain('<th scope="col">Engine</th>');
      expect(comments).toContain('<td data-label="Engine" class="engine">paris</td>');
      expect(comments).toContain('show=servicedetail&amp;host=web1&amp;service=HTTP&amp;engine=paris');
      const downtimes = (await admin.get('includes/components/xicore/status.php?show=downtimes')).text;
      expect(downtimes).toContain('<th scope="col">Engine</th>');
      expect(downtimes).toContain('<td data-label="Engine" class="engine">paris</td>');
      expect(downtimes).toContain('show=hostdetail&amp;host=web1&amp;engine=paris');
      expect((await admin.get('includes/components/xicore/status.php?show=downtimes&engine=berlin')).text).not.toContain('Paris window');
    } finally {
      engines.paris.snap = before;
    }
  });

  const checkResult = () => sendOk(formSend('POST', 'api/v2/admin/checkresult', { host: 'app1', service: 'Queue', state: '0', output: 'x', engine: 'paris' }), admin);

  it('shows a stale engine on the board and in the system status, keeps it out of totals, and refuses its commands with 503', async () => {
    engines.paris.answering = false;
    const board = (await admin.get('includes/components/pharos/problemsboard.php')).text;
    expect(board).toContain('1 of 2 engines not answering: paris');
    expect(board).toContain('<span class="engine">paris</span>');
    const status = (await admin.get<SystemStatus>('api/v2/status/system')).body;
    expect(status.monitoring?.engines?.map((e) => [e.name, e.state])).toEqual([['berlin', 'ok'], ['paris', 'stale']]);
    const totals = await admin.get<{ recordcount: number }>('api/v2/status/service?totals=1&current_state=0');
    expect(totals.body.recordcount).toBe(1);
    const refused = await checkResult();
    expect(refused.status).toBe(503);
    expect((refused.body as { message: string }).message).toMatch(/Engine 'paris' is not answering/);
    engines.paris.answering = true;
    const sent = await checkResult();
    expect(sent.status).toBe(200);
    expect(engines.paris.sent.at(-1)).toMatchObject({ type: 'process_check_result', host: 'app1' });
  });
});

