import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness.js';
import { FakeSource, fixtureSnapshot, host, service } from './pagesFixture.js';

const STATUS = 'includes/components/xicore/status.php';

/** Service rows of a services list, as "host/service" in page order. */
function serviceRows(text: string): string[] {
  return [...text.matchAll(/show=servicedetail&amp;host=([^&"]+)&amp;service=([^"]+)"/g)].map((m) => `${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!.replace(/\+/g, ' '))}`);
}

function hostRows(text: string): string[] {
  return [...text.matchAll(/<th scope="row"><a href="[^"]*show=hostdetail&amp;host=([^"]+)">/g)].map((m) => decodeURIComponent(m[1]!));
}

describe('classic status pages: lists', () => {
  let ts: TestServer;
  let c: Client;
  const source = new FakeSource();
  beforeAll(async () => {
    const snap = fixtureSnapshot();
    // Enough services on one host to need several pages.
    for (let i = 1; i <= 12; i++) snap.services.push(service('bulk01', `Check ${String(i).padStart(2, '0')}`, { current_state: i % 3 === 0 ? 1 : 0 }));
    snap.hosts.push({ ...snap.hosts[0]!, host_name: 'bulk01', alias: 'Bulk', address: '198.51.100.7', hostgroups: [] });
    source.snap = snap;
    ts = await startTestServer({}, undefined, source);
    c = new Client(ts.url);
    await c.login();
  });
  afterAll(() => ts.close());

  it('lists, groups and the tactical overview say how old their data is, and load livepage.js to keep it current; detail pages with forms only count their age', async () => {
    const live = [
      `${STATUS}?show=services`, `${STATUS}?show=serviceproblems`, `${STATUS}?show=hosts`, `${STATUS}?show=hostproblems`,
      `${STATUS}?show=hostgroups`, `${STATUS}?show=servicegroups`, `${STATUS}?show=comments`, `${STATUS}?show=downtimes`,
      'includes/page-home-main.php',
    ];
    const base = new URL(ts.url).pathname;
    const updated = new Date(source.snap.updated * 1000).toISOString();
    for (const path of live) {
      const text = (await c.get(path)).text;
      expect(text, path).toMatch(new RegExp(`<p class="data-age live-age" data-age="\\d+" data-refresh="60">Data from <time datetime="${updated}">[^<]+</time>, <span class="age-text">[^<]+</span> old</p>`));
      expect(text, path).toContain('<p class="refresh-failed" role="status" data-text="Could not refresh: showing the last data received."></p>');
      // After the duration format it shares with the board's and the dashboards' scripts (deferred: in this order).
      expect(text, path).toContain(`<script src="${base}includes/js/duration.js" defer></script>
<script src="${base}includes/js/livepage.js" defer></script>`);
    }
    // A detail page carries command forms: its age counts, but it never loads itself again under its user.
    const detail = (await c.get(`${STATUS}?show=hostdetail&host=web01`)).text;
    expect(detail).toMatch(/<p class="data-age live-age" data-age="\d+" data-refresh="0">Data from <time/);
    expect(detail).not.toContain('class="refresh-failed"');
    // The script itself is served, as a script.
    const script = await c.get('includes/js/livepage.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });

  it('filters services by state codes or names', async () => {
    const critical = serviceRows((await c.get(`${STATUS}?show=services&state=critical`)).text);
    expect(critical.sort()).toEqual(['db01/MySQL', 'web01/Disk Usage']);
    const problems = serviceRows((await c.get(`${STATUS}?show=services&state=1,2&records=500`)).text);
    expect(problems).toContain('web01/Load');
    expect(problems).toContain('bulk01/Check 03');
    expect(problems).not.toContain('web01/HTTP');
    expect(hostRows((await c.get(`${STATUS}?show=hosts&state=down,unreachable`)).text).sort()).toEqual(['db01', 'router1']);
  });

  it('filters by host, host group, service group and search over names, address and output', async () => {
    expect(serviceRows((await c.get(`${STATUS}?show=services&host=web01`)).text).sort()).toEqual(['web01/Disk Usage', 'web01/HTTP', 'web01/Load']);
    expect(serviceRows((await c.get(`${STATUS}?show=services&hostgroup=databases`)).text)).toEqual(['db01/MySQL']);
    expect(serviceRows((await c.get(`${STATUS}?show=services&servicegroup=http`)).text)).toEqual(['web01/HTTP']);
    expect(serviceRows((await c.get(`${STATUS}?show=services&search=REFUSED`)).text)).toEqual(['db01/MySQL']);
    // Host alias and address match too: every service of that host is listed.
    expect(serviceRows((await c.get(`${STATUS}?show=services&search=frontend`)).text)).toHaveLength(3);
    expect(serviceRows((await c.get(`${STATUS}?show=services&search=198.51.100`)).text)).toHaveLength(12);
    expect(hostRows((await c.get(`${STATUS}?show=hosts&search=192.0.2.10`)).text)).toEqual(['web01']);
    const none = await c.get(`${STATUS}?show=services&search=no-such-thing`);
    expect(none.text).toContain('No services match these filters.');
  });

  it('sorts by a column in either order', async () => {
    const worstFirst = serviceRows((await c.get(`${STATUS}?show=services&sort=current_state&order=desc`)).text);
    expect(worstFirst.slice(0, 2).sort()).toEqual(['db01/MySQL', 'web01/Disk Usage']);
    const byName = serviceRows((await c.get(`${STATUS}?show=services&host=bulk01&sort=service_description&order=desc&records=3`)).text);
    expect(byName).toEqual(['bulk01/Check 12', 'bulk01/Check 11', 'bulk01/Check 10']);
    const page = await c.get(`${STATUS}?show=services&sort=current_state&order=desc`);
    expect(page.text).toMatch(/aria-sort="descending"><a href="[^"]*sort=current_state&amp;order=asc/);
  });

  it('pages through results with totals and links that keep the filters', async () => {
    const res = await c.get(`${STATUS}?show=services&host=bulk01&records=5&page=2`);
    expect(serviceRows(res.text)).toEqual(['bulk01/Check 06', 'bulk01/Check 07', 'bulk01/Check 08', 'bulk01/Check 09', 'bulk01/Check 10']);
    expect(res.text).toContain('Showing 6–10 of 12 services (page 2 of 3)');
    expect(res.text).toMatch(/href="[^"]*host=bulk01[^"]*records=5[^"]*page=3" rel="next"/);
    const clamped = await c.get(`${STATUS}?show=services&host=bulk01&records=5&page=999`);
    expect(clamped.text).toContain('Showing 11–12 of 12 services (page 3 of 3)');
    const huge = await c.get(`${STATUS}?show=services&records=100000`);
    expect(huge.status).toBe(200);
    expect(huge.text).toContain('<option value="500" selected>');
  });

  it('shows unhandled problems only: acknowledged, downtime and services on DOWN hosts are left out', async () => {
    expect(hostRows((await c.get(`${STATUS}?show=hostproblems`)).text)).toEqual(['db01']);
    expect(serviceRows((await c.get(`${STATUS}?show=serviceproblems`)).text).sort()).toEqual(['bulk01/Check 03', 'bulk01/Check 06', 'bulk01/Check 09', 'bulk01/Check 12', 'web01/Disk Usage']);
    const home = (await c.get('includes/page-home-main.php')).text;
    expect(home).toMatch(/<span class="count">1<\/span> <span class="label">Host problems<\/span>/);
    expect(home).toMatch(/<span class="count">5<\/span> <span class="label">Service problems<\/span>/);
    expect(home).toMatch(/href="[^"]*show=hosts&amp;acknowledged=1"><span class="count">1<\/span>/);
    expect(home).toContain('Running');
  });

  it('shows plugin output, long output and comments containing HTML as text', async () => {
    for (const page of [`${STATUS}?show=services`, `${STATUS}?show=servicedetail&host=web01&service=Disk+Usage`, `${STATUS}?show=comments`, `${STATUS}?show=hostdetail&host=web01`]) {
      const text = (await c.get(page)).text;
      expect(text, page).not.toContain('<script>');
      expect(text, page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    }
  });

  it('shows a detail page with state, perfdata, comments and downtime', async () => {
    const svc = (await c.get(`${STATUS}?show=servicedetail&host=web01&service=HTTP`)).text;
    expect(svc).toContain('Service: HTTP on web01');
    expect(svc).toMatch(/<span class="badge state-ok">OK<\/span>/);
    expect(svc).toContain('<th scope="row">page size</th><td>512B</td>');
    const host = (await c.get(`${STATUS}?show=hostdetail&host=mail01`)).text;
    expect(host).toContain('Patching');
    expect(host).toContain('Yes (depth 1)');
    const groups = (await c.get(`${STATUS}?show=hostgroups`)).text;
    expect(groups).toMatch(/Web Servers<\/a>/);
    expect(groups, 'no Pending columns while every object has been checked').not.toContain('PENDING');
    expect(groups).toMatch(/href="[^"]*show=services&amp;hostgroup=web-servers&amp;state=2" aria-label="1 services CRITICAL"/);
  });
});

describe('check intervals', () => {
  let ts: TestServer;
  let c: Client;
  beforeAll(async () => {
    const snap = fixtureSnapshot();
    // As engines report them in minutes: Icinga 2 over Livestatus gives a 30 s interval as 0.5, a 1 s one as 1/60.
    snap.services.push(service('web01', 'Half minute', { check_interval: 0.5 }), service('web01', 'Every second', { check_interval: 1 / 60 }));
    ts = await startTestServer({}, undefined, new FakeSource(snap));
    c = new Client(ts.url);
    await c.login();
  });
  afterAll(() => ts.close());

  const intervalOf = async (path: string) => /<th scope="row">Check interval<\/th><td>([^<]*)<\/td>/.exec((await c.get(path)).text)?.[1];

  it('shows whole minutes as minutes and anything else in seconds, never as a long fraction of a minute', async () => {
    expect(await intervalOf(`${STATUS}?show=hostdetail&host=web01`)).toBe('5 min');
    expect(await intervalOf(`${STATUS}?show=servicedetail&host=web01&service=Half+minute`)).toBe('30 s');
    expect(await intervalOf(`${STATUS}?show=servicedetail&host=web01&service=Every+second`)).toBe('1 s');
    const ccm = (await c.get('includes/components/ccm/index.php?type=service')).text;
    expect(ccm).toContain('<td>30 s</td>');
    expect(ccm).not.toMatch(/0\.0166/);
  });
});

describe('objects not checked yet', () => {
  let ts: TestServer;
  let c: Client;
  let checked: { hosts: number; services: number };
  beforeAll(async () => {
    const snap = fixtureSnapshot();
    checked = { hosts: snap.hosts.filter((h) => h.current_state === 0).length, services: snap.services.filter((x) => x.current_state === 0).length };
    // As an engine reports them right after its start: state 0, never checked.
    snap.hosts.push(host('new01', { has_been_checked: 0, hostgroups: ['web-servers'] }), host('new02', { has_been_checked: 0, hostgroups: ['fresh'] }));
    snap.hostgroups.push({ name: 'fresh', alias: 'Fresh', members: [] });
    snap.services.push(service('new01', 'Ping', { has_been_checked: 0 }));
    ts = await startTestServer({}, undefined, new FakeSource(snap));
    c = new Client(ts.url);
    await c.login();
  });
  afterAll(() => ts.close());

  it('are counted on the tactical overview as Pending, never as Up or Ok', async () => {
    const page = (await c.get('includes/page-home-main.php')).text;
    const tiles = [...page.matchAll(/<li class="tile state-(\w+)[^"]*"><a href="[^"]*"><span class="count">(\d+)<\/span> <span class="label">([^<]+)<\/span>/g)]
      .map(([, tone, count, label]) => [label, Number(count), tone]);
    expect(tiles).toContainEqual(['Up', checked.hosts, 'ok']);
    expect(tiles).toContainEqual(['Ok', checked.services, 'ok']);
    expect(tiles.filter(([label]) => label === 'Pending')).toEqual([['Pending', 2, 'pending'], ['Pending', 1, 'pending']]);
    expect(page).toMatch(/<li class="tile state-pending"><a href="[^"]*show=hosts&amp;state=pending">/);
  });

  /** The state summary above a list: [label, count] per entry. */
  const summary = (text: string) => [...text.matchAll(/<li class="state-[\w ]+">(?:<a [^>]*>)?<span class="count">([\d,]+)<\/span> (\w+)/g)]
    .map(([, count, label]) => [label, Number(count)]);

  it('are counted and filtered in the status lists as PENDING, apart from UP and OK', async () => {
    const hosts = (await c.get(`${STATUS}?show=hosts`)).text;
    expect(summary(hosts)).toContainEqual(['UP', checked.hosts]);
    expect(summary(hosts)).toContainEqual(['PENDING', 2]);
    expect(hostRows((await c.get(`${STATUS}?show=hosts&state=pending`)).text)).toEqual(['new01', 'new02']);
    expect(hostRows((await c.get(`${STATUS}?show=hosts&state=0`)).text)).not.toContain('new01');
    const services = (await c.get(`${STATUS}?show=services`)).text;
    expect(summary(services)).toContainEqual(['OK', checked.services]);
    expect(summary(services)).toContainEqual(['PENDING', 1]);
    const pending = (await c.get(`${STATUS}?show=services&state=pending`)).text;
    expect(serviceRows(pending)).toEqual(['new01/Ping']);
    expect(pending, 'the State field shows the filter').toContain('<option value="4" selected>PENDING</option>');
    expect(serviceRows((await c.get(`${STATUS}?show=services&state=ok`)).text)).not.toContain('new01/Ping');
    // "Problems only" stays the problem states.
    expect(serviceRows((await c.get(`${STATUS}?show=services&state=1,2,3`)).text)).not.toContain('new01/Ping');
  });

  it('get Pending columns in the group tables while there are any, and make a group of them no OK group', async () => {
    const groups = (await c.get(`${STATUS}?show=hostgroups`)).text;
    expect(groups).toContain('<th scope="col" class="num">Hosts PENDING</th>');
    expect(groups).toContain('<th scope="col" class="num">Services PENDING</th>');
    expect(groups).toMatch(/href="[^"]*show=hosts&amp;hostgroup=web-servers&amp;state=3" aria-label="1 hosts PENDING"/);
    expect(hostRows((await c.get(`${STATUS}?show=hosts&hostgroup=web-servers&state=3`)).text)).toEqual(['new01']);
    // The host groups dashlet: a group whose only host has not been checked is PENDING, not OK.
    const dashlet = (await c.get('dashboards/dashlet.php?dashboard=home&dashlet=home6')).text;
    expect(dashlet).toMatch(/<span class="name">Fresh<\/span> <span class="badge state-pending">PENDING<\/span>\s*<span class="facts">1 hosts, 0 with problems/);
  });
});
