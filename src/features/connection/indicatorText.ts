import type { Translate } from '../../lib/i18n';
import type { ConnectionModel } from './model';
import { clockTime } from './staleness';

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
