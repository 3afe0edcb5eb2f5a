import { useSignals } from '@preact/signals-react/runtime';
import { useT, type Translate } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import type { ConnectionModel } from './model';
import { useConnection } from './model';
import { clockTime } from './staleness';
import { useNow } from './useNow';
import './ConnectionIndicator.css';

/** What the indicator says: the state, the data's time, and when the next try is. */
export function indicatorText(connection: ConnectionModel, dataAt: number | undefined, now: number, t: Translate): string {
  const state = connection.state.value;
  const since = connection.since.value;
  const next = connection.nextProbeAt.value;
  const parts: string[] = [];
  if (state === 'offline') parts.push(t('connection.offline'));
  else if (state === 'signInNeeded') parts.push(t('connection.signInNeeded'));
  else parts.push(since === undefined ? t('connection.unreachable') : t('connection.unreachableSince', { time: clockTime(since) }));
  parts.push(dataAt === undefined ? t('connection.noData') : t('connection.dataFrom', { time: clockTime(dataAt) }));
  if (next !== undefined) parts.push(t('connection.retryingIn', { seconds: Math.max(0, Math.ceil((next - now) / 1000)) }));
  else parts.push(t('connection.retrying'));
  return parts.join(' · ');
}

/**
 * Issue 7: while the server cannot be trusted the shell says so, in words and with an icon (never colour alone),
 * with the time of the data on screen and a "Retry now".
 */
export function ConnectionIndicator({ dataAt }: { dataAt: number | undefined }) {
  useSignals();
  const t = useT();
  const connection = useConnection();
  const state = connection.state.value;
  const now = useNow(1000, state !== 'online');
  if (state === 'online') return null;
  return (
    <div className="connection-indicator" role="status" data-state={state} data-testid="connection-indicator">
      <Icon name={state === 'offline' ? 'offline' : 'warning'} />
      <span className="connection-indicator-text">{indicatorText(connection, connection.lastContactAt.value ?? dataAt, now, t)}</span>
      <Button variant="quiet" className="connection-indicator-retry" onPress={() => void connection.retryNow()}>{t('connection.retryNow')}</Button>
    </div>
  );
}
