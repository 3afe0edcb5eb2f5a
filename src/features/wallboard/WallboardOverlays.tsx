import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { Icon } from '../../ui/Icon';
import { useConnection } from '../connection/model';
import { OutageLine } from '../connection/OutageLine';

/** Its text loads once the session is gone (WallboardNotices.tsx): the server has answered, so it can send it. */
const SignInNotice = lazy(() => import('./WallboardNotices').then((m) => ({ default: m.SignInNotice })));

/** While the server cannot be reached the last item stays, under a line that says so and when it retries. */
export function StaleOverlay({ dataAt }: { dataAt: number | undefined }) {
  useSignals();
  const state = useConnection().state.value;
  if (state !== 'unreachable' && state !== 'offline') return null;
  return <OutageLine className="wallboard-stale" dataAt={dataAt} data-testid="wallboard-stale" />;
}

/** Until the user's views have arrived, the screen says so: never a built-in list standing in for them. */
export function PlaylistLoading() {
  const t = useT();
  return (
    <div className="wallboard-loading" role="status" data-testid="wallboard-loading">
      <p className="lead">{t('wallboard.loading')}</p>
    </div>
  );
}

/** A 401 on a screen nobody watches: no login form, but what happened, when, and what to do; it resumes by itself. */
export function SignInNeeded() {
  useSignals();
  if (useConnection().state.value !== 'signInNeeded') return null;
  return <ErrorBoundary fallback={null}><Suspense fallback={null}><SignInNotice /></Suspense></ErrorBoundary>;
}

function canGoFullscreen(): boolean {
  if (typeof document.documentElement.requestFullscreen !== 'function' || document.fullscreenElement) return false;
  // An installed app or a kiosk browser is full screen already.
  return !window.matchMedia?.('(display-mode: fullscreen), (display-mode: standalone)').matches;
}

/**
 * Full screen needs a gesture: a small offer, once, that never blocks the rotation behind it. It has a place of its
 * own (issue 20): the end of the status strip, or without a strip the bottom corner of the stage, so it never lies
 * over a banner's close button or text, or a page's heading.
 */
export function FullscreenPrompt({ inStrip = false }: { inStrip?: boolean }) {
  const t = useT();
  const [shown, setShown] = useState(canGoFullscreen);
  if (!shown) return null;
  return (
    <div className={inStrip ? 'wallboard-fullscreen-offer' : 'wallboard-fullscreen-prompt'} data-testid="wallboard-fullscreen-prompt">
      <Button variant="primary" onPress={() => { setShown(false); void document.documentElement.requestFullscreen().catch(() => undefined); }}>
        {t('wallboard.fullscreen')}
      </Button>
      <Button variant="quiet" aria-label={t('wallboard.dismiss')} onPress={() => setShown(false)}><Icon name="close" /></Button>
    </div>
  );
}
