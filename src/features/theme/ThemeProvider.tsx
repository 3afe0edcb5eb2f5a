import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { ApiError, isAbortError } from '../../lib/http';
import { inOwnTask } from '../../lib/ownTask';
import { ErrorDialog } from '../errors/ErrorDialog';
import { useTheme } from './model';

/**
 * Keeps the document root's theme class in step and replaces the stored theme with the account's once fetched.
 * A failed load keeps the stored theme and says so with spec 8's account-settings error dialog.
 */
export function ThemeProvider({ children, reportFailure = true }: { children: ReactNode; reportFailure?: boolean }) {
  const model = useTheme();
  const t = useT();
  const [failed, setFailed] = useState(false);
  useEffect(() => model.bindThemeClass(), [model]);
  useEffect(() => inOwnTask(() => {
    const controller = new AbortController();
    model.loadAccountTheme(controller.signal).catch((error: unknown) => {
      if (controller.signal.aborted || isAbortError(error)) return;
      console.error('Failed to load the account theme.', error);
      // An outage is the connection indicator's to tell (and the stored theme stays); only a real failure is a dialog.
      if (error instanceof ApiError && (error.status === 0 || error.status >= 502)) return;
      setFailed(true);
    });
    return () => controller.abort();
  }), [model]);
  return (
    <>
      {children}
      {failed && reportFailure && <ErrorDialog message={t('errors.accountSettingsFailed')} onClose={() => setFailed(false)} />}
    </>
  );
}
