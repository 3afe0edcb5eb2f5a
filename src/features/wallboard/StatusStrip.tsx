import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { Icon } from '../../ui/Icon';
import { indicatorText } from '../connection/indicatorText';
import { useConnection } from '../connection/model';
import { clockTime } from '../connection/staleness';
import { useNow } from '../connection/useNow';
import { useShellData } from '../shellData/shellData';
import type { WallboardModel } from './model';
import { EnginesSilent } from './EnginesSilent';
import { ProblemTotals } from './ProblemTotals';

/** Only when a parameter was left out (WallboardNotices.tsx). */
const NoticeList = lazy(() => import('./WallboardNotices').then((m) => ({ default: m.NoticeList })));

/** Issue 8: the slim strip: clock, item and position, countdown, problem totals, connection and data age, notices. */
export function StatusStrip({ model, offer, note }: { model: WallboardModel; offer?: ReactNode; note?: ReactNode }) {
  useSignals();
  const t = useT();
  const connection = useConnection();
  const now = useNow(1000);
  const system = useShellData().systemStatus;
  // The strip describes the screen: the item drawn there, never one still loading or one that never loaded.
  const current = model.onScreen.value ?? model.stage.value?.item;
  const loading = model.loading.value;
  const running = model.rotation.running.value;
  const notices = model.notices.value;
  const online = connection.state.value === 'online';
  const contactAt = connection.lastContactAt.value ?? system.updatedAt.value;
  // In an outage, the age of what the wall shows (as the line over the page says), not of the last answer: the
  // wallboard's watch gets answers between its data polls.
  const dataAt = system.updatedAt.value ?? contactAt;
  return (
    <div className="wallboard-strip" role="region" aria-label={t('wallboard.strip')} data-testid="wallboard-strip">
      <time className="wallboard-clock" data-testid="wallboard-clock">{clockTime(now)}</time>
      <span className="wallboard-title" data-testid="wallboard-title">{loading ? t('wallboard.loading') : current?.title ?? ''}</span>
      {!loading && <span className="wallboard-position" data-testid="wallboard-position">{t('wallboard.position', { position: model.position.value, count: model.count.value })}</span>}
      {model.builtIn.value && <span className="wallboard-builtin" data-testid="wallboard-builtin">{t('wallboard.builtIn.note')}</span>}
      <span role="timer" className="wallboard-countdown" data-testid="wallboard-countdown">
        {running ? t('wallboard.countdown', { seconds: model.rotation.countdown.value }) : t('wallboard.paused')}
      </span>
      {note}
      <ProblemTotals kind="host" />
      <ProblemTotals kind="service" />
      <EnginesSilent />
      <span className="wallboard-connection" data-state={connection.state.value} data-testid="wallboard-connection">
        <Icon name={online ? 'success' : connection.state.value === 'offline' ? 'offline' : 'warning'} />
        {online ? t('wallboard.live', { time: contactAt === undefined ? '–' : clockTime(contactAt) }) : indicatorText(connection, dataAt, now, t)}
      </span>
      {notices.length > 0 && (
        <span className="wallboard-notice" data-testid="wallboard-notice">
          {t('wallboard.ignored', { name: notices[0]!.name, value: notices[0]!.value, rule: t(notices[0]!.rule) })}
          {notices.length > 1 && ` ${t('wallboard.ignoredMore', { count: notices.length - 1 })}`}
        </span>
      )}
      {notices.length > 0 && <ErrorBoundary fallback={null}><Suspense fallback={null}><NoticeList notices={notices} /></Suspense></ErrorBoundary>}
      {offer}
    </div>
  );
}
