import type { MenuEntry } from '../../lib/apiTypes';
import { translate, type Translate } from '../../lib/i18n';
import { toast, type ToastInput } from '../toast/model';
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
  notify?: (notice: ToastInput) => void;
  t?: Translate;
}

export interface FavoritesModel {
  rename(entry: Pick<MenuEntry, 'id' | 'label'>, title: string): Promise<RenameResult>;
  remove(entry: Pick<MenuEntry, 'id' | 'label'>): Promise<boolean>;
}

/** Rename and delete of Favorites menu entries (spec 2.10 and 7). */
export function createFavoritesModel({ api, refreshMenu, notify = toast, t = translate }: FavoritesModelDeps): FavoritesModel {
  const failed = (title: string, error: unknown) => notify({ variant: 'error', title: t(title), description: serverMessageOf(error) ?? t('screens.tryAgain') });
  return {
    async rename(entry, title) {
      const clean = title.trim();
      if (!clean) return 'empty';
      if (clean === entry.label) return 'saved';
      try {
        await api.rename(favoriteKey(entry.id), clean);
      } catch (error) {
        failed('favorites.notice.renameFailed', error);
        return 'failed';
      }
      notify({ variant: 'success', title: t('favorites.notice.renamed'), description: t('favorites.notice.renamedDetail', { title: clean }) });
      await refreshMenu();
      return 'saved';
    },
    async remove(entry) {
      try {
        await api.remove(favoriteKey(entry.id));
      } catch (error) {
        failed('favorites.notice.deleteFailed', error);
        return false;
      }
      notify({ variant: 'success', title: t('favorites.notice.deleted'), description: t('favorites.notice.deletedDetail', { title: entry.label }) });
      await refreshMenu();
      return true;
    },
  };
}
