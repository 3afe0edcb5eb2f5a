import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import type { RunningServer } from './server';

const FRAME = 'iframe[name="maincontentframe"]';
const HOSTS = 'includes/components/xicore/status.php?show=hosts';
/** A real page whose location names the graph explorer: the service list searched for that word. */
const GRAPH_EXPLORER = 'includes/components/xicore/status.php?show=services&search=graphexplorer';

const header = (page: Page) => page.getByRole('banner');
const toast = (page: Page) => page.getByTestId('toast');
const frame = (page: Page) => page.locator(FRAME);

/** Opens `path` in the home section's frame and waits until the frame has reported where it is. */
async function openFramePage(page: Page, server: RunningServer, path: string): Promise<void> {
  await page.goto(`${server.url}?xiwindow=${encodeURIComponent(path)}`);
  await expect(page.locator('.content-frame')).toHaveAttribute('data-frame-location', `${server.base}${path}`);
}

async function choose(page: Page, item: string | RegExp): Promise<void> {
  await header(page).getByRole('button', { name: 'Page actions' }).click();
  await page.getByRole('menu', { name: 'Page actions' }).getByRole('menuitem', { name: item }).click();
}

test.describe('page actions', () => {
  test('Add to My Views adds the frame page; the view appears in the Views section\'s My Views group', async ({ loggedIn: page, server }) => {
    await openFramePage(page, server, HOSTS);
    await choose(page, 'Add to My Views');
    const dialog = page.getByRole('dialog', { name: 'Add to My Views' });
    const origin = new URL(server.url).origin;
    await expect(dialog.getByLabel('URL')).toHaveValue(`${origin}${server.base}${HOSTS}`);
    await expect(dialog.getByText('Include the protocol, for example https://www.example.com/')).toBeVisible();
    const title = `Host list ${test.info().workerIndex}-${test.info().retry}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Add View' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('View added.');
    await expect(toast(page)).toContainText('The selected view has been added to My Views.');
    // In-app navigation: the entry is there because the menu was reloaded, not because the page was.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Views' }).click();
    const panel = page.getByRole('navigation', { name: 'Section menu' });
    await expect(panel.getByRole('button', { name: 'My Views' })).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('link', { name: title })).toBeVisible();
  });

  test('a view added under one name of the server shows under another: the wallboard and the menu open it as this site\'s page', async ({ browser, page, server }) => {
    // A user of its own, so its added view is the fourth of My Views (views=3); other tests add views to the admin.
    const name = `names${test.info().workerIndex}r${test.info().retry}`;
    await server.admin('create-user', name, 'names-password-1', '--monitoring');
    await login(page, server, name, 'names-password-1');
    await openFramePage(page, server, HOSTS);
    await choose(page, 'Add to My Views');
    const dialog = page.getByRole('dialog', { name: 'Add to My Views' });
    // The address as this browser names the server: http://127.0.0.1:port/nagiosxi/…
    await expect(dialog.getByLabel('URL')).toHaveValue(`${new URL(server.url).origin}${server.base}${HOSTS}`);
    await dialog.getByLabel('Title').fill('Hosts by number');
    await dialog.getByRole('button', { name: 'Add View' }).click();
    await expect(toast(page)).toContainText('View added.');

    // The same server as localhost: another origin, so another sign-in.
    const local = { ...server, url: server.url.replace('//127.0.0.1:', '//localhost:'), origin: server.origin.replace('//127.0.0.1:', '//localhost:') };
    const context = await browser.newContext();
    const wall = await context.newPage();
    try {
      await login(wall, local, name, 'names-password-1');
      await wall.goto(`${local.url}wallboard?views=3`);
      await expect(wall.getByTestId('wallboard-title')).toHaveText('Hosts by number');
      // This site's page, by its path (the wall may add its own parameters to it).
      const src = await wall.locator('.wallboard-stage iframe[data-state="shown"]').getAttribute('src');
      expect(src?.startsWith(`${server.base}${HOSTS}`)).toBe(true);
      await expect(wall.getByTestId('wallboard-notice')).toHaveCount(0);

      await wall.goto(local.url);
      await wall.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Views' }).click();
      await wall.getByRole('navigation', { name: 'Section menu' }).getByRole('link', { name: 'Hosts by number' }).click();
      await expect(wall.locator('.content-frame')).toHaveAttribute('data-frame-location', `${server.base}${HOSTS}`);
    } finally {
      await context.close();
    }
  });

  test('a refused view keeps the dialog and the typed input, with the failure notice', async ({ loggedIn: page, server }) => {
    await openFramePage(page, server, HOSTS);
    await choose(page, 'Add to My Views');
    const dialog = page.getByRole('dialog', { name: 'Add to My Views' });
    await dialog.getByLabel('Title').fill('Somewhere else');
    await dialog.getByLabel('URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Add View' }).click();
    await expect(toast(page)).toContainText('Failed to add view.');
    await expect(toast(page)).toContainText('Failed to add selected view to My Views. Please try again.');
    await expect(dialog.getByLabel('Title')).toHaveValue('Somewhere else');
    await expect(dialog.getByLabel('URL')).toHaveValue('javascript:alert(1)');
  });

  test('Permalink copies a link that opens the same frame page', async ({ loggedIn: page, server }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
    await openFramePage(page, server, HOSTS);
    await choose(page, 'Permalink');
    const dialog = page.getByRole('dialog', { name: 'Permalink' });
    const link = `${new URL(server.url).origin}${server.base}?xiwindow=${encodeURIComponent(`${server.base}${HOSTS}`)}`;
    await expect(dialog.getByLabel('Link to this page')).toHaveValue(link);
    const copy = dialog.getByRole('button', { name: 'Copy permalink' });
    await expect(copy.locator('svg')).toHaveAttribute('data-icon', 'copy');
    await copy.click();
    const copied = dialog.getByRole('button', { name: 'Copied' });
    await expect(copied.locator('svg')).toHaveAttribute('data-icon', 'check');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const other = await page.context().newPage();
    await other.goto(link);
    await expect(other.locator(FRAME)).toHaveAttribute('src', `${server.base}${HOSTS}`);
    await expect(other.frameLocator(FRAME).locator('body')).not.toBeEmpty();
    await other.close();
  });

  test('Schedule Page schedules the frame page: bad input keeps what was typed, the schedule is listed after a reload and can be deleted', async ({ loggedIn: page, server }) => {
    await openFramePage(page, server, HOSTS);
    await choose(page, /Schedule Page/);
    const inner = page.frameLocator(FRAME);
    const form = inner.getByRole('form', { name: 'Schedule this page' });
    await expect(form).toContainText(HOSTS);
    await form.getByLabel('Frequency').selectOption('weekly');
    await form.getByLabel('Day of the week (weekly)').selectOption('Friday');
    await form.getByLabel('Time (server time, HH:MM)').fill('07:30');
    await form.getByLabel('Format').selectOption('html');
    await form.getByLabel(/Recipients/).fill('oncall@example.com, not-an-email');
    await form.getByRole('button', { name: 'Schedule page' }).click();
    await expect(inner.getByRole('alert')).toHaveText('"not-an-email" is not a valid email address.');
    await expect(form.getByLabel(/Recipients/)).toHaveValue('oncall@example.com, not-an-email');
    await expect(form.getByLabel('Time (server time, HH:MM)')).toHaveValue('07:30');

    await form.getByLabel(/Recipients/).fill('oncall@example.com, ops@example.com');
    await form.getByRole('button', { name: 'Schedule page' }).click();
    await expect(inner.getByRole('status')).toHaveText('The page was scheduled.');
    const row = inner.getByRole('table', { name: 'My scheduled pages' }).getByRole('row').filter({ hasText: HOSTS });
    await expect(row).toContainText('Weekly on Friday at 07:30');
    await expect(row).toContainText('oncall@example.com, ops@example.com');

    await page.reload();
    await expect(row).toContainText('Weekly on Friday at 07:30');
    await row.getByRole('button', { name: `Delete the schedule of ${HOSTS}` }).click();
    await expect(inner.getByRole('status')).toHaveText('The schedule was deleted.');
    await expect(row).toHaveCount(0);
  });

  test('Schedule Page refuses a graph explorer page with the alert of spec 5', async ({ loggedIn: page, server }) => {
    await openFramePage(page, server, GRAPH_EXPLORER);
    await choose(page, /Schedule Page/);
    const alert = page.getByRole('alertdialog', { name: 'The page you are requesting cannot be scheduled.' });
    await expect(alert).toContainText('The page is either not optimized to be scheduled or is not a part of the system.');
    await alert.getByRole('button', { name: 'Close' }).click();
    await expect(alert).toBeHidden();
    await expect(frame(page)).toHaveAttribute('src', `${server.base}${GRAPH_EXPLORER}`);
  });
});

test.describe('feedback', () => {
  async function openFeedback(page: Page) {
    await header(page).getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.getByLabel('Name').fill('Ann');
    await dialog.getByLabel('Email').fill('ann-without-at');
    await dialog.getByLabel('Your feedback').fill('Dark graphs, please.');
    return dialog;
  }

  test('sending feedback thanks the user and closes the form', async ({ loggedIn: page }) => {
    const dialog = await openFeedback(page);
    const sent = page.waitForResponse((r) => r.url().endsWith('/ajaxproxy.php') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).status()).toBe(200);
    await expect(toast(page)).toContainText('Feedback sumbitted.');
    await expect(toast(page)).toContainText('Thank you for your feedback.');
    await expect(dialog).toBeHidden();
  });

  test('a failed send keeps the form and its input, with the failure notice', async ({ loggedIn: page }) => {
    await page.route('**/ajaxproxy.php', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    const dialog = await openFeedback(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page)).toContainText('Failed to sumbit feedback.');
    await expect(toast(page)).toContainText('Please try again.');
    await expect(dialog.getByLabel('Name')).toHaveValue('Ann');
    await expect(dialog.getByLabel('Email')).toHaveValue('ann-without-at');
    await expect(dialog.getByLabel('Your feedback')).toHaveValue('Dark graphs, please.');
  });
});
