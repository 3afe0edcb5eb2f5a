import { describe, expect, it, vi } from 'vitest';
import { goToErrorPage, switchToModern, type SwitchIo } from './switchToModern';

function fakeIo(post: SwitchIo['post']) {
  return { post, reload: vi.fn<() => void>(), replace: vi.fn<(url: string) => void>() };
}

describe('Switch to Modern (spec 7, 8)', () => {
  it('posts theme=xi5 to the account theme API and then reloads', async () => {
    const post = vi.fn(async () => ({ theme: 'xi5' }));
    const io = fakeIo(post);
    await switchToModern(io);
    expect(post).toHaveBeenCalledWith('api/v2/account/theme', { theme: 'xi5' });
    expect(io.reload).toHaveBeenCalledOnce();
    expect(io.replace).not.toHaveBeenCalled();
  });

  it('sends the browser to the error page in the classic location when the server refuses', async () => {
    const io = fakeIo(async () => { throw new Error('403'); });
    await switchToModern(io);
    expect(io.reload).not.toHaveBeenCalled();
    expect(io.replace).toHaveBeenCalledWith('/error.php');
  });

  it('names the error page under the base', () => {
    const io = fakeIo(async () => undefined);
    goToErrorPage(io);
    expect(io.replace).toHaveBeenCalledWith('/error.php');
  });
});
