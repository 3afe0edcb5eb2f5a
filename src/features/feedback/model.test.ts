import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import type { ToastInput } from '../toast/model';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import type { FeedbackApi, FeedbackFields } from './api';
import { createFeedbackModel } from './model';

function setup(fail = false) {
  const sent: FeedbackFields[] = [];
  const api: FeedbackApi = {
    send: vi.fn(async (fields: FeedbackFields) => {
      if (fail) throw new ApiError(500, 'Request failed with status 500.');
      sent.push(fields);
    }),
  };
  const notices: ToastInput[] = [];
  const model = createFeedbackModel({ api, notify: (n) => notices.push(n), t: testTranslate });
  return { api, sent, notices, model };
}

const FIELDS = { name: '', email: 'ann@', feedback: 'Please add dark graphs.' };

describe('feedback model', () => {
  it('sends the fields as given and thanks the user with the spec\'s notice, spelling included', async () => {
    const { model, sent, notices } = setup();
    expect(await model.submit(FIELDS)).toBe(true);
    expect(sent).toEqual([FIELDS]);
    expect(notices).toEqual([{ variant: 'success', title: 'Feedback sumbitted.', description: 'Thank you for your feedback.' }]);
  });

  it('reports a failed send and keeps the form open', async () => {
    const { model, notices } = setup(true);
    expect(await model.submit(FIELDS)).toBe(false);
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to sumbit feedback.', description: 'Please try again.' }]);
    expect(model.sending.value).toBe(false);
  });

  it('sends once while a send is running', async () => {
    const { model, api } = setup();
    const first = model.submit(FIELDS);
    expect(model.sending.value).toBe(true);
    expect(await model.submit(FIELDS)).toBe(false);
    await first;
    expect(api.send).toHaveBeenCalledTimes(1);
  });
});
