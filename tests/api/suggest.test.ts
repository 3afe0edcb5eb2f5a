import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { expectBadRequest, loginAs } from './writeGuards.js';
import { createDemoSource } from '../../server/src/monitoring/demo/demoSource.js';
import type { SearchSuggestion } from '../../src/lib/apiTypes.js';

const source = createDemoSource({ hosts: 60, servicesPerHost: 8, tickSeconds: 3600, now: () => Date.UTC(2025, 0, 15, 12) });
const { ts, admin } = useTestServer({ monitoring: source });

const STATUS = '/nagiosxi/includes/components/xicore/status.php?';
const suggest = async (c: Client, term: string) => {
  const res = await c.get<SearchSuggestion[]>(`suggest.php?type=multi&term=${encodeURIComponent(term)}`);
  expect(res.status).toBe(200);
  return res.body;
};
const inCategory = (list: SearchSuggestion[], category: string) => list.filter((s) => s.category === category);

describe('suggest.php', () => {
  it('needs a session', async () => {
    expect((await new Client(ts.url).get('suggest.php?type=multi&term=web')).status).toBe(401);
  });

  it('suggests hosts, services, host groups and service groups with links to their classic pages', async () => {
    const list = await suggest(admin, 'web');
    expect(inCategory(list, 'Hosts')[0]).toEqual({ category: 'Hosts', value: 'web01', label: 'web01 (Web Server 01)', url: `${STATUS}show=hostdetail&host=web01` });
    expect(inCategory(list, 'Host Groups')).toEqual([{ category: 'Host Groups', value: 'web-servers', label: 'Web Servers (web-servers)', url: `${STATUS}show=hostgroups&hostgroup=web-servers` }]);
    expect(inCategory(list, 'Service Groups')).toEqual([{ category: 'Service Groups', value: 'web-checks', label: 'Web Checks (web-checks)', url: `${STATUS}show=servicegroups&servicegroup=web-checks` }]);
    expect(inCategory(list, 'Services')[0]).toMatchObject({ value: 'IIS Web Server', label: 'win01 / IIS Web Server' });
    expect([...new Set(list.map((s) => s.category))]).toEqual(['Hosts', 'Services', 'Host Groups', 'Service Groups']);
    // Ten at most per category, prefix matches first.
    expect(inCategory(list, 'Hosts')).toHaveLength(10);
    expect(inCategory(list, 'Hosts').map((s) => s.value)).toEqual(['web01', 'web02', 'web03', 'web04', 'web05', 'web06', 'web07', 'web08', 'web09', 'web10']);
  });

  it('links services to their detail page, URL-encoded', async () => {
    const services = inCategory(await suggest(admin, 'disk usage'), 'Services');
    expect(services.length).toBeGreaterThan(0);
    expect(services.length).toBeLessThanOrEqual(10);
    expect(services[0]).toEqual({ category: 'Services', value: 'Disk Usage', label: `${services[0]!.url.match(/host=([^&]+)/)![1]} / Disk Usage`, url: expect.stringMatching(/^\/nagiosxi\/.*show=servicedetail&host=\w+&service=Disk%20Usage$/) });
  });

  it('matches names, aliases and addresses without regard to case', async () => {
    expect(await suggest(admin, 'WEB')).toEqual(await suggest(admin, 'web'));
    expect(inCategory(await suggest(admin, '10.12.0.2'), 'Hosts').map((s) => s.value)).toEqual(['db01']);
    expect(inCategory(await suggest(admin, 'database server'), 'Hosts').map((s) => s.value)).toContain('db01');
    expect(inCategory(await suggest(admin, 'linux servers'), 'Host Groups').map((s) => s.value)).toEqual(['linux-servers']);
  });

  it('returns about 40 suggestions at most, and none for a term nothing matches', async () => {
    expect((await suggest(admin, 'e')).length).toBeLessThanOrEqual(40);
    expect(await suggest(admin, 'zzzz-nothing')).toEqual([]);
  });

  it('works for users without extra permissions', async () => {
    const plain = await loginAs(ts, 'searcher');
    expect((await suggest(plain, 'db01')).map((s) => s.value)).toContain('db01');
  });

  it('refuses a missing, blank or overlong term and other types', async () => {
    expectBadRequest(await admin.get('suggest.php?type=multi'));
    expectBadRequest(await admin.get('suggest.php?type=multi&term=%20%20'));
    expectBadRequest(await admin.get(`suggest.php?type=multi&term=${'a'.repeat(201)}`));
    expectBadRequest(await admin.get('suggest.php?type=host&term=web'));
    expectBadRequest(await admin.get('suggest.php?term=web'));
    expect((await admin.get(`suggest.php?type=multi&term=${'a'.repeat(200)}`)).status).toBe(200);
  });
});
