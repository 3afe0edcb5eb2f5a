import { signal, type ReadonlySignal } from '@preact/signals-react';
import { BASE } from '../../lib/base';
import { translate, type Translate } from '../../lib/i18n';
import { toast, type ToastInput } from '../toast/model';
import type { PageActionsApi, ViewFields } from './api';

/** The page-actions menu's choices (spec 4: the dialog shows the add-to-views form or the permalink view). */
export type PageAction = 'addView' | 'permalink' | 'schedule';

/** The frame's page (an absolute path) as a full web address of this origin: the add-view form's URL (spec 3). */
export function absoluteUrlFor(location: string, origin: string = window.location.origin): string {
  return origin + location;
}

/** `{origin}{base}?xiwindow=<frame location>`: opening it shows the same page in the content frame. */
export function permalinkFor(location: string, origin: string = window.location.origin, base: string = BASE): string {
  return `${origin}${base}?xiwindow=${encodeURIComponent(location)}`;
}

export interface AddViewModelDeps {
  api: PageActionsApi;
  /** Views are menu entries (My Views), so an added view reloads the menu (spec 4). */
  refreshMenu: () => Promise<void>;
  notify?: (notice: ToastInput) => void;
  t?: Translate;
}

export interface AddViewModel {
  readonly saving: ReadonlySignal<boolean>;
  /** Adds the view; true when added (the dialog then closes), false when refused (the dialog keeps the input). */
  submit(fields: ViewFields): Promise<boolean>;
}

/** Add to My Views with the notices of spec 8. */
export function createAddViewModel({ api, refreshMenu, notify = toast, t = translate }: AddViewModelDeps): AddViewModel {
  const saving = signal(false);
  return {
    saving,
    async submit(fields) {
      if (saving.peek()) return false;
      saving.value = true;
      try {
        await api.addView(fields);
      } catch {
        notify({ variant: 'error', title: t('pageActions.notice.addFailed'), description: t('pageActions.notice.addFailedText') });
        return false;
      } finally {
        saving.value = false;
      }
      notify({ variant: 'success', title: t('pageActions.notice.added'), description: t('pageActions.notice.addedText') });
      // The dialog closes at once; the view is saved whatever the menu reload does (a failed one keeps the old menu).
      refreshMenu().catch((error: unknown) => console.error('Failed to reload the menu.', error));
      return true;
    },
  };
}
