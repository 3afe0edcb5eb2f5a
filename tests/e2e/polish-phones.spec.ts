import type { Locator, Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { startServer, type RunningServer } from './server';
import { writeAs } from './writes';

/**
 * Issue 20, phones: no classic page scrolls sideways at 390 px. Wide content (performance data, long plugin output, a
 * table of many columns) wraps, or scrolls inside its own box with a visible cue that there is more.
 */

const STATUS = 'includes/components/xicore/status.php';
const PASSWORD = 'e2e-phone-password';
/** Plugin output as some plugins write it: one long run of text without a space. */
const LONG_OUTPUT = `OK-${'checked:/srv/data/volume/'.repeat(24)}`;
const LONG_NAME = `View${'x'.repeat(251)}`;

interface Overflow { what: string; kind: string; scrollWidth: number; clientWidth: number }

/**
 * What on the page is wider than its box: the document itself, and every box whose content is cut off or scrolls
 * sideways, except scroll boxes that show the cue (a shade drawn by a scroll-attached background) and text that ends in
 * an ellipsis. Form fields scroll their own text and are left out, as are visually hidden texts.
 */
async function sidewaysOverflow(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const found: Overflow[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push({ what: 'the page', kind: 'document', scrollWidth: root.scrollWidth, clientWidth: root.clientWidth });
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!(el instanceof HTMLElement) || el.matches('input, select, textarea, option, .visually-hidden, .visually-hidden *') || el.clientWidth === 0) continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline') continue;
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      const cue = style.backgroundImage.includes('radial-gradient') && style.backgroundAttachment.includes('local');
      if (scrolls && cue) continue;
      if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none')) continue;
      found.push({ what: describe(el), kind: scrolls ? 'scrolls without a cue' : style.overflowX === 'visible' ? 'spills out' : 'cut off', scrollWidth: el.scrollWidth, clientWidth: el.clientWidth });
    }
    return found;
  });
}

/** The element is whole across: inside the window and not cut off or scrolled away by any box around it. */
async function expectWholeAcross(target: Locator, what: string): Promise<void> {
  const whole = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > document.documentElement.clientWidth + 0.5) return false;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const b = box.getBoundingClientRect();
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5) return false;
    }
    return true;
  });
  expect(whole, `${what} is whole across the phone's width`).toBe(true);
}

async function expectFitsPhone(page: Page, path: string): Promise<void> {
  await expect(page.locator('main, body.board, body.pairing').first(), path).toBeVisible();
  expect(await sidewaysOverflow(page), `${path} at 390 px`).toEqual([]);
}

test.describe('classic pages on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  // Its own server: the test changes check results and adds views, which other tests on the worker's server must not see.
  let server: RunningServer;
  test.beforeAll(async () => { server = await startServer(); });
  test.afterAll(async () => { await server.stop(); });

  test('the host detail page: the status line and performance data are whole, the data scrolls in its own box with a cue', async ({ page }) => {
    await login(page, server);
    await page.goto(`${server.url}${STATUS}?show=hosts`);
    const host = (await page.locator('table.status-list tbody th a').first().textContent())!.trim();
    await page.goto(`${server.url}${STATUS}?show=hostdetail&host=${encodeURIComponent(host)}`);
    await expectFitsPhone(page, 'host detail');
    const facts = page.getByRole('table', { name: 'Host state' });
    // The table of facts fits its box: nothing in it is reached by scrolling.
    const wrap = facts.locator('xpath=..');
    expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await expectWholeAcross(facts.getByRole('row', { name: /Status information/ }).getByRole('cell'), 'the status information');
    // Performance data: its own region, which scrolls sideways and is shaded at the edge that has more.
    const perf = facts.getByRole('region', { name: 'Performance data' });
    await expect(perf).toBeVisible();
    const box = (await perf.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const cue = await perf.evaluate((el) => ({ overflows: el.scrollWidth > el.clientWidth, image: getComputedStyle(el).backgroundImage }));
    if (cue.overflows) expect(cue.image).toContain('radial-gradient');
    await expect(perf).toHaveAttribute('tabindex', '0');
    // The host's services: a card each, the status information in full.
    const services = page.getByRole('table', { name: `Services on ${host}` });
    for (const cell of await services.locator('td.output').all()) await expectWholeAcross(cell, 'a service\'s status information');
  });

  test('long plugin output without spaces wraps on the detail page and in the status lists', async ({ page }) => {
    await login(page, server);
    await page.goto(`${server.url}${STATUS}?show=services`);
    const link = page.locator('table.status-list tbody a[href*="show=servicedetail"]').first();
    const params = new URL((await link.getAttribute('href'))!, server.url).searchParams;
    const [host, service] = [params.get('host')!, params.get('service')!];
    await writeAs(page, server, 'api/v2/admin/checkresult', { host, service, state: '0', output: LONG_OUTPUT });
    await page.goto(`${server.url}${STATUS}?show=servicedetail&host=${encodeURIComponent(host)}&service=${encodeURIComponent(service)}`);
    await expectFitsPhone(page, 'service detail');
    const status = page.getByRole('table', { name: 'Service state' }).getByRole('row', { name: /Status information/ }).getByRole('cell');
    await expect(status).toContainText(LONG_OUTPUT);
    await expectWholeAcross(status, 'the long status information');
    for (const path of [`${STATUS}?show=services&host=${encodeURIComponent(host)}`, `${STATUS}?show=hostdetail&host=${encodeURIComponent(host)}`]) {
      await page.goto(`${server.url}${path}`);
      await expectFitsPhone(page, path);
      await expectWholeAcross(page.getByText(LONG_OUTPUT), `the long output on ${path}`);
    }
  });

  test('Manage My Views: Open and Remove stay on screen, whatever the names', async ({ page }) => {
    const name = `phone${test.info().retry}`;
    await server.admin('create-user', name, PASSWORD, '--monitoring');
    await login(page, server, name, PASSWORD);
    for (const title of [LONG_NAME, 'لوحة المراقبة الرئيسية', 'Cafe\u0301 Z\u0335a\u0336l\u0337g\u0338o\u0303']) {
      await writeAs(page, server, 'ajaxhelper.php', { cmd: 'addview', title, url: `includes/page-home-main.php?${'long=path&'.repeat(60)}` });
    }
    await page.goto(`${server.url}views/main.php`);
    await expectFitsPhone(page, 'views/main.php');
    const removes = page.getByRole('button', { name: /^Remove view / });
    await expect(removes).toHaveCount(6);
    for (const button of await removes.all()) await expectWholeAcross(button, 'Remove');
    for (const open of await page.getByRole('link', { name: 'Open', exact: true }).all()) await expectWholeAcross(open, 'Open');
  });

  test('every classic page reachable from the menus fits the phone', async ({ page }) => {
    const name = `phoneadmin${test.info().retry}`;
    await server.admin('create-user', name, PASSWORD, '--admin', '--monitoring', '--configure', '--ccm', '--deploy');
    await login(page, server, name, PASSWORD);
    await page.goto(`${server.url}${STATUS}?show=services`);
    const detail = (await page.locator('table.status-list tbody a[href*="show=servicedetail"]').first().getAttribute('href'))!;
    const hostDetail = (await page.locator('table.status-list tbody a[href*="show=hostdetail"]').first().getAttribute('href'))!;
    const paths = [
      'includes/page-home-main.php',
      ...['hosts', 'hostproblems', 'services', 'serviceproblems', 'hostgroups', 'servicegroups', 'comments', 'downtimes'].map((show) => `${STATUS}?show=${show}`),
      hostDetail.slice(server.base.length), detail.slice(server.base.length),
      'includes/components/pharos/problemsboard.php',
      'admin/main.php', 'admin/users.php', 'admin/sysstat.php', 'admin/sysstat.php?pageopt=monitoringengine', 'admin/license.php', 'admin/activate.php',
      'admin/banners.php', 'admin/displays.php', 'admin/auditlog.php',
      'account/main.php', 'views/main.php',
      'dashboards/dashboard.php?id=home', 'dashboards/dashboard.php?id=home&edit=1', 'dashboards/dashlets.php', 'dashboards/dashlets.php?type=note&dashboard=home',
      'reports/statussummary.php', 'reports/schedulereport.php',
      'help/main.php', 'about/main.php', 'about/legal.php', 'about/license.php',
      'config/monitoringwizard.php', 'config/deployagent.php', 'config/deployment/index.php', 'includes/components/ccm/index.php',
      'includes/components/autodiscovery/index.php', 'admin/deadpool.php', 'account/theme.php',
    ];
    const problems: string[] = [];
    for (const path of paths) {
      const answer = await page.goto(`${server.url}${path}`);
      expect(answer?.status(), path).toBe(200);
      await expect(page.locator('h1').first(), path).toBeVisible();
      for (const o of await sidewaysOverflow(page)) problems.push(`${path}: ${o.what} ${o.kind} (${o.scrollWidth} > ${o.clientWidth})`);
    }
    expect(problems).toEqual([]);
  });

  test('the classic theme\'s own layout (sections, menu and page frame) fits the phone, with long view names in its menu', async ({ page }) => {
    const name = `phoneclassic${test.info().retry}`;
    await server.admin('create-user', name, PASSWORD, '--monitoring');
    await login(page, server, name, PASSWORD);
    await writeAs(page, server, 'ajaxhelper.php', { cmd: 'addview', title: LONG_NAME, url: 'includes/page-home-main.php' });
    await writeAs(page, server, 'api/v2/account/theme', { theme: 'xi5' });
    for (const path of ['', 'views/']) {
      await page.goto(`${server.url}${path}`);
      await expect(page.locator('body.classic-ui')).toBeVisible();
      expect(await sidewaysOverflow(page), `classic theme, ${path || 'home'}`).toEqual([]);
    }
    await expect(page.getByRole('link', { name: LONG_NAME })).toBeVisible();
  });
});
