import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import type { ToastInput } from '../toast/model';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import type { FavoritesApi } from './api';
import { createFavoritesModel, favoriteKey } from './model';

const ENTRY = { id: 'menu-favorites-4f1c2a9b0d3e', label: 'Problems' };

function setup() {
  const api = { rename: vi.fn(async (_key: string, _title: string) => {}), remove: vi.fn(async (_key: string) => {}) } satisfies FavoritesApi;
  const notices: ToastInput[] = [];
  const refreshMenu = vi.fn(async () => {});
  const model = createFavoritesModel({ api, refreshMenu, notify: (n) => notices.push(n), t: testTranslate });
  return { api, model, notices, refreshMenu };
}

describe('favourites', () => {
  it('the item key is the last dash-separated part of the entry id', () => {
    expect(favoriteKey('menu-favorites-4f1c2a9b0d3e')).toBe('4f1c2a9b0d3e');
    expect(favoriteKey('abc')).toBe('abc');
  });

  it('rename sends the trimmed title for the key and reloads the menu', async () => {
    const { api, model, notices, refreshMenu } = setup();
    expect(await model.rename(ENTRY, '  Host problems ')).toBe('saved');
    expect(api.rename).toHaveBeenCalledWith('4f1c2a9b0d3e', 'Host problems');
    expect(refreshMenu).toHaveBeenCalledTimes(1);
    expect(notices[0]).toMatchObject({ variant: 'success', title: 'Favorite renamed.' });
  });

  it('an empty title is refused without asking the server', async () => {
    const { api, model, refreshMenu } = setup();
    expect(await model.rename(ENTRY, '   ')).toBe('empty');
    expect(api.rename).not.toHaveBeenCalled();
    expect(refreshMenu).not.toHaveBeenCalled();
  });

  it('an unchanged title needs no request', async () => {
    const { api, model } = setup();
    expect(await model.rename(ENTRY, 'Problems')).toBe('saved');
    expect(api.rename).not.toHaveBeenCalled();
  });

  it('a failed rename is reported with the server message and keeps rename mode', async () => {
    const { api, model, notices, refreshMenu } = setup();
    api.rename.mockRejectedValueOnce(new ApiError(404, 'x', "There is no favorite '4f1c2a9b0d3e'."));
    expect(await model.rename(ENTRY, 'New')).toBe('failed');
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to rename favorite.', description: "There is no favorite '4f1c2a9b0d3e'." }]);
    expect(refreshMenu).not.toHaveBeenCalled();
  });

  it('delete removes the key and reloads the menu; a failure says so', async () => {
    const { api, model, notices, refreshMenu } = setup();
    expect(await model.remove(ENTRY)).toBe(true);
    expect(api.remove).toHaveBeenCalledWith('4f1c2a9b0d3e');
    expect(refreshMenu).toHaveBeenCalledTimes(1);
    expect(notices[0]).toEqual({ variant: 'success', title: 'Favorite deleted.', description: 'Problems is no longer in Favorites.' });
    api.remove.mockRejectedValueOnce(new ApiError(0, 'offline'));
    expect(await model.remove(ENTRY)).toBe(false);
    expect(notices[1]).toEqual({ variant: 'error', title: 'Failed to delete favorite.', description: 'Please try again.' });
  });
});
