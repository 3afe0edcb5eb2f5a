import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NoticeModal } from './NoticeModal';

afterEach(cleanup);

// jsdom, like Safari 14 (a wallboard TV browser), has no HTMLDialogElement.prototype.showModal.
describe('NoticeModal without a modal <dialog>', () => {
  it('opens as a plain box with focus on it instead of failing, and closes without error', () => {
    expect(typeof HTMLDialogElement.prototype.showModal).toBe('undefined');
    const { container, unmount } = render(<NoticeModal title="Login Alerts" onClose={() => {}}><p>Body</p></NoticeModal>);
    const dialog = container.querySelector('dialog');
    expect(dialog?.hasAttribute('data-nonmodal')).toBe(true);
    expect(document.activeElement).toBe(dialog);
    expect(dialog?.textContent).toContain('Login Alerts');
    expect(() => unmount()).not.toThrow();
  });
});
