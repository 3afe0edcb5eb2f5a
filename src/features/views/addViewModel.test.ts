import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import type { ToastInput } from '../toast/model';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import { createAddViewModel } from './addViewModel';

function setup(addView = vi.fn(async () => {})) {
  const notices: ToastInput[] = [];
  const refreshMenu = vi.fn(async () => {});
  const model = createAddViewModel({ api: { addView }, refreshMenu, notify: (n) => notices.push(n), t: testTranslate });
  return { model, notices, refreshMenu, addView };
}

describe('Add New View', () => {
  it('adds the view, says so and reloads the menu', async () => {
    const { model, notices, refreshMenu, addView } = setup();
    expect(await model.submit({ title: 'Hosts', url: 'https://example.com/' })).toBe(true);
    expect(addView).toHaveBeenCalledWith({ title: 'Hosts', url: 'https://example.com/' });
    expect(notices).toEqual([{ variant: 'success', title: 'View added.', description: 'A new view has been created.' }]);
    expect(refreshMenu).toHaveBeenCalledTimes(1);
    expect(model.problem.value).toBeNull();
  });

  it('a refusal keeps the dialog (false), says so, and keeps the server reason for the form', async () => {
    const { model, notices, refreshMenu } = setup(vi.fn(async () => {
      throw new ApiError(400, 'bad', "The field 'url' must be an http or https address or a path under /nagiosxi/.");
    }));
    expect(await model.submit({ title: 'X', url: 'javascript:alert(1)' })).toBe(false);
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to add view.', description: 'Failed to add selected view to My Views. Please try again.' }]);
    expect(model.problem.value).toBe("The field 'url' must be an http or https address or a path under /nagiosxi/.");
    expect(refreshMenu).not.toHaveBeenCalled();
    expect(model.saving.value).toBe(false);
  });

  it('ignores a second submit while the first is saving', async () => {
    let finish: () => void = () => {};
    const { model, addView } = setup(vi.fn(() => new Promise<void>((resolve) => { finish = resolve; })));
    const first = model.submit({ title: 'A', url: 'https://a.example/' });
    expect(await model.submit({ title: 'A', url: 'https://a.example/' })).toBe(false);
    finish();
    expect(await first).toBe(true);
    expect(addView).toHaveBeenCalledTimes(1);
  });
});
