import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { ErrorDialog } from '../errors/ErrorDialog';
import { useTheme } from './model';

/** Spec 8's account-settings error dialog, while the account's theme could not be loaded (ThemeProvider). */
export function AccountThemeFailure() {
  useSignals();
  const t = useT();
  const model = useTheme();
  if (!model.accountFailed.value) return null;
  return <ErrorDialog message={t('errors.accountSettingsFailed')} onClose={() => { model.accountFailed.value = false; }} />;
}
