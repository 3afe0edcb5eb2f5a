import { describe, expect, it } from 'vitest';
import { host, service } from './fakeEngines.js';
import { at, Timeline } from './historyTimeline.js';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { expectBadRequest, formSend, loginAs, sendOk } from './writeGuards.js';

interface Entry { time: number; engine: string; host: string; service?: string; state: string; stateType: string; output: string; type: string; phase?: string }
interface Avail { engine: string; host: string; service?: string; seconds: Record<string, number>; percent: Record<string, number> }

/** A whole minute an hour ago: the timeline below is in the past, so the server's clock needs no moving. */
const T0 = Math.floor(Date.now() / 1000 / 60) * 60 - 3600;

const engine = new Timeline(T0);
/** A time as a datetime-local field holds it, server-local (the server runs in this process's time zone). */
const localMinute = (s: number) => {
  const d = new Date(s * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};
engine.set(T0, [at(host('web1'), T0 - 60), at(host('db1'), T0 - 60)], [at(service('web1', 'HTTP'), T0, { output: 'HTTP OK' })]);
let { ts, admin } = useTestServer({ monitoring: () => engine.source });

const history = async (query = '') => (await admin.get<{ entries: Entry[] }>(`api/v2/history?since=${T0 - 600}&until=${T0 + 600}${query}`)).body.entries;
const untilCount = async (query: string, n: number) => {
  await expect.poll(async () => (await history(query)).length, { timeout: 5000 }).toBe(n);
  return history(query);
};

describe('state history (issue 37): every state change of every host and service, kept by Pharos', () => {
  it('records the states it first sees at the engine\'s own times, then each change, newest first', async () => {
    const first = await untilCount('&service=HTTP', 1);
    expect(first).toEqual([{ time: T0, engine: 'nagios', host: 'web1', service: 'HTTP', state: 'OK', stateType: 'hard', output: 'HTTP OK', type: 'state' }]);
    const hosts = await untilCount('&type=state&state=UP', 2);
    expect(hosts.map((e) => [e.host, e.time, 'service' in e])).toEqual(expect.arrayContaining([['web1', T0 - 60, false], ['db1', T0 - 60, false]]));

    // OK, CRITICAL (soft, then hard) 45 s later, OK 45 s after that.
    const hostsNow = engine.snap.hosts;
    engine.set(T0 + 45, hostsNow, [at(service('web1', 'HTTP', 2), T0 + 45, { state_type: 0, output: 'CRITICAL - down' })]);
    await untilCount('&service=HTTP', 2);
    engine.set(T0 + 60, hostsNow, [at(service('web1', 'HTTP', 2), T0 + 45, { last_check: T0 + 60, output: 'CRITICAL - still down' })]);
    await untilCount('&service=HTTP', 3);
    engine.set(T0 + 90, hostsNow, [at(service('web1', 'HTTP', 0), T0 + 90, { output: 'HTTP OK again' })]);
    const entries = await untilCount('&service=HTTP', 4);
    expect(entries.map((e) => [e.time, e.state, e.stateType, e.output])).toEqual([
      [T0 + 90, 'OK', 'hard', 'HTTP OK again'],
      [T0 + 60, 'CRITICAL', 'hard', 'CRITICAL - still down'],
      [T0 + 45, 'CRITICAL', 'soft', 'CRITICAL - down'],
      [T0, 'OK', 'hard', 'HTTP OK'],
    ]);
    expect(await history('&state=CRITICAL')).toHaveLength(2);
    expect(await history('&host=db1')).toHaveLength(1);
    expect(await history(`&limit=1&offset=1&service=HTTP`)).toEqual([entries[1]]);
    expect(await history('&engine=other')).toEqual([]);
  });

  it('records acknowledgements starting and ending', async () => {
    const services = (ack: 0 | 1) => [at(service('web1', 'HTTP', 0), T0 + 90, { output: 'HTTP OK again', problem_acknowledged: ack })];
    engine.set(T0 + 120, engine.snap.hosts, services(1));
    await untilCount('&type=acknowledgement', 1);
    engine.set(T0 + 150, engine.snap.hosts, services(0));
    const acks = await untilCount('&type=acknowledgement', 2);
    expect(acks.map((e) => [e.time, e.phase, e.service])).toEqual([[T0 + 150, 'end', 'HTTP'], [T0 + 120, 'start', 'HTTP']]);
  });

  it('gives the share of a window in each state, time before the first entry as no data', async () => {
    const res = await admin.get<{ objects: Avail[]; end: number }>(`api/v2/availability?since=${T0 - 10}&until=${T0 + 190}&service=HTTP`);
    expect(res.status).toBe(200);
    expect(res.body.objects).toEqual([{
      engine: 'nagios', host: 'web1', service: 'HTTP',
      seconds: { OK: 145, WARNING: 0, CRITICAL: 45, UNKNOWN: 0, NODATA: 10 },
      percent: { OK: 72.5, WARNING: 0, CRITICAL: 22.5, UNKNOWN: 0, NODATA: 5 },
      // Counted apart from the states: acknowledged from T0 + 120 to T0 + 150 (the test above), never in downtime.
      downtime: { seconds: 0, percent: 0 }, acknowledged: { seconds: 30, percent: 15 },
    }]);
    // A host group: its hosts, none of them known before the window's start here.
    const group = (await admin.get<{ objects: Avail[] }>(`api/v2/availability?since=${T0 - 120}&until=${T0 - 60}&hostgroup=web`)).body.objects;
    expect(group).toEqual([expect.objectContaining({ host: 'web1', seconds: { UP: 0, DOWN: 0, UNREACHABLE: 0, NODATA: 60 } })]);
    expect(group[0]).not.toHaveProperty('service');
  });

  it('keeps the history over a restart and records nothing twice', async () => {
    const before = await history();
    ts = await ts.restart();
    admin = new Client(ts.url);
    await admin.login();
    // A new state after the restart is recorded once; what was recorded before is not again.
    engine.set(T0 + 200, engine.snap.hosts.map((h) => (h.host_name === 'db1' ? at(host('db1', 1), T0 + 200, { output: 'db down' }) : h)), engine.snap.services);
    const after = await untilCount('', before.length + 1);
    expect(after[0]).toMatchObject({ time: T0 + 200, host: 'db1', state: 'DOWN' });
    expect(after.slice(1)).toEqual(before);
  });

  it('records an engine that stops answering as no data for its objects, never as their last state', async () => {
    engine.set(T0 + 300, engine.snap.hosts.map((h) => (h.host_name === 'web1' ? { ...h, stale: T0 + 300 } : h)), engine.snap.services);
    const entries = await untilCount('&host=web1&type=state&state=NODATA', 1);
    expect(entries[0]).toMatchObject({ time: T0 + 300, host: 'web1', state: 'NODATA', stateType: 'hard' });
    expect(entries[0]).not.toHaveProperty('service');
    const res = await admin.get<{ objects: Avail[] }>(`api/v2/availability?since=${T0 + 250}&until=${T0 + 350}&host=web1&service=`);
    const web1 = res.body.objects.find((o) => o.service === undefined)!;
    expect(web1.seconds).toEqual({ UP: 50, DOWN: 0, UNREACHABLE: 0, NODATA: 50 });
  });

  it('drops entries older than PHAROS_HISTORY_DAYS at start', async () => {
    const old = Math.floor(Date.now() / 1000) - 401 * 86400;
    await ts.server.ctx.store.insertInto('state_history')
      .values({ time: old, engine: 'nagios', host: 'gone', service: '', type: 'state', phase: '', state: 1, state_type: 1, output: 'long ago' }).execute();
    const count = async () => (await admin.get<{ entries: Entry[] }>(`api/v2/history?since=${old - 10}&until=${old + 10}`)).body.entries.length;
    expect(await count()).toBe(1);
    ts = await ts.restart();
    admin = new Client(ts.url);
    await admin.login();
    await expect.poll(count, { timeout: 5000 }).toBe(0);
    expect((await history()).length).toBeGreaterThan(0);
  });

  it('refuses bad parameters with a message, and callers without a session', async () => {
    for (const q of ['since=x', 'since=20&until=10', 'limit=0', 'limit=5000', 'state=PURPLE', 'type=weather', 'offset=-1']) {
      expectBadRequest(await admin.get(`api/v2/history?${q}`));
    }
    for (const q of ['until=x', 'hostgroup=nosuchgroup', 'servicegroup=nosuchgroup']) expectBadRequest(await admin.get(`api/v2/availability?${q}`));
    expect((await new Client(ts.url).get('api/v2/history')).status).toBe(401);
    expect((await new Client(ts.url).get('api/v2/availability')).status).toBe(401);
  });

  it('shows the history and the availability as classic pages, in English and in German, with a CSV export', async () => {
    const page = async (path: string) => {
      const res = await admin.get(path, { headers: { accept: 'text/html' } });
      expect(res.status, res.text.slice(0, 3000)).toBe(200);
      return res.text;
    };
    const list = await page('reports/history.php?window=24h&service=HTTP');
    expect(list).toContain('<h1>State History</h1>');
    expect(list).toContain('CRITICAL - still down');
    // Each row links to its object.
    expect(list).toContain('show=servicedetail&amp;host=web1&amp;service=HTTP');
    const csvLink = /href="([^"]*api\/v2\/history\.csv[^"]*)"/.exec(list)![1]!.replace(/&amp;/g, '&');
    const csv = await admin.get(csvLink.slice(csvLink.indexOf('api/')));
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('time,engine,host,service,state,state_type,type,phase,output');
    expect(csv.text).toContain(`"${new Date((T0 + 45) * 1000).toISOString()}","nagios","web1","HTTP","CRITICAL","soft","state","","CRITICAL - down"`);
    expectBadRequest(await admin.get('api/v2/history.csv?limit=x'));
    expect((await new Client(ts.url).get('api/v2/history.csv')).status).toBe(401);

    const avail = await page('reports/availability.php?window=24h&host=web1');
    expect(avail).toContain('<h1>Availability</h1>');
    expect(avail).toMatch(/<svg class="availability-bar"[^>]*aria-label="OK [\d.]+ %, CRITICAL [\d.]+ %, No data [\d.]+ %"/);
    expect((await admin.get('reports/availability.php?hostgroup=nosuchgroup', { headers: { accept: 'text/html' } })).status).toBe(400);

    await sendOk(formSend('POST', 'api/v2/account/language', { language: 'de_DE' }), admin);
    try {
      const german = await page('reports/history.php?window=7d&host=web1');
      expect(german).toContain('<h1>Zustandsverlauf</h1>');
      expect(german).toContain('Als CSV exportieren');
      expect(german).toContain('Zustandswechsel');
      const germanAvail = await page('reports/availability.php?window=30d&host=web1');
      expect(germanAvail).toContain('<h1>Verfügbarkeit</h1>');
      expect(germanAvail).toContain('Keine Daten');
    } finally {
      await sendOk(formSend('POST', 'api/v2/account/language', { language: 'en_US' }), admin);
    }
  });

  it('reports/availability.php over a month or from and to, and reports/history.php over the same windows', async () => {
    const local = (s: number) => { const d = new Date(s * 1000); const p = (n: number) => String(n).padStart(2, '0'); return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`; };
    const html = async (path: string) => admin.get(path, { headers: { accept: 'text/html' } });
    // [T0 - 60, T0 + 180): a minute unrecorded, OK 45 s, CRITICAL 45 s, OK 90 s.
    const custom = await html(`reports/availability.php?window=custom&from=${local(T0 - 60)}&to=${local(T0 + 180)}&service=HTTP`);
    expect(custom.status, custom.text.slice(0, 2000)).toBe(200);
    expect(custom.text).toMatch(/aria-label="OK 56\.25 %, CRITICAL 18\.75 %, No data 25 %"/);
    expect(custom.text).toContain('<li>OK: 56.25 % (2m 15s)</li>');
    // Acknowledged from T0 + 120 to T0 + 150: counted apart from the states.
    expect(custom.text).toContain('<li>Acknowledged: 12.5 % (30s)</li>');
    expect(custom.text).not.toContain('In scheduled downtime');
    expect(custom.text).toContain('<option value="custom" selected>');
    const month = local(T0).slice(0, 7);
    const monthly = await html(`reports/availability.php?window=month&month=${month}&hostgroup=web`);
    expect(monthly.status).toBe(200);
    expect(monthly.text).toContain(`from ${month}-01 00:00:00 to`);
    expect(monthly.text).toContain('<option value="web" selected>');
    const list = await html(`reports/history.php?window=custom&from=${local(T0 - 60)}&to=${local(T0 + 60)}&service=HTTP`);
    expect(list.text).toContain('CRITICAL - down');
    expect(list.text).not.toContain('HTTP OK again');
    for (const bad of ['window=custom&from=yesterday&to=2026-01-01T00:00', `window=custom&from=${local(T0)}&to=${local(T0 - 60)}`, 'window=month&month=2026-13']) {
      for (const path of ['reports/availability.php', 'reports/history.php']) {
        const res = await html(`${path}?${bad}`);
        expect(res.status, `${path}?${bad}`).toBe(400);
        expect(res.text).toMatch(/must be a date and time|From must be before To|The month must be given as YYYY-MM/);
      }
    }
  });

  it('reports/sla.php: per object of a group, met or missed against a target for a month, no longer "not implemented"', async () => {
    const month = (() => { const d = new Date(T0 * 1000); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`; })();
    const res = await admin.get(`reports/sla.php?hostgroup=web&month=${month}&target=0`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/does not implement/);
    expect(res.text).toContain('<h1>SLA Report</h1>');
    expect(res.text).toMatch(/1 of 1 objects met the target of 0 %/);
    // Most of the month has no data for web1: a 99.9 % target is missed.
    const strict = await admin.get(`reports/sla.php?hostgroup=web&month=${month}&target=99.9`, { headers: { accept: 'text/html' } });
    expect(strict.text).toMatch(/0 of 1 objects met the target of 99\.9 %/);
    expect(strict.text).toContain('>Missed</span>');
    expect((await admin.get('reports/sla.php?hostgroup=web&month=2026-13', { headers: { accept: 'text/html' } })).status).toBe(400);
    expect((await admin.get('reports/sla.php?hostgroup=web&target=150', { headers: { accept: 'text/html' } })).status).toBe(400);
  });
  it('shows a History part on the host and service detail pages: last changes, 24 h / 7 d / 30 d, links to the reports', async () => {
    const page = async (path: string) => {
      const res = await admin.get(path, { headers: { accept: 'text/html' } });
      expect(res.status, res.text.slice(0, 3000)).toBe(200);
      return res.text;
    };
    const detail = await page('includes/components/xicore/status.php?show=servicedetail&host=web1&service=HTTP');
    const part = detail.slice(detail.indexOf('<section class="history-part"'));
    expect(part).toContain('<h2 id="history-title">History</h2>');
    // One bar per window, its shares in words; most of each window is before the timeline, so no data.
    for (const window of ['Last 24 hours', 'Last 7 days', 'Last 30 days']) expect(part).toContain(`<th scope="row">${window}</th>`);
    expect(part.match(/<svg class="availability-bar"[^>]*aria-label="OK [\d.]+ %, CRITICAL [\d.]+ %, No data [\d.]+ %"/g)).toHaveLength(3);
    // The last changes of this service only, newest first.
    const outputs = [...part.matchAll(/<td class="output">([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(outputs.slice(0, 3)).toEqual(['HTTP OK again', 'HTTP OK again', 'HTTP OK again']);
    expect(outputs).toContain('CRITICAL - still down');
    expect(outputs).not.toContain('db down');
    expect(part).toContain('reports/history.php?host=web1&amp;service=HTTP&amp;window=30d"');
    expect(part).toContain('reports/availability.php?host=web1&amp;service=HTTP&amp;window=30d"');

    const host = await page('includes/components/xicore/status.php?show=hostdetail&host=db1');
    const hostPart = host.slice(host.indexOf('<section class="history-part"'));
    expect(hostPart).toMatch(/<svg class="availability-bar"[^>]*aria-label="UP [\d.]+ %, DOWN [\d.]+ %, No data [\d.]+ %"/);
    expect([...hostPart.matchAll(/<td class="output">([^<]*)<\/td>/g)].map((m) => m[1])[0]).toBe('db down');
    expect(hostPart).not.toContain('HTTP');

    await sendOk(formSend('POST', 'api/v2/account/language', { language: 'de_DE' }), admin);
    try {
      const german = await page('includes/components/xicore/status.php?show=hostdetail&host=db1');
      expect(german).toContain('<h2 id="history-title">Verlauf</h2>');
      expect(german).toContain('Letzte 30 Tage');
      expect(german).toContain('Vollständiger Verlauf');
    } finally {
      await sendOk(formSend('POST', 'api/v2/account/language', { language: 'en_US' }), admin);
    }
  });
  it('sums up how many problems started and ended in a window (the wall\'s "while you were away"), and shows it on the history page on a wall', async () => {
    const summary = async (since: number, until: number) =>
      (await admin.get<{ started: number; ended: number; since: number; until: number }>(`api/v2/history/summary?since=${since}&until=${until}`)).body;
    // HTTP: hard CRITICAL at T0 + 60 (soft since T0 + 45), OK at T0 + 90; db1 DOWN at T0 + 200.
    expect(await summary(T0 - 600, T0 + 250)).toMatchObject({ since: T0 - 600, until: T0 + 250, started: 2, ended: 1 });
    expect(await summary(T0 + 70, T0 + 250)).toMatchObject({ started: 1, ended: 1 });
    expect(await summary(T0 + 100, T0 + 150)).toMatchObject({ started: 0, ended: 0 });
    // A wall asks for the last so many seconds: its clock measures a length right even when it is not set right.
    expect((await admin.get<{ started: number; ended: number }>('api/v2/history/summary?ago=7200')).body).toMatchObject({ started: 2, ended: 1 });
    for (const q of ['since=x', 'ago=0', 'ago=x', 'ago=-5']) expectBadRequest(await admin.get(`api/v2/history/summary?${q}`));
    expect((await new Client(ts.url).get('api/v2/history/summary')).status).toBe(401);
    expect((await (await loginAs(ts, 'nomonitoring')).get('api/v2/history/summary?ago=60')).status).toBe(403);

    const wall = await admin.get(`reports/history.php?wall=1&window=custom&from=${localMinute(T0 - 60)}&to=${localMinute(T0 + 240)}`, { headers: { accept: 'text/html' } });
    expect(wall.status).toBe(200);
    expect(wall.text).toMatch(/<html lang="en" class="[^"]*" data-wall>/);
    expect(wall.text).toContain('<h1>Recent changes</h1>');
    expect(wall.text).toMatch(/Problems since [\d-]+ [\d:]+: 2 started, 1 ended\./);
    expect(wall.text).toContain('db down');
    // No form, export or pager on a wall.
    expect(wall.text).not.toContain('Export as CSV');
    expect(wall.text).not.toContain('<form');
  });
});
