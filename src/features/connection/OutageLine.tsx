import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { indicatorText } from './indicatorText';
import { useConnection } from './model';
import { useNow } from './useNow';
import './OutageLine.css';

export interface OutageLineProps {
  /**
   * When the data on screen was fetched (the system status's last answer, as the wall's strip and the status menu's
   * "stale, from" say); the last answer of any kind only when no data came yet. A watch probe's answer is not data.
   */
  dataAt: number | undefined;
  /** Where the line sits: the shell's bar under the top bar, or the wallboard's box over the stage. */
  className: string;
  'data-testid': string;
}

/**
 * Issue 7: while the server cannot be trusted the app says so, in words and with an icon (never colour alone), with
 * the time of the data on screen and a "Retry now". The shell's indicator and the wallboard's overlay both show this
 * line (and its CSS), placed and sized by their own class; render it only while it applies.
 */
export function OutageLine({ dataAt, className, ...rest }: OutageLineProps) {
  useSignals();
  const t = useT();
  const connection = useConnection();
  const state = connection.state.value;
  const now = useNow(1000);
  return (
    <div className={`outage-line ${className}`} role="status" data-state={state} data-testid={rest['data-testid']}>
      <Icon name={state === 'offline' ? 'offline' : 'warning'} />
      <span className="outage-line-text">{indicatorText(connection, dataAt ?? connection.lastContactAt.value, now, t)}</span>
      <Button variant="quiet" className="outage-line-retry" onPress={() => void connection.retryNow()}>{t('connection.retryNow')}</Button>
    </div>
  );
}
