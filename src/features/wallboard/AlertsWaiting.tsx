import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { Icon } from '../../ui/Icon';
import type { AlertWatch } from './alerts';

/**
 * Issue 35: while the rotation has its turn, the strip says that new problems wait for the next card, so a calm wall
 * never hides that something came in.
 */
export function AlertsWaiting({ watch }: { watch: Pick<AlertWatch, 'current' | 'waiting'> }) {
  useSignals();
  const t = useT();
  const count = watch.waiting.value;
  if (!count || watch.current.value) return null;
  return (
    <span className="wallboard-waiting" role="status" data-testid="wallboard-alerts-waiting">
      <Icon name="warning" /> {t('wallboard.alert.waiting', { count })}
    </span>
  );
}
