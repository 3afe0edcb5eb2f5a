import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import type { AppContext } from '../../app/context';
import { createTestAppContext } from '../../app/TestProviders.test-utils';
import { loadOverlays } from '../../ui/overlays';
import type { ToastStore } from '../toast/model';
import { FeedbackButton } from './FeedbackButton';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let proxyStatus: number;
let app: AppContext;
let toastStore: ToastStore;

beforeAll(async () => {
  // The form and the overlay code load on demand; loading them once here keeps each test about the form.
  await Promise.all([import('./FeedbackDialog'), loadOverlays()]);
});
beforeEach(() => {
  calls = [];
  proxyStatus = 200;
  app = createTestAppContext();
  app.http.configure({ nsp: () => 'NSP' });
  toastStore = app.toasts;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (url.startsWith('/api/v2/app/bootstrap')) {
      return Response.json({ ajaxProxyUrl: '/ajaxproxy.php', backendUrl: '/api/v2', baseUrl: '/', feedbackUrl: 'https://feedback.example/' });
    }
    return Response.json(proxyStatus === 200 ? { id: 1, queued: true } : { message: 'Down.' }, { status: proxyStatus });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastStore.dismiss();
});

async function openForm() {
  render(<AppProviders app={app}><FeedbackButton /></AppProviders>);
  fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
  return screen.findByRole('dialog', { name: 'Feedback' });
}

function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

const proxyPost = () => calls.find((c) => c.url === '/ajaxproxy.php');
const lastToast = () => toastStore.toasts.value[0];

describe('feedback dialog', () => {
  it('has name and email (optional) and the feedback; Submit waits for some feedback', async () => {
    const dialog = await openForm();
    expect(within(dialog).getAllByRole('textbox').map((f) => f.getAttribute('name'))).toEqual(['name', 'email', 'feedback']);
    const submit = within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fill(dialog, { 'Your feedback': '  ' });
    expect(submit.disabled).toBe(true);
    fill(dialog, { 'Your feedback': 'Nice' });
    expect(submit.disabled).toBe(false);
  });

  it('sends the form through the proxy (email not checked), thanks the user and closes', async () => {
    const dialog = await openForm();
    fill(dialog, { Name: 'Ann', Email: 'ann-at-example', 'Your feedback': 'Dark graphs, please.' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Object.fromEntries(new URLSearchParams(String(proxyPost()!.init.body)))).toEqual({
      name: 'Ann', email: 'ann-at-example', feedback: 'Dark graphs, please.', proxy_url: 'https://feedback.example/', proxy_method: 'post', nsp: 'NSP',
    });
    expect(lastToast()).toMatchObject({ title: 'Feedback sumbitted.', description: 'Thank you for your feedback.', variant: 'success' });
  });

  it('keeps the input when sending fails, with the failure notice', async () => {
    proxyStatus = 500;
    const dialog = await openForm();
    fill(dialog, { Name: 'Ann', 'Your feedback': 'Dark graphs, please.' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Failed to sumbit feedback.'));
    expect(lastToast()?.description).toBe('Please try again.');
    expect(screen.getByRole('dialog', { name: 'Feedback' })).toBe(dialog);
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Ann');
    expect((within(dialog).getByLabelText('Your feedback') as HTMLTextAreaElement).value).toBe('Dark graphs, please.');
  });
});
