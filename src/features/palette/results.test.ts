import { describe, expect, it } from 'vitest';
import { BASE } from '../../lib/base';
import { capGroups, GROUP_LIMIT, menuGroups, searchGroup, suggestionGroups } from './results';
import { TEST_MENU as MENU } from './testMenu.test-utils';

describe('menuGroups', () => {
  it('matches labels by case-insensitive substring, one group per section in menu order', () => {
    const groups = menuGroups(MENU, '  PROBLEMS ');
    expect(groups.map((g) => g.label)).toEqual(['Home', 'Help']);
    expect(groups[0]!.results.map((r) => r.label)).toEqual(['Service Problems', 'Host Problems']);
    expect(groups[0]!.results[0]!.detail).toBe('Home group');
  });

  it('leaves out favourites and entries whose path is #', () => {
    const labels = menuGroups(MENU, '').flatMap((g) => g.results.map((r) => r.label));
    expect(labels).not.toContain('My service problems');
    expect(labels).not.toContain('Add New View');
    expect(labels).toContain('Manage My Views');
  });

  it('gives home and CCM frame entries their special base paths and other sections their own route', () => {
    const targets = Object.fromEntries(menuGroups(MENU, '').flatMap((g) => g.results.map((r) => [r.label, r.target])));
    expect(targets['Service Problems']).toEqual({ kind: 'route', href: `${BASE}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=serviceproblems')}` });
    expect(targets['Hosts']).toEqual({ kind: 'route', href: `${BASE}includes/components/ccm/xi-index.php?type=host` });
    expect(targets['Manage Users']).toEqual({ kind: 'route', href: `${BASE}admin/?xiwindow=users.php` });
  });

  it('sends _top entries to their own path: in the app when it has the route, else as a whole page', () => {
    const targets = Object.fromEntries(menuGroups(MENU, '').flatMap((g) => g.results.map((r) => [r.label, r.target])));
    expect(targets['Manage My Dashboards']).toEqual({ kind: 'route', href: `${BASE}dashboards/manage.php` });
    expect(targets['Legacy Problems Page']).toEqual({ kind: 'document', href: `${BASE}legacy/problems.php` });
    expect(targets['Documentation']).toEqual({ kind: 'window', href: 'https://library.example.com/', target: '_blank' });
  });

  it('finds nothing for a term no label contains', () => {
    expect(menuGroups(MENU, 'qwxz')).toEqual([]);
  });
});

describe('searchGroup', () => {
  it('opens the services status page filtered by the term, through xiwindow', () => {
    const [group] = searchGroup(' web 01&x ', 'Search', 'Search services for web 01&x');
    const page = `includes/components/xicore/status.php?show=services&search=${encodeURIComponent('web 01&x')}`;
    expect(group!.results).toEqual([{ id: 'search-services', label: 'Search services for web 01&x', target: { kind: 'route', href: `${BASE}?xiwindow=${encodeURIComponent(page)}` } }]);
  });

  it('is absent until a term is typed', () => {
    expect(searchGroup('   ', 'Search', '')).toEqual([]);
  });
});

describe('suggestionGroups', () => {
  const detail = (show: string, query: string) => `${BASE}includes/components/xicore/status.php?show=${show}&${query}`;

  it('groups by category in the server order and opens each page in the frame through xiwindow', () => {
    const groups = suggestionGroups([
      { category: 'Hosts', url: detail('hostdetail', 'host=web01'), value: 'web01', label: 'web01 (Web server)' },
      { category: 'Services', url: detail('servicedetail', 'host=web01&service=HTTP'), value: 'HTTP', label: 'web01 / HTTP' },
      { category: 'Hosts', url: detail('hostdetail', 'host=web02'), value: 'web02', label: 'web02' },
    ], (c) => `[${c}]`);
    expect(groups.map((g) => [g.label, g.results.map((r) => r.label)])).toEqual([
      ['[Hosts]', ['web01 (Web server)', 'web02']],
      ['[Services]', ['web01 / HTTP']],
    ]);
    expect(groups[0]!.results[0]!.target).toEqual({ kind: 'route', href: `${BASE}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=hostdetail&host=web01')}` });
  });

  it('names the engine beside each suggestion with several engines: the same host name twice is two results, two pages', () => {
    const groups = suggestionGroups([
      { category: 'Hosts', url: detail('hostdetail', 'host=web01&engine=berlin'), value: 'web01', label: 'web01', engine: 'berlin' },
      { category: 'Hosts', url: detail('hostdetail', 'host=web01&engine=paris'), value: 'web01', label: 'web01', engine: 'paris' },
      { category: 'Hosts', url: detail('hostdetail', 'host=web02'), value: 'web02', label: 'web02' },
    ], (c) => c, (e) => `Engine ${e}`);
    expect(groups[0]!.results.map((r) => [r.label, r.detail])).toEqual([['web01', 'Engine berlin'], ['web01', 'Engine paris'], ['web02', undefined]]);
    expect(groups[0]!.results.map((r) => r.target.href)).toEqual([
      `${BASE}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=hostdetail&host=web01&engine=berlin')}`,
      `${BASE}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=hostdetail&host=web01&engine=paris')}`,
      `${BASE}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=hostdetail&host=web02')}`,
    ]);
  });

  it('does not offer URLs the content frame would refuse', () => {
    const unsafe = ['javascript:alert(1)', 'https://evil.example/x', '//evil.example/x', `${BASE}..%2F..%2Fetc`, 'data:text/html,x', `${BASE}includes\\evil.php`];
    const groups = suggestionGroups(unsafe.map((url) => ({ category: 'Hosts', url, value: 'x', label: url })), (c) => c);
    expect(groups).toEqual([]);
  });
});

describe('huge menus and answers', () => {
  it('shows the first GROUP_LIMIT results of a group and counts the rest', () => {
    const entries = Array.from({ length: 120 }, (_, i) => ({ id: `e${i}`, label: `web ${i}`, path: `includes/components/xicore/status.php?show=hosts&i=${i}`, target: 'maincontentframe' as const, icon: 'status', kind: 'link' as const }));
    const menu = { home: { id: 'home' as const, label: 'Home', path: '', defaultPath: 'includes/page-home-main.php', icon: 'home', groups: [{ id: 'g', label: 'G', entries }] } };
    const [group] = menuGroups(menu, 'web', GROUP_LIMIT);
    expect(group!.results).toHaveLength(GROUP_LIMIT);
    expect(group!.total).toBe(120);
    expect(menuGroups(menu, 'web 11', GROUP_LIMIT)[0]).toMatchObject({ results: expect.any(Array) });
    expect(menuGroups(menu, 'web 11', GROUP_LIMIT)[0]!.total).toBeUndefined();
    const [capped] = capGroups([{ id: 's', label: 'S', results: group!.results.concat(group!.results) }], 10);
    expect(capped).toMatchObject({ total: 100 });
    expect(capped!.results).toHaveLength(10);
  });
});
