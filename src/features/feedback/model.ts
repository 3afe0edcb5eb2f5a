import type { ReadonlySignal } from '@preact/signals-react';
import type { Translate } from '../../lib/i18n';
import { createSubmit } from '../../lib/submit';
import type { ToastInput } from '../toast/model';
import type { FeedbackApi, FeedbackFields } from './api';

export interface FeedbackModelDeps {
  api: FeedbackApi;
  notify: (notice: ToastInput) => void;
  t: Translate;
}

export interface FeedbackModel {
  readonly sending: ReadonlySignal<boolean>;
  /** Sends the feedback; true when sent (the dialog then closes), false when it failed (the dialog keeps the input). */
  submit(fields: FeedbackFields): Promise<boolean>;
}

/** The feedback form's submit with the notices of spec 8 (their spelling included). */
export function createFeedbackModel({ api, notify, t }: FeedbackModelDeps): FeedbackModel {
  const send = createSubmit({
    write: (fields: FeedbackFields) => api.send(fields),
    notify,
    done: () => ({ variant: 'success', title: t('feedback.notice.sent'), description: t('feedback.notice.sentText') }),
    failed: () => ({ variant: 'error', title: t('feedback.notice.failed'), description: t('feedback.notice.failedText') }),
  });
  return { sending: send.pending, submit: send.run };
}
