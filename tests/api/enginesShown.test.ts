/**
 * Several engines (issue 21): engine names in the palette's suggestions, the dashlets, the tactical overview and the
 * object lists, with links that name the engine, so the same host name on two engines stays two hosts. Totals add up
 * the engines that answer: a silent engine's rows are counted apart, never as OK.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MergedSource } from '../../server/src/monitoring/engines/mergedSource.js';
import type { SearchSuggestion } from '../../src/lib/apiTypes.js';
import { useTestServer } from './useTestServer.js';
import { FakeEngine, host, service } from './fakeEngines.js';
import { formSend, loginAs, sendOk } from './writeGuards.js';

const STATUS = 'includes/components/xicore/status.php';
const group = { name: 'web', alias: 'Web servers', members: ['web1'] };

const berlin = new FakeEngine('berlin', [host('web1'), host('db1', 1)], [service('web1', 'HTTP', 2), { ...service('web1', 'Disk'), check_command: 'check_ncpa!disk' }]);
const paris = new FakeEngine('paris', [host('web1'), host('app1')], [{ ...service('web1', 'HTTP'), check_command: 'check_nrpe!http' }, service('app1', 'Queue', 2)]);
berlin.snap = { ...berlin.snap, hostgroups: [group] };
paris.snap = { ...paris.snap, hostgroups: [{ name: 'apps', alias: 'Applications', members: ['app1'] }, group] };
const { ts, admin } = useTestServer({ monitoring: new MergedSource([berlin, paris]) });
let base: string;
beforeAll(() => {
  base = new URL(ts.url).pathname;
});

const suggest = async (term: string) => (await admin.get<SearchSuggestion[]>(`suggest.php?type=multi&term=${term}`)).body;
/** The inside of one of the home dashboard's dashlets (home1 hosts, home2 services, home4 problems, home5 engine, home6 host groups). */
const dashlet = async (id: string) => {
  const res = await admin.get(`dashboards/dashlet.php?dashboard=home&dashlet=${id}`);
  expect(res.status).toBe(200);
  return /<div class="dashlet-body">([\s\S]*)<\/div><\/main>/.exec(res.text)![1]!;
};
/** "12 Up" and the like, from a dashlet's counts or the overview's tiles: [label, count, link]. */
const counts = (page: string) => [...page.matchAll(/<a href="([^"]*)"><span class="count">([\d,]+)<\/span> <span class="label">([^<]*)<\/span><\/a>/g)]
  .map(([, href, n, label]) => [label!, Number(n!.replace(/,/g, '')), href!.replace(/&amp;/g, '&')] as const);
const countOf = (page: string, label: string) => counts(page).find(([l]) => l === label)?.[1];

describe('engine names wherever a host or service appears', () => {
  it('suggests the same host name once per engine, each naming its engine and linking to its own detail page', async () => {
    const hosts = (await suggest('web1')).filter((s) => s.category === 'Hosts');
    expect(hosts).toEqual([
      { category: 'Hosts', value: 'web1', label: 'web1', engine: 'berlin', url: `${base}${STATUS}?show=hostdetail&host=web1&engine=berlin` },
      { category: 'Hosts', value: 'web1', label: 'web1', engine: 'paris', url: `${base}${STATUS}?show=hostdetail&host=web1&engine=paris` },
    ]);
    const services = (await suggest('http')).filter((s) => s.category === 'Services');
    expect(services.map((s) => [s.label, s.engine, s.url.slice(base.length)])).toEqual([
      ['web1 / HTTP', 'berlin', `${STATUS}?show=servicedetail&host=web1&service=HTTP&engine=berlin`],
      ['web1 / HTTP', 'paris', `${STATUS}?show=servicedetail&host=web1&service=HTTP&engine=paris`],
    ]);
    // Each link opens its own host: the detail pages answer, and differ.
    for (const s of hosts) expect((await admin.get(s.url.slice(base.length))).status).toBe(200);
  });

  it('names the engine in the problems dashlet, and counts the same host name on two engines twice in the group grid', async () => {
    const problems = await dashlet('home4');
    expect(problems).toMatch(/<span class="host">db1<\/span><span class="engine">berlin<\/span>/);
    expect(problems).toMatch(/<span class="host">app1<\/span><span class="service">Queue<\/span><span class="engine">paris<\/span>/);
    expect(problems).not.toContain('engines not answering');
    expect(await dashlet('home6')).toContain('2 hosts, 0 with problems · 3 services, 1 with problems');
    const engine = await dashlet('home5');
    expect(engine).toMatch(/<th scope="row">Engine berlin<\/th><td><span><span class="badge state-ok">Running<\/span><\/span>/);
    expect(engine).toMatch(/<th scope="row">Engine paris<\/th><td><span><span class="badge state-ok">Running<\/span><\/span>/);
  });

  it('the configuration lists have an Engine column and link each object on its engine', async () => {
    const ccm = (await admin.get('includes/components/ccm/index.php?type=service')).text;
    expect(ccm).toContain('<th scope="col">Engine</th>');
    expect(ccm).toContain(`href="${base}${STATUS}?show=servicedetail&amp;host=web1&amp;service=HTTP&amp;engine=paris"`);
    expect(ccm).toContain('<td data-label="Engine" class="engine">paris</td>');
    const agents = (await admin.get('config/deployagent.php')).text;
    expect(agents).toContain(`<a href="${base}${STATUS}?show=hostdetail&amp;host=web1&amp;engine=berlin">web1</a> <span class="muted">(berlin)</span>`);
    expect(agents).toContain(`<a href="${base}${STATUS}?show=hostdetail&amp;host=web1&amp;engine=paris">web1</a> <span class="muted">(paris)</span>`);
  });
});

describe('an engine that is not answering', () => {
  beforeAll(() => {
    paris.answering = false;
  });
  afterAll(() => {
    paris.answering = true;
  });

  it('the status dashlets count its rows apart, naming it and linking to them, and never as OK', async () => {
    const hosts = await dashlet('home1');
    expect(countOf(hosts, 'Up')).toBe(1);
    expect(countOf(hosts, 'Down')).toBe(1);
    expect(counts(hosts).find(([l]) => l === 'Stale (paris)')).toEqual(['Stale (paris)', 2, `${base}${STATUS}?show=hosts&engine=paris`]);
    expect(hosts).toContain('<li class="state-pending stale">');
    const services = await dashlet('home2');
    expect([countOf(services, 'OK'), countOf(services, 'Critical'), countOf(services, 'Stale (paris)')]).toEqual([1, 1, 2]);
    // The group keeps its answering member's counts, and says how many members are on the silent engine.
    const groups = await dashlet('home6');
    expect(groups).toContain('1 hosts, 0 with problems · 2 services, 1 with problems · 1 stale');
    // A group whose members are all on the silent engine is never shown as OK.
    expect(groups).toMatch(/<li class="dl-group state-pending stale">.*?<span class="name">Applications<\/span> <span class="badge state-pending">STALE<\/span>/s);
  });

  it('the group tables count its members in a Stale column, in no state', async () => {
    const page = (await admin.get(`${STATUS}?show=hostgroups`)).text;
    expect(page).toContain('<th scope="col" class="num">Stale</th>');
    const row = (name: string) => {
      const from = page.indexOf(`>${name}</a>`);
      return page.slice(from, page.indexOf('</tr>', from));
    };
    // Web servers: web1 on berlin answers (Up, 2 services), web1 on paris is stale.
    expect(row('Web servers')).toContain(`<td class="num state-pending stale"><a href="${base}${STATUS}?show=hosts&amp;hostgroup=web" aria-label="1 hosts stale">1</a></td>`);
    expect(row('Web servers')).toContain('aria-label="1 hosts UP"');
    expect(row('Applications')).toContain('aria-label="1 hosts stale"');
    expect(row('Applications')).not.toContain('hosts UP');
  });

  it('the problems and engine dashlets say it is not answering, like the problems board', async () => {
    const problems = await dashlet('home4');
    expect(problems).toContain('<p class="engines-silent" role="status"><span class="icon" aria-hidden="true">⚠</span> 1 of 2 engines not answering: paris</p>');
    expect(problems).toMatch(/<li class="problem state-pending stale">[\s\S]*?STALE: CRITICAL[\s\S]*?<span class="engine">paris<\/span>/);
    const engine = await dashlet('home5');
    expect(engine).toMatch(/<th scope="row">Engine paris<\/th><td><span title="stopped"><span class="badge state-critical">Not answering<\/span><\/span> <span class="muted">data [\dhms ]+ old<\/span>/);
    expect(engine).toMatch(/<th scope="row">Engine berlin<\/th><td><span><span class="badge state-ok">Running<\/span>/);
  });

  it('the status lists give the silent engine\'s data its own age, not only that of the engines that answer (issue 36)', async () => {
    const was = paris.snap;
    paris.snap = { ...was, updated: Math.floor(Date.now() / 1000) - 60 };
    try {
      for (const list of ['services', 'hosts', 'hostgroups', 'comments']) {
        const page = (await admin.get(`${STATUS}?show=${list}`)).text;
        const line = /<p class="data-age live-age"[^>]*>([\s\S]*?)<\/p>/.exec(page)![1]!;
        // berlin answers: the page's own age is its data's, a second or so; paris's rows are a minute old, and say so.
        expect(line, list).toMatch(/^Data from <time[^>]*>[^<]*<\/time>, <span class="age-text">\ds<\/span> old · <span class="lagging">paris: data from <time[^>]*>[^<]*<\/time>, <span class="age-text" data-age="6\d">1m \ds<\/span> old \(not answering\)<\/span>$/);
      }
    } finally {
      paris.snap = was;
    }
  });

  it('Admin → System Status lists each engine in its own state, as the top bar does: the silent one is never Running', async () => {
    const daemons = (await admin.get('admin/sysstat.php')).text;
    expect(daemons).toMatch(/<tr><th scope="row">Engine paris<\/th><td><span class="badge state-critical">Not answering<\/span><\/td>\s*<td>fake: here · data [\dhms ]+ old · stopped<\/td><\/tr>/);
    expect(daemons).toMatch(/<tr><th scope="row">Engine berlin<\/th><td><span class="badge state-ok">Running<\/span><\/td>/);
    expect(daemons).not.toContain('<th scope="row">Monitoring Engine</th>');
    const engine = (await admin.get('admin/sysstat.php?pageopt=monitoringengine')).text;
    expect(engine).toMatch(/<th scope="row">Engine paris<\/th><td><span title="stopped"><span class="badge state-critical">Not answering<\/span>/);
    expect(engine).not.toMatch(/<th scope="row">Status<\/th><td><span class="badge state-ok">Running/);
  });

  it('says so in the reader\'s language on the problems board and the overview', async () => {
    const reader = await loginAs(ts, 'leser', { isAuthorizedForMonitoringSystem: true });
    await sendOk(formSend('POST', 'api/v2/account/language', { language: 'de_DE' }), reader);
    const page = { headers: { accept: 'text/html' } };
    for (const path of ['includes/components/pharos/problemsboard.php', 'includes/page-home-main.php']) {
      const text = (await reader.get(path, page)).text;
      expect(text, path).toContain('1 von 2 Engines antworten nicht: paris');
      expect(text, path).not.toContain('engines not answering');
    }
  });

  it('the tactical overview adds up the engines that answer and counts the silent one apart', async () => {
    const page = (await admin.get('includes/page-home-main.php')).text;
    expect(page).toContain('1 of 2 engines not answering: paris');
    expect([countOf(page, 'Up'), countOf(page, 'Down'), countOf(page, 'Stale (paris)')]).toEqual([1, 1, 2]);
    expect([countOf(page, 'Ok'), countOf(page, 'Critical'), countOf(page, 'Service problems')]).toEqual([1, 1, 1]);
    expect(page).toContain('Engine paris');
  });
});
