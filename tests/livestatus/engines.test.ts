/**
 * Two real engines of different kinds behind one Pharos (issue 21): Nagios Core 4 ('berlin', tests/nagios/engine.ts)
 * and Icinga 2 through Livestatus ('paris', ./icinga.ts), from a PHAROS_ENGINES file. Every row names its engine, a
 * stopped Icinga is shown as not answering (its rows stale, never OK) while Nagios stays live, it recovers by itself,
 * its standing problems are not replayed as new alerts, and a command form reaches the engine that owns the object.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HostStatus } from '../../server/src/monitoring/source.js';
import type { AlertChanges, SystemStatus } from '../../src/lib/apiTypes.js';
import { configFromEnv } from '../../server/src/config.js';
import { LivestatusClient } from '../../server/src/monitoring/livestatus/client.js';
import { formOf, linkParams, objectRows } from '../api/classicPages.js';
import { ADMIN_PASSWORD } from '../api/harness.js';
import { useTestServer } from '../api/useTestServer.js';
import { HOSTS as NAGIOS_HOSTS, SERVICES as NAGIOS_SERVICES, startNagios, type NagiosEngine } from '../nagios/engine.js';
import { HOSTS as ICINGA_HOSTS, SERVICES as ICINGA_SERVICES, startIcinga, type IcingaEngine } from './icinga.js';

const STATUS = 'includes/components/xicore/status.php';
const BOARD = 'includes/components/pharos/problemsboard.php';
/** A host name both engines have: Nagios's web-01, and one more on Icinga. Two hosts, one per engine. */
const SHARED = NAGIOS_HOSTS.up;
/** Icinga's staleness limit in the engines file: it polls every ~0.7 s and counts as not answering 2 s after its last answer. */
const ICINGA_STALE_SECONDS = 2;
const WAIT = { timeout: 20_000, interval: 250 };

let nagios: NagiosEngine | undefined;
let icinga: IcingaEngine | undefined;
let tmp: string | undefined;
let enginesFile = '';
beforeAll(async () => {
  [nagios, icinga] = await Promise.all([
    startNagios(),
    startIcinga(`object Host "${SHARED}" { import "test-host"; address = "127.0.0.3"; vars.dummy_state = 0; vars.dummy_text = "UP on Icinga" }\n`),
  ]);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-two-engines-'));
  enginesFile = path.join(tmp, 'engines.json');
  fs.writeFileSync(enginesFile, JSON.stringify([
    { name: 'berlin', type: 'nagios', config: nagios.cfgPath },
    { name: 'paris', type: 'livestatus', address: icinga.address, staleAfterSeconds: ICINGA_STALE_SECONDS },
  ]));
}, 60_000);
afterAll(async () => {
  await Promise.all([nagios?.dispose(), icinga?.dispose()]);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}, 30_000);
const { ts, admin } = useTestServer({
  config: () => ({ engines: configFromEnv({ PHAROS_ENGINES: enginesFile, PHAROS_ADMIN_PASSWORD: ADMIN_PASSWORD }).engines }),
});
let origin: string;
let basePath: string;

interface Row { host: string; service: string; engine: string; engineCell: string; state: string; stale: boolean }

/** The service status page's rows: the object from the row's detail link, the Engine cell, and the state badge. */
function serviceRows(page: string): Row[] {
  return objectRows(page).map(({ row, params }) => {
    const badge = /<span class="badge state-\w+( stale)?"[^>]*>([^<]*)<\/span>/.exec(row);
    return {
      host: params.get('host') ?? '', service: params.get('service') ?? '', engine: params.get('engine') ?? '',
      engineCell: /<td data-label="Engine" class="engine">([^<]*)<\/td>/.exec(row)?.[1] ?? '(none)',
      state: badge?.[2] ?? '', stale: badge?.[1] !== undefined,
    };
  });
}

interface BoardRow { host: string; service: string; engine: string; state: string; stale: boolean }

/** The problems board's rows, unhandled and handled. */
function boardRows(page: string): BoardRow[] {
  return [...page.matchAll(/<li class="problem ([^"]*)">([\s\S]*?)<\/li>/g)].map(([, cls, li]) => ({
    host: /<span class="host">([^<]*)<\/span>/.exec(li!)?.[1] ?? '',
    service: /<span class="service">([^<]*)<\/span>/.exec(li!)?.[1] ?? '',
    engine: /<span class="engine">([^<]*)<\/span>/.exec(li!)?.[1] ?? '(none)',
    state: /<span class="state">([^<]*)<\/span>/.exec(li!)?.[1] ?? '',
    stale: cls!.split(' ').includes('stale'),
  }));
}

const engineStates = async () => (await admin.get<SystemStatus>('api/v2/status/system')).body.monitoring?.engines?.map((e) => [e.name, e.state]);
const hostsOf = async () => (await admin.get<{ hoststatus: HostStatus[] }>('api/v2/status/host')).body.hoststatus;

beforeAll(async () => {
  ({ origin, pathname: basePath } = new URL(ts.url));
  await vi.waitFor(async () => {
    const hosts = await hostsOf();
    expect(hosts.filter((h) => h.has_been_checked === 1).map((h) => `${h.engine}/${h.host_name}`).sort()).toEqual([
      ...Object.values(NAGIOS_HOSTS).map((h) => `berlin/${h}`), ...[ICINGA_HOSTS.down, SHARED, ICINGA_HOSTS.up].map((h) => `paris/${h}`),
    ].sort());
    const board = boardRows((await admin.get(BOARD)).text);
    expect(board.some((r) => r.engine === 'paris' && r.service === ICINGA_SERVICES.critical.description)).toBe(true);
    expect(board.some((r) => r.engine === 'berlin' && r.service === 'Load')).toBe(true);
  }, { timeout: 30_000, interval: 250 });
}, 60_000);

describe('a real Nagios Core 4 and a real Icinga 2 behind one Pharos', () => {
  it('lists both engines\' services with an Engine column; the host name on both engines shows as two hosts', async () => {
    const rows = serviceRows((await admin.get(`${STATUS}?show=services&records=200`)).text);
    expect(rows.every((r) => r.engineCell === r.engine && r.engine !== '')).toBe(true);
    expect(rows.filter((r) => r.engine === 'berlin').map((r) => `${r.host}/${r.service}`).sort()).toEqual(NAGIOS_SERVICES.map((s) => `${s.host}/${s.description}`).sort());
    expect(rows.filter((r) => r.engine === 'paris').map((r) => `${r.host}/${r.service}`).sort()).toEqual(Object.values(ICINGA_SERVICES).map((s) => `${s.host}/${s.description}`).sort());
    expect(rows.find((r) => r.engine === 'paris' && r.service === ICINGA_SERVICES.critical.description)?.state).toBe('CRITICAL');
    expect(rows.find((r) => r.engine === 'berlin' && r.service === 'HTTP')?.state).toBe('OK');
    expect(rows.some((r) => r.stale)).toBe(false);

    const hostPage = (await admin.get(`${STATUS}?show=hosts`)).text;
    const shared = [...hostPage.matchAll(/<th scope="row"><a href="([^"]*)">([^<]*)<\/a>/g)].filter(([, , name]) => name === SHARED).map(([, href]) => linkParams(href!).get('engine'));
    expect(shared.sort()).toEqual(['berlin', 'paris']);
    // A detail page for the shared name needs engine=; each engine's host has its own page.
    expect((await admin.get(`${STATUS}?show=hostdetail&host=${SHARED}`)).status).toBe(400);
    expect((await admin.get(`${STATUS}?show=hostdetail&host=${SHARED}&engine=paris`)).text).toContain('UP on Icinga');
  });

  it('shows both engines\' problems on the problems board with their engine names', async () => {
    const board = (await admin.get(BOARD)).text;
    const rows = boardRows(board);
    expect(rows).toEqual(expect.arrayContaining([
      { host: NAGIOS_HOSTS.down, service: '', engine: 'berlin', state: 'DOWN', stale: false },
      { host: 'web-01', service: 'Load', engine: 'berlin', state: 'CRITICAL', stale: false },
      { host: ICINGA_HOSTS.down, service: '', engine: 'paris', state: 'DOWN', stale: false },
      { host: ICINGA_SERVICES.critical.host, service: ICINGA_SERVICES.critical.description, engine: 'paris', state: 'CRITICAL', stale: false },
    ]));
    expect(board).not.toContain('engines not answering');
    expect(await engineStates()).toEqual([['berlin', 'ok'], ['paris', 'ok']]);
  });

  it('an acknowledgement from the classic command form for an Icinga service shows up in Icinga\'s comments table', async () => {
    const detail = `${STATUS}?show=servicedetail&host=${ICINGA_SERVICES.critical.host}&service=${ICINGA_SERVICES.critical.description}&engine=paris`;
    const form = formOf((await admin.get(detail)).text, 'acknowledge');
    expect(form.fields).toMatchObject({ nsp: admin.nsp, cmd: 'acknowledge', host: 'web1', service: 'disk' });
    expect(linkParams(form.action).get('engine')).toBe('paris');
    // As the page sends it: the form's fields (with nsp), from this origin, with the XSRF header.
    const res = await admin.post(form.action.slice(basePath.length), { ...form.fields, comment: 'Disk swap <tonight>' }, { headers: { origin } });
    expect(res.status, res.text).toBe(303);
    expect(res.headers.get('location')).toContain('notice=submitted');

    const comments = await vi.waitFor(async () => {
      const got = await new LivestatusClient(icinga!.address).query({ table: 'comments', columns: ['host_name', 'service_description', 'author', 'comment', 'entry_type'], filters: ['entry_type = 4'] });
      expect(got).toHaveLength(1);
      return got;
    }, { timeout: 10_000, interval: 100 });
    expect(comments).toEqual([['web1', 'disk', 'nagiosadmin', 'Disk swap <tonight>', 4]]);
    await vi.waitFor(async () => {
      const board = boardRows((await admin.get(BOARD)).text);
      expect(board.filter((r) => r.engine === 'paris' && r.service === 'disk')).toHaveLength(1);
      expect((await admin.get(detail)).text).toContain('Disk swap &lt;tonight&gt;');
    }, WAIT);
    // The comment list names each comment's engine, and links to the object on it.
    const list = (await admin.get(`${STATUS}?show=comments`)).text;
    expect(list).toContain('<th scope="col">Engine</th>');
    const row = /<tr>((?:(?!<\/tr>)[\s\S])*Disk swap &lt;tonight&gt;[\s\S]*?)<\/tr>/.exec(list)?.[1] ?? '';
    expect(row).toContain('<td data-label="Engine" class="engine">paris</td>');
    expect(row).toContain('show=servicedetail&amp;host=web1&amp;service=disk&amp;engine=paris');
  });

  it('a stopped Icinga is shown as not answering, its rows stale and never OK, while Nagios stays live; it recovers by itself without replaying old problems', async () => {
    const first = (await admin.get<AlertChanges>('api/v2/status/changes')).body;
    const standing = first.problems?.filter((p) => p.engine === 'paris').map((p) => `${p.host_name}/${p.service_description ?? ''}`);
    expect(standing).toEqual([`${ICINGA_HOSTS.down}/`]);

    await icinga!.stop();
    const stoppedAt = Date.now();
    await vi.waitFor(async () => expect(await engineStates()).toEqual([['berlin', 'ok'], ['paris', 'stale']]), WAIT);
    // Within a few poll intervals of its staleness limit, not minutes.
    expect(Date.now() - stoppedAt).toBeLessThan((ICINGA_STALE_SECONDS + 8) * 1000);
    const system = (await admin.get<SystemStatus>('api/v2/status/system')).body;
    expect(system.monitoring?.engines?.find((e) => e.name === 'paris')?.reason).toMatch(/not answering/);

    const board = (await admin.get(BOARD)).text;
    expect(board).toContain('1 of 2 engines not answering: paris');
    expect(board).not.toContain('All systems OK');
    const boardList = boardRows(board);
    expect(boardList.filter((r) => r.engine === 'paris').every((r) => r.stale && r.state.startsWith('STALE: '))).toBe(true);
    expect(boardList.filter((r) => r.engine === 'paris').length).toBeGreaterThan(0);
    expect(boardList.filter((r) => r.engine === 'berlin').every((r) => !r.stale)).toBe(true);

    const servicePage = (await admin.get(`${STATUS}?show=services&records=200`)).text;
    const rows = serviceRows(servicePage);
    const paris = rows.filter((r) => r.engine === 'paris');
    // The state counts leave them out of every state, OK included, and count them apart.
    expect(servicePage).toMatch(new RegExp(`<li class="state-pending stale"[^>]*><span class="count">${Object.keys(ICINGA_SERVICES).length}</span> STALE</li>`));
    expect(paris.map((r) => `${r.host}/${r.service}`).sort()).toEqual(Object.values(ICINGA_SERVICES).map((s) => `${s.host}/${s.description}`).sort());
    // Never OK: every kept row is labelled STALE (its last state after the label), in the neutral badge.
    expect(paris.every((r) => r.stale && r.state.startsWith('STALE: '))).toBe(true);
    expect(rows.filter((r) => r.engine === 'berlin').every((r) => !r.stale && !r.state.startsWith('STALE'))).toBe(true);
    expect(rows.find((r) => r.engine === 'berlin' && r.service === 'HTTP')?.state).toBe('OK');
    // Nagios is still live: its commands are taken, Icinga's refused with a 503 naming it.
    const refused = await admin.post('api/v2/admin/checkresult', { nsp: admin.nsp, host: 'web1', service: 'payments', state: '0', output: 'OK', engine: 'paris' });
    expect(refused.status).toBe(503);
    expect(refused.text).toMatch(/Engine 'paris' is not answering/);

    const during = (await admin.get<AlertChanges>(`api/v2/status/changes?since=${first.cursor}`)).body;
    expect(during.problems).toBeUndefined();
    expect(during.changes?.filter((c) => (c.kind === 'problem' ? c.problem.engine : c.engine) === 'paris')).toEqual([]);

    await icinga!.start();
    await vi.waitFor(async () => {
      expect(await engineStates()).toEqual([['berlin', 'ok'], ['paris', 'ok']]);
      const hosts = (await hostsOf()).filter((h) => h.engine === 'paris');
      expect(hosts.every((h) => h.stale === undefined && h.has_been_checked === 1)).toBe(true);
    }, { timeout: 30_000, interval: 250 });
    const board2 = (await admin.get(BOARD)).text;
    expect(board2).not.toContain('engines not answering');
    expect(boardRows(board2).filter((r) => r.engine === 'paris').every((r) => !r.stale)).toBe(true);
    expect(serviceRows((await admin.get(`${STATUS}?show=services&records=200`)).text).some((r) => r.stale)).toBe(false);

    // Icinga's standing problem (db1 DOWN) is still there, and was not replayed as a new alert.
    const after = (await admin.get<AlertChanges>(`api/v2/status/changes?since=${first.cursor}`)).body;
    expect(after.problems).toBeUndefined();
    expect(after.changes?.filter((c) => (c.kind === 'problem' ? c.problem.engine : c.engine) === 'paris')).toEqual([]);
    const whole = (await admin.get<AlertChanges>('api/v2/status/changes')).body;
    expect(whole.problems?.filter((p) => p.engine === 'paris').map((p) => `${p.host_name}/${p.service_description ?? ''}`)).toEqual(standing);
  }, 90_000);
});
