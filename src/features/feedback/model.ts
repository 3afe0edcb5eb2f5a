import { signal, type ReadonlySignal } from '@preact/signals-react';
import { translate, type Translate } from '../../lib/i18n';
import { toast, type ToastInput } from '../toast/model';
import type { FeedbackApi, FeedbackFields } from './api';

export interface FeedbackModelDeps {
  api: FeedbackApi;
  notify?: (notice: ToastInput) => void;
  t?: Translate;
}

export interface FeedbackModel {
  readonly sending: ReadonlySignal<boolean>;
  /** Sends the feedback; true when sent (the dialog then closes), false when it failed (the dialog keeps the input). */
  submit(fields: FeedbackFields): Promise<boolean>;
}

/** The feedback form's submit with the notices of spec 8 (their spelling included). */
export function createFeedbackModel({ api, notify = toast, t = translate }: FeedbackModelDeps): FeedbackModel {
  const sending = signal(false);
  return {
    sending,
    async submit(fields) {
      if (sending.peek()) return false;
      sending.value = true;
      try {
        await api.send(fields);
      } catch {
        notify({ variant: 'error', title: t('feedback.notice.failed'), description: t('feedback.notice.failedText') });
        return false;
      } finally {
        sending.value = false;
      }
      notify({ variant: 'success', title: t('feedback.notice.sent'), description: t('feedback.notice.sentText') });
      return true;
    },
  };
}
