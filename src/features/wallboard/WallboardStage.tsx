import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { withBase } from '../../lib/base';
import { useT } from '../../lib/i18n';
import type { StageRequest } from './model';

/** A page that has not loaded after this long is shown as failed, and the rotation goes on. */
export const LOAD_TIMEOUT_MS = 30_000;

interface Slot extends StageRequest { state: 'loading' | 'shown' | 'failed' }

export interface WallboardStageProps {
  request: StageRequest | null;
  /** Whether the connection is online now: a load that fails during an outage keeps the last good page instead. */
  isOnline: () => boolean;
  /** A classic page fell back to the login form: the session is gone (never shown in the frame). */
  onSignedOut: () => void;
}

type LoadResult = 'ok' | 'failed' | 'signedOut';

/** Every target is same-origin, so a location we may not read is the browser's error page. */
function loadResult(frame: HTMLIFrameElement): LoadResult {
  try {
    const win = frame.contentWindow;
    if (!win || win.location.href === 'about:blank') return 'failed';
    if (win.location.pathname === withBase('login.php')) return 'signedOut';
    return win.document.querySelector('meta[name="pharos-offline"]') ? 'failed' : 'ok';
  } catch {
    return 'failed';
  }
}

/** Empties a frame's document before its element goes, so nothing of it (timers, listeners, memory) lingers. */
function empty(frame: HTMLIFrameElement | undefined): void {
  try {
    frame?.contentWindow?.location.replace('about:blank');
  } catch {
    // Already gone or never ours: removing the element is enough.
  }
}

/**
 * Issue 8: each item loads in a second, hidden frame and is swapped in once loaded, so the screen never shows white
 * or a half-drawn page; the previous frame is emptied and removed, and no history entry is ever added.
 */
export function WallboardStage({ request, isOnline, onSignedOut }: WallboardStageProps) {
  const t = useT();
  const [slots, setSlots] = useState<Slot[]>([]);
  const frames = useRef(new Map<number, HTMLIFrameElement>());

  useEffect(() => {
    if (!request) return undefined;
    setSlots((prev) => [...prev.filter((s) => s.state !== 'loading'), { ...request, state: 'loading' }]);
    const timer = setTimeout(() => settle(request.seq, 'failed'), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
    // settle only reads refs and the state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  function settle(seq: number, result: LoadResult): void {
    if (result === 'signedOut') onSignedOut();
    setSlots((prev) => {
      const slot = prev.find((s) => s.seq === seq);
      if (!slot || slot.state !== 'loading') return prev;
      const others = prev.filter((s) => s.seq !== seq);
      // During an outage (or a lost session) the last good page stays: no error pages, no login forms.
      if (result !== 'ok' && (result === 'signedOut' || !isOnline()) && others.length > 0) {
        empty(frames.current.get(seq));
        return others;
      }
      for (const old of others) empty(frames.current.get(old.seq));
      return [{ ...slot, state: result === 'ok' ? 'shown' : 'failed' }];
    });
  }

  const onLoad = (seq: number) => (event: SyntheticEvent<HTMLIFrameElement>) => settle(seq, loadResult(event.currentTarget));

  return (
    <div className="wallboard-stage" data-testid="wallboard-stage">
      {slots.map((slot) => (slot.state === 'failed' ? (
        <div key={slot.seq} className="wallboard-error-card" role="alert" data-testid="wallboard-error">
          <p className="lead">{t('wallboard.itemFailed', { title: slot.item.title })}</p>
          <p>{t('wallboard.itemFailedNext')}</p>
        </div>
      ) : (
        <iframe
          key={slot.seq}
          ref={(el) => { if (el) frames.current.set(slot.seq, el); else frames.current.delete(slot.seq); }}
          name={`wallboard-${slot.seq}`}
          title={slot.item.title}
          src={slot.item.url}
          data-state={slot.state}
          onLoad={onLoad(slot.seq)}
        />
      )))}
    </div>
  );
}
