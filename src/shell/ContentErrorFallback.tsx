import { useT } from '../lib/i18n';
import { Button } from '../ui/Button';

/** Spec 8 "Application Error" for the content region: the rest of the shell keeps working around it. */
export function ContentErrorFallback() {
  const t = useT();
  return (
    <div className="content-error">
      <h2>{t('errors.applicationError')}</h2>
      <p className="content-error-lead">{t('errors.applicationErrorMessage')}</p>
      <p>{t('errors.switchThemeOrContact')}</p>
      <Button variant="primary" onPress={() => window.location.reload()}>{t('errors.reload')}</Button>
    </div>
  );
}
