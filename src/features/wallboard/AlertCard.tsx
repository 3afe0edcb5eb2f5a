import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { useT, type Translate } from '../../lib/i18n';
import { Icon } from '../../ui/Icon';
import { clockTime } from '../connection/staleness';
import { isGroup, problemKey, type Alert, type AlertGroup, type AlertWatch, type Problem } from './alerts';
import './AlertCard.css';

/** Rows a storm's card lists; the rest are counted, with their hosts named. */
export const LISTED_ROWS = 8;
const NAMED_HOSTS = 3;

const stateWords = (p: Problem, t: Translate) => t(`wallboard.alert.state.${p.state}${p.service ? 's' : 'h'}`);

/** "2h 5m", "4m 12s", "45s": how long a problem lasted, at a glance. */
export function lasted(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${s}s`;
}

/**
 * Issue 10: a new hard problem interrupts the rotation with this card: host, service, the state with its icon and
 * words, the plugin output (as text: React escapes it), when it started and when this screen saw it. Issue 17: a
 * storm is one card listing the problems, worst first.
 */
export function AlertCard({ watch }: { watch: Pick<AlertWatch, 'current' | 'waiting'> }) {
  useSignals();
  const t = useT();
  const card = watch.current.value;
  if (!card) return null;
  const waiting = watch.waiting.value;
  const more = waiting > 0 && <span>{t('wallboard.alert.more', { count: waiting })}</span>;
  return isGroup(card) ? <StormCard group={card} more={more} t={t} /> : <ProblemCard alert={card} more={more} t={t} />;
}

function ProblemCard({ alert, more, t }: { alert: Alert; more: ReactNode; t: Translate }) {
  if (alert.recovered) return <RecoveryCard alert={alert} t={t} />;
  return (
    <div className="wallboard-alert" role="alert" data-testid="wallboard-alert">
      <p className="wallboard-alert-banner">
        <Icon name="warning" />
        <span>{t('wallboard.alert.new')}</span>
      </p>
      <Subject alert={alert} t={t} />
      <p className="wallboard-alert-state" data-testid="wallboard-alert-state">
        <Icon name="warning" /> {stateWords(alert, t)}
      </p>
      <p className="wallboard-alert-output" data-testid="wallboard-alert-output">{alert.output}</p>
      <p className="wallboard-alert-times">
        <span>{t('wallboard.alert.since', { time: clockTime(alert.since) })}</span>
        <span>{t('wallboard.alert.detected', { time: clockTime(alert.detectedAt) })}</span>
        {more}
      </p>
    </div>
  );
}

function Subject({ alert, t }: { alert: Alert; t: Translate }) {
  return (
    <>
      <h1>
        <span data-testid="wallboard-alert-host">{alert.host}</span>
        {alert.service && <> · <span data-testid="wallboard-alert-service">{alert.service}</span></>}
      </h1>
      {alert.engine !== undefined && <p className="wallboard-alert-engine" data-testid="wallboard-alert-engine">{t('wallboard.alert.engine', { engine: alert.engine })}</p>}
    </>
  );
}

/**
 * Issue 35: a recovery is short news: what recovered and after how long. The problem's output is gone from it, since
 * under "Recovered" it would read as current.
 */
function RecoveryCard({ alert, t }: { alert: Alert; t: Translate }) {
  const at = alert.recoveredAt ?? alert.detectedAt;
  return (
    <div className="wallboard-alert" role="alert" data-recovered data-testid="wallboard-alert">
      <p className="wallboard-alert-banner">
        <Icon name="success" />
        <span>{t('wallboard.alert.recovered')}</span>
      </p>
      <Subject alert={alert} t={t} />
      <p className="wallboard-alert-state" data-testid="wallboard-alert-state">
        <Icon name="success" /> {t('wallboard.alert.recoveredAfter', { duration: lasted(at - alert.since) })}
      </p>
      <p className="wallboard-alert-times">
        <span>{t('wallboard.alert.since', { time: clockTime(alert.since) })}</span>
        <span>{t('wallboard.alert.recoveredAt', { time: clockTime(at) })}</span>
      </p>
    </div>
  );
}

/** "host · service — state" for the worst few, then "+4 more on host-a, host-b…": the hosts say where it is. */
function StormCard({ group, more, t }: { group: AlertGroup; more: ReactNode; t: Translate }) {
  const { problems } = group;
  const rows = problems.slice(0, LISTED_ROWS);
  const rest = problems.slice(LISTED_ROWS);
  const hosts = [...new Set(rest.map((p) => p.host))];
  const named = hosts.slice(0, NAMED_HOSTS).join(', ') + (hosts.length > NAMED_HOSTS ? '…' : '');
  return (
    <div className="wallboard-alert wallboard-alert-storm" role="alert" data-testid="wallboard-alert" data-count={problems.length}>
      <p className="wallboard-alert-banner">
        <Icon name="warning" />
        <span>{t('wallboard.alert.storm')}</span>
      </p>
      <h1>
        {group.waitedSince === undefined
          ? t('wallboard.alert.count', { count: problems.length })
          : t('wallboard.alert.countSince', { count: problems.length, time: clockTime(group.waitedSince) })}
      </h1>
      <ul className="wallboard-alert-list" data-testid="wallboard-alert-list">
        {rows.map((p) => (
          <li key={problemKey(p)} data-kind={p.service ? 'service' : 'host'} data-state={p.state} data-recovered={p.recovered || undefined}>
            <Icon name={p.recovered ? 'success' : 'warning'} />{' '}
            <span className="wallboard-alert-subject">{p.service ? `${p.host} · ${p.service}` : p.host}</span>{' '}
            {p.engine !== undefined && <><span className="wallboard-alert-engine">({p.engine})</span>{' '}</>}
            <span className="wallboard-alert-row-state">— {p.recovered ? t('wallboard.alert.recovered') : stateWords(p, t)}</span>
          </li>
        ))}
      </ul>
      {rest.length > 0 && <p className="wallboard-alert-rest">{t('wallboard.alert.moreOn', { count: rest.length, hosts: named })}</p>}
      <p className="wallboard-alert-times">
        <span>{t('wallboard.alert.detected', { time: clockTime(group.detectedAt) })}</span>
        {more}
      </p>
    </div>
  );
}
