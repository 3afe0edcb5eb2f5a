import type { MenuEntry } from '../../lib/apiTypes';
import type { Translate } from '../../lib/i18n';
import { createSubmit } from '../../lib/submit';
import type { ToastInput } from '../toast/model';
import { serverMessageOf } from '../toast/serverMessage';
import type { FavoritesApi } from './api';

/** Spec 3: a favourite's item key is the last dash-separated part of its menu entry id (menu-favorites-KEY). */
export function favoriteKey(entryId: string): string {
  return entryId.slice(entryId.lastIndexOf('-') + 1);
}

/** `saved` also when nothing changed; `empty` is refused before asking the server; `failed` has been reported. */
export type RenameResult = 'saved' | 'empty' | 'failed';

export interface FavoritesModelDeps {
  api: FavoritesApi;
  /** Favourites are menu entries, so every change reloads the menu. */
  refreshMenu: () => Promise<void>;
  notify: (notice: ToastInput) => void;
  t: Translate;
}

export interface FavoritesModel {
  rename(entry: Pick<MenuEntry, 'id' | 'label'>, title: string): Promise<RenameResult>;
  remove(entry: Pick<MenuEntry, 'id' | 'label'>): Promise<boolean>;
}

/** Rename and delete of Favorites menu entries (spec 2.10 and 7). */
export function createFavoritesModel({ api, refreshMenu, notify, t }: FavoritesModelDeps): FavoritesModel {
  // Spec 8: a refusal's reason is the server's message.
  const failed = (title: string, error: unknown) => ({ variant: 'error' as const, title: t(title), description: serverMessageOf(error) ?? t('screens.tryAgain') });
  const renaming = createSubmit({
    write: ({ entry, title }: { entry: Pick<MenuEntry, 'id'>; title: string }) => api.rename(favoriteKey(entry.id), title),
    notify,
    done: (_, { title }) => ({ variant: 'success', title: t('favorites.notice.renamed'), description: t('favorites.notice.renamedDetail', { title }) }),
    failed: (error) => failed('favorites.notice.renameFailed', error),
  });
  const removing = createSubmit({
    write: (entry: Pick<MenuEntry, 'id' | 'label'>) => api.remove(favoriteKey(entry.id)),
    notify,
    done: (_, entry) => ({ variant: 'success', title: t('favorites.notice.deleted'), description: t('favorites.notice.deletedDetail', { title: entry.label }) }),
    failed: (error) => failed('favorites.notice.deleteFailed', error),
  });
  return {
    async rename(entry, title) {
      const clean = title.trim();
      if (!clean) return 'empty';
      if (clean === entry.label) return 'saved';
      if (!(await renaming.run({ entry, title: clean }))) return 'failed';
      await refreshMenu();
      return 'saved';
    },
    async remove(entry) {
      if (!(await removing.run(entry))) return false;
      await refreshMenu();
      return true;
    },
  };
}
