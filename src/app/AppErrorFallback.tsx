import { useT } from '../lib/i18n';

/** Spec 8 "Application Error": what the whole app shows when rendering it failed. */
export function AppErrorFallback() {
  const t = useT();
  return (
    <main className="app-message" role="alert">
      <h1>{t('errors.applicationError', { defaultValue: 'Application Error' })}</h1>
      <p className="lead">{t('errors.applicationErrorMessage', { defaultValue: 'An unexpected error occurred while loading the main application frame.' })}</p>
      <p>{t('errors.switchThemeOrContact', { defaultValue: 'If reloading does not help, switch to another theme in your account settings or contact support.' })}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('errors.reload', { defaultValue: 'Reload' })}
      </button>
    </main>
  );
}
