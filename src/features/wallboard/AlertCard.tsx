import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { Icon } from '../../ui/Icon';
import { clockTime } from '../connection/staleness';
import type { AlertWatch } from './alerts';

/**
 * Issue 10: a new hard problem interrupts the rotation with this card: host, service, the state with its icon and
 * words, the plugin output (as text: React escapes it), when it started and when this screen saw it.
 */
export function AlertCard({ watch }: { watch: Pick<AlertWatch, 'current' | 'waiting'> }) {
  useSignals();
  const t = useT();
  const alert = watch.current.value;
  if (!alert) return null;
  const waiting = watch.waiting.value;
  const state = t(`wallboard.alert.state.${alert.state}${alert.service ? 's' : 'h'}`);
  return (
    <div className="wallboard-alert" role="alert" data-recovered={alert.recovered || undefined} data-testid="wallboard-alert">
      <p className="wallboard-alert-banner">
        <Icon name={alert.recovered ? 'success' : 'warning'} />
        <span>{alert.recovered ? t('wallboard.alert.recovered') : t('wallboard.alert.new')}</span>
      </p>
      <h1>
        <span data-testid="wallboard-alert-host">{alert.host}</span>
        {alert.service && <> · <span data-testid="wallboard-alert-service">{alert.service}</span></>}
      </h1>
      <p className="wallboard-alert-state" data-testid="wallboard-alert-state">
        <Icon name={alert.recovered ? 'success' : 'warning'} /> {alert.recovered ? t('wallboard.alert.recovered') : state}
      </p>
      <p className="wallboard-alert-output" data-testid="wallboard-alert-output">{alert.output}</p>
      <p className="wallboard-alert-times">
        <span>{t('wallboard.alert.since', { time: clockTime(alert.since) })}</span>
        <span>{t('wallboard.alert.detected', { time: clockTime(alert.detectedAt) })}</span>
        {waiting > 0 && <span>{t('wallboard.alert.more', { count: waiting })}</span>}
      </p>
    </div>
  );
}
