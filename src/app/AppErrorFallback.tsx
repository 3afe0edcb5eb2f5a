import { ErrorActions } from '../features/errors/ErrorActions';
import { useT } from '../lib/i18n';

/**
 * Spec 8: what shows when the whole app cannot start ('Failed to load {product}.'), with the Application Error text,
 * Reload and Switch to Modern. Nothing here needs the app's models, which may be what failed: only the translations
 * and the http client, whose providers sit outside the app's error boundary.
 */
export function AppErrorFallback() {
  const t = useT();
  const product = t('errors.productFallback', { defaultValue: 'Pharos' });
  return (
    <main className="app-message" role="alert" data-testid="app-error">
      <h1>{t('errors.productFailed', { product, defaultValue: `Failed to load ${product}.` })}</h1>
      <p className="lead">{t('errors.applicationError', { defaultValue: 'Application Error' })}: {t('errors.applicationErrorMessage', { defaultValue: 'An unexpected error occurred while loading the main application frame.' })}</p>
      <p>{t('errors.switchThemeOrContact', { defaultValue: 'If reloading does not help, switch to another theme in your account settings or contact support.' })}</p>
      <ErrorActions />
    </main>
  );
}
