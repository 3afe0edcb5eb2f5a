import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';

/** Spec 8: a dialog's code did not load (offline, new deployment); only a reload fetches it again. */
export function LoadFailed({ message }: { message: string }) {
  const t = useT();
  return (
    <span role="alert" className="region-fallback">
      {message} <Button onPress={() => window.location.reload()}>{t('errors.reload')}</Button>
    </span>
  );
}
