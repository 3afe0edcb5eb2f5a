import { useEffect, type ReactNode } from 'react';
import { ApiError, isAbortError } from '../../lib/http';
import { inOwnTask } from '../../lib/ownTask';
import { useTheme } from './model';

/**
 * Keeps the document root's theme class in step and replaces the stored theme with the account's once fetched.
 * A failed load keeps the stored theme and marks it (`accountFailed`); the shell shows spec 8's account-settings
 * dialog for it (AccountThemeFailure), so the wallboard's document carries none of the dialog's code.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const model = useTheme();
  useEffect(() => model.bindThemeClass(), [model]);
  useEffect(() => inOwnTask(() => {
    const controller = new AbortController();
    model.loadAccountTheme(controller.signal).catch((error: unknown) => {
      if (controller.signal.aborted || isAbortError(error)) return;
      console.error('Failed to load the account theme.', error);
      // An outage is the connection indicator's to tell (and the stored theme stays); only a real failure is a dialog.
      if (error instanceof ApiError && (error.status === 0 || error.status >= 502)) return;
      model.accountFailed.value = true;
    });
    return () => controller.abort();
  }), [model]);
  return children;
}
