import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './useTestServer.js';
import type { Menu } from '../../src/lib/apiTypes.js';
import { APP_ROUTES } from '../../server/src/routes/static.js';

const { admin } = useTestServer();
beforeAll(async () => {
  // A view, a favourite and tools, so that the user-made entries are crawled too.
  await admin.post('ajaxhelper.php', { cmd: 'addview', title: 'Services', url: 'includes/components/xicore/status.php?show=services', nsp: admin.nsp });
  await admin.post('includes/components/favorites/ajax.php', { mode: 'add', title: 'Problems', url: 'includes/components/xicore/status.php?show=serviceproblems', nsp: admin.nsp });
  await admin.post('api/v2/tools/personal', { name: 'Wiki', url: 'https://wiki.example.org/', nsp: admin.nsp });
  await admin.post('api/v2/tools/common', { name: 'Runbook', url: 'help/main.php', nsp: admin.nsp });
});

/** The page part of a base-relative path (query kept for the request, dropped for the route check). */
const routeOf = (p: string) => p.split('?')[0]!;

describe('every menu entry opens a working page', () => {
  it('in-frame entries and section default pages answer 200 with a real page, and top-level entries are app routes', async () => {
    const menu = (await admin.get<Menu>('api/v2/app/menu')).body;
    const inFrame = new Set<string>();
    const topLevel = new Set<string>();
    for (const section of Object.values(menu)) {
      if (!APP_ROUTES.includes(routeOf(section.defaultPath))) inFrame.add(section.defaultPath);
      for (const entry of section.groups.flatMap((g) => g.entries)) {
        if (entry.path === '#' || /^https?:/.test(entry.path)) continue;
        if (entry.target === '_top' || APP_ROUTES.includes(routeOf(entry.path))) topLevel.add(entry.path);
        else inFrame.add(entry.path);
      }
    }
    expect(inFrame.size).toBeGreaterThan(15);
    for (const path of inFrame) {
      const res = await admin.get(path, { headers: { accept: 'text/html' } });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text, path).not.toMatch(/not (yet )?implemented|coming soon|>[^<]*\bplaceholder\b/i);
    }
    for (const path of topLevel) {
      expect(APP_ROUTES, path).toContain(routeOf(path));
    }
  });
});
