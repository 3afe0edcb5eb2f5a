import type { Translate } from '../../lib/i18n';
import type { ToastInput } from '../toast/model';

export interface ChooseIconDeps {
  /** The server call (api.ts createMenuIconSaver). */
  save: (entryId: string, icon: string) => Promise<void>;
  /** The menu carries the chosen icons, so a change reloads it. */
  refreshMenu: () => Promise<void>;
  notify: (notice: ToastInput) => void;
  t: Translate;
}

/** Stores an entry's new icon and reloads the menu to show it; true when saved. */
export async function chooseIcon(entryId: string, icon: string, { save, refreshMenu, notify, t }: ChooseIconDeps): Promise<boolean> {
  try {
    await save(entryId, icon);
  } catch {
    notify({ variant: 'error', title: t('menuIcons.notice.failed'), description: t('screens.tryAgain') });
    return false;
  }
  await refreshMenu();
  return true;
}
