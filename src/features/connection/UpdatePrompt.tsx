import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { useServiceWorker } from '../../lib/sw';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';

/** Issue 7: a waiting new version is offered, never forced; accepting activates it and reloads. */
export function UpdatePrompt() {
  useSignals();
  const t = useT();
  const sw = useServiceWorker();
  if (!sw.updateReady.value) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <Icon name="update" />
      <span>{t('connection.updateReady')}</span>
      <Button variant="primary" onPress={sw.applyUpdate}>{t('connection.reload')}</Button>
    </div>
  );
}
