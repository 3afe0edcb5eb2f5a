import { withBase } from '../../lib/base';
import type { HttpClient } from '../../lib/http';

/** Spec 2.15: the classic location of the error page, which the product's server renders itself. */
export const ERROR_PAGE = 'error.php';

export interface SwitchIo {
  post(path: string, form: Record<string, string>): Promise<unknown>;
  reload(): void;
  replace(url: string): void;
}

const browserNavigation: Pick<SwitchIo, 'reload' | 'replace'> = {
  reload: () => window.location.reload(),
  replace: (url) => window.location.replace(url),
};

/** The browser's side of the switch: the post goes through the app's client (nsp, XSRF header). */
export function browserSwitchIo(http: Pick<HttpClient, 'post'>): SwitchIo {
  return { ...browserNavigation, post: (path, form) => http.post(path, form) };
}

/** The browser leaves the modern app for the error page (spec 2.15): replaced, so Back does not return to the failure. */
export function goToErrorPage(io: Pick<SwitchIo, 'replace'> = browserNavigation): void {
  io.replace(withBase(ERROR_PAGE));
}

/**
 * Spec 7/8 "Switch to Modern": saves the account theme xi5, whose pages the server renders itself, then reloads.
 * If the server does not take it, the browser goes to the error page.
 */
export async function switchToModern(io: SwitchIo): Promise<void> {
  try {
    await io.post('api/v2/account/theme', { theme: 'xi5' });
  } catch {
    goToErrorPage(io);
    return;
  }
  io.reload();
}
