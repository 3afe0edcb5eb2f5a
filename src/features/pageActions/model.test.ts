import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import type { ToastInput } from '../toast/model';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import type { View as ViewFields, ViewsApi } from '../views/api';
import { createAddViewModel } from '../views/addViewModel';
import { absoluteUrlFor, PAGE_ADD_VIEW, permalinkFor } from './model';

const ORIGIN = 'https://xi.example:8443';

describe('page addresses', () => {
  it('the add-view URL is the frame page as a full web address of this origin', () => {
    expect(absoluteUrlFor('/nagiosxi/includes/components/xicore/status.php?show=hosts', ORIGIN))
      .toBe('https://xi.example:8443/nagiosxi/includes/components/xicore/status.php?show=hosts');
  });

  it('the permalink opens the frame page through xiwindow under the base, with its query kept intact', () => {
    const link = permalinkFor('/nagiosxi/includes/components/xicore/status.php?show=services&search=web#top', ORIGIN, '/nagiosxi/');
    expect(link).toBe('https://xi.example:8443/nagiosxi/?xiwindow=%2Fnagiosxi%2Fincludes%2Fcomponents%2Fxicore%2Fstatus.php%3Fshow%3Dservices%26search%3Dweb%23top');
    expect(new URL(link).searchParams.get('xiwindow')).toBe('/nagiosxi/includes/components/xicore/status.php?show=services&search=web#top');
  });
});

/** Records each add and can refuse the next one like the server does. */
function fakeApi() {
  const added: ViewFields[] = [];
  let refuse = false;
  const api: Pick<ViewsApi, 'addView'> = {
    addView: vi.fn(async (fields: ViewFields) => {
      if (refuse) {
        refuse = false;
        throw new ApiError(400, 'bad', "The field 'title' is required.");
      }
      added.push(fields);
    }),
  };
  return { api, added, refuseNext: () => { refuse = true; } };
}

function setup() {
  const fake = fakeApi();
  const notices: ToastInput[] = [];
  const refreshMenu = vi.fn(async () => {});
  const model = createAddViewModel({ api: fake.api, refreshMenu, notify: (n) => notices.push(n), t: testTranslate, texts: PAGE_ADD_VIEW });
  return { ...fake, notices, refreshMenu, model };
}

const VIEW = { title: 'Web services', url: `${ORIGIN}/nagiosxi/includes/components/xicore/status.php?show=services` };

describe('add to My Views', () => {
  it('adds the view with its title and URL, reloads the menu and says so (spec 8)', async () => {
    const { model, added, notices, refreshMenu } = setup();
    expect(await model.submit(VIEW)).toBe(true);
    expect(added).toEqual([VIEW]);
    expect(refreshMenu).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([{ variant: 'success', title: 'View added.', description: 'The selected view has been added to My Views.' }]);
    expect(model.saving.value).toBe(false);
  });

  it('a refused add reports the failure, keeps the menu and lets the form stay open', async () => {
    const { model, notices, refreshMenu, refuseNext } = setup();
    refuseNext();
    expect(await model.submit(VIEW)).toBe(false);
    expect(refreshMenu).not.toHaveBeenCalled();
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to add view.', description: 'Failed to add selected view to My Views. Please try again.' }]);
    expect(model.saving.value).toBe(false);
  });

  it('ignores a second submit while the first is running', async () => {
    const { model, api } = setup();
    const first = model.submit(VIEW);
    expect(model.saving.value).toBe(true);
    expect(await model.submit(VIEW)).toBe(false);
    expect(await first).toBe(true);
    expect(api.addView).toHaveBeenCalledTimes(1);
  });

  it('a failed menu reload does not turn a saved view into a failure', async () => {
    const { model, notices, refreshMenu } = setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    refreshMenu.mockRejectedValueOnce(new Error('offline'));
    expect(await model.submit(VIEW)).toBe(true);
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(notices.map((n) => n.title)).toEqual(['View added.']);
    logged.mockRestore();
  });
});
