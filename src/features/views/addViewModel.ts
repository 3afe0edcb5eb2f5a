import { signal, type ReadonlySignal } from '@preact/signals-react';
import { translate, type Translate } from '../../lib/i18n';
import { toast, type ToastInput } from '../toast/model';
import { serverMessageOf } from '../toast/serverMessage';
import type { View, ViewsApi } from './api';

export interface AddViewDeps {
  api: Pick<ViewsApi, 'addView'>;
  /** My Views is part of the menu, so a new view reloads it (spec 4). */
  refreshMenu: () => Promise<void>;
  notify?: (notice: ToastInput) => void;
  t?: Translate;
}

export interface AddViewModel {
  readonly saving: ReadonlySignal<boolean>;
  /** Why the server refused the last try (its message), shown with the form; null otherwise. */
  readonly problem: ReadonlySignal<string | null>;
  /** True when added (the dialog then closes); false keeps the dialog and its input. */
  submit(view: View): Promise<boolean>;
}

/** The Add New View form of the views menu, with the notices of spec 8. */
export function createAddViewModel({ api, refreshMenu, notify = toast, t = translate }: AddViewDeps): AddViewModel {
  const saving = signal(false);
  const problem = signal<string | null>(null);
  return {
    saving,
    problem,
    async submit(view) {
      if (saving.peek()) return false;
      saving.value = true;
      try {
        await api.addView(view);
      } catch (error) {
        problem.value = serverMessageOf(error) ?? null;
        notify({ variant: 'error', title: t('views.notice.addFailed'), description: t('views.notice.addFailedDetail') });
        return false;
      } finally {
        saving.value = false;
      }
      problem.value = null;
      notify({ variant: 'success', title: t('views.notice.added'), description: t('views.notice.addedDetail') });
      await refreshMenu();
      return true;
    },
  };
}
