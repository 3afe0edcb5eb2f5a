import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { Translate } from '../../lib/i18n';
import { createSubmit } from '../../lib/submit';
import type { ToastInput } from '../toast/model';
import { serverMessageOf } from '../toast/serverMessage';
import type { View, ViewsApi } from './api';

/**
 * The form opens in two places, the views menu's Add New View and the page actions' Add to My Views; spec 2.15 and 8
 * give each its own title, protocol hint and success text. Translation keys.
 */
export interface AddViewTexts {
  title: string;
  urlHint: string;
  addedDetail: string;
}

/** The views menu's Add New View. */
export const MENU_ADD_VIEW: AddViewTexts = { title: 'views.add.title', urlHint: 'views.field.urlHint', addedDetail: 'views.notice.addedDetail' };

export interface AddViewDeps {
  api: Pick<ViewsApi, 'addView'>;
  /** My Views is part of the menu, so a new view reloads it (spec 4). */
  refreshMenu: () => Promise<void>;
  notify: (notice: ToastInput) => void;
  t: Translate;
  texts?: AddViewTexts;
}

export interface AddViewModel {
  readonly saving: ReadonlySignal<boolean>;
  /** Why the server refused the last try (its message), shown with the form; null otherwise. */
  readonly problem: ReadonlySignal<string | null>;
  /** True when added (the dialog then closes); false keeps the dialog and its input. */
  submit(view: View): Promise<boolean>;
}

/** Add to My Views, from the views menu or the page actions, with the notices of spec 8. */
export function createAddViewModel({ api, refreshMenu, notify, t, texts = MENU_ADD_VIEW }: AddViewDeps): AddViewModel {
  const problem = signal<string | null>(null);
  const add = createSubmit({
    write: (view: View) => api.addView(view),
    notify,
    done: () => ({ variant: 'success', title: t('views.notice.added'), description: t(texts.addedDetail) }),
    failed: (error) => {
      problem.value = serverMessageOf(error) ?? null;
      return { variant: 'error', title: t('views.notice.addFailed'), description: t('views.notice.addFailedDetail') };
    },
  });
  return {
    saving: add.pending,
    problem,
    async submit(view) {
      if (!(await add.run(view))) return false;
      problem.value = null;
      // The dialog closes at once: the view is saved whatever the menu reload does (a failed one keeps the old menu).
      refreshMenu().catch((error: unknown) => console.error('Failed to reload the menu.', error));
      return true;
    },
  };
}
