import { withBase } from '../../lib/base';
import { useT } from '../../lib/i18n';

/** The screen that replaces the whole app after a 401 (spec 4 and 8); logging in again returns to this page. */
export function SessionTimeout() {
  const t = useT();
  const back = window.location.pathname + window.location.search;
  return (
    <main className="app-message session-timeout">
      <p className="lead" role="alert">{t('session.timedOut', { defaultValue: 'Your session has timed out.' })}</p>
      <a className="button" href={`${withBase('login.php')}?redirect=${encodeURIComponent(back)}`}>{t('session.login', { defaultValue: 'Log in' })}</a>
    </main>
  );
}
