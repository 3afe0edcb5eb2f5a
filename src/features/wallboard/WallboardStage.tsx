import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useT } from '../../lib/i18n';
import { UnavailablePanel } from '../../ui/UnavailablePanel';
import { frameLoad } from '../frame/frameLoad';
import { wallPageUrl } from './wallPageUrl';
import type { StageRequest } from './model';

/** A page that has not loaded after this long is shown as failed, and the rotation goes on. */
export const LOAD_TIMEOUT_MS = 30_000;

interface Slot extends StageRequest { state: 'loading' | 'shown' | 'failed' }

export interface WallboardStageProps {
  request: StageRequest | null;
  /**
   * Asks the server (a probe) whether it is there: a failed load then is the item's own failure (an error card), or an
   * outage, during which the last good page stays on screen.
   */
  confirmOnline: () => Promise<boolean>;
  /**
   * How each load ended: shown, failed (the browser's error page, the worker's offline page, or no load in time: the
   * server is likely gone), or signed out (a classic page fell back to the login form, which is never shown).
   */
  onResult: (seq: number, result: LoadResult) => void;
  /** This request is now what the screen shows: its page, or its error card. */
  onShown: (seq: number) => void;
  /** The pointer rests: the cursor hides over the pages too. */
  idle: boolean;
}

export type LoadResult = 'ok' | 'failed' | 'signedOut';

function loadResult(frame: HTMLIFrameElement): LoadResult {
  const load = frameLoad(frame);
  return load.kind === 'ok' ? 'ok' : load.kind === 'signedOut' ? 'signedOut' : 'failed';
}

/** The page's pointer and key events also reach the wallboard (controls, cursor, remote keys), whatever has focus. */
export const FRAME_POINTER_EVENT = 'pharos:frame-pointer';

function forwardEvents(frame: HTMLIFrameElement): void {
  const win = frame.contentWindow;
  if (!win) return;
  const pointer = () => window.dispatchEvent(new Event(FRAME_POINTER_EVENT));
  win.addEventListener('pointermove', pointer);
  win.addEventListener('pointerdown', pointer);
  win.addEventListener('keydown', (event) => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: event.key, altKey: event.altKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey }));
  });
  // The cursor hides over the page too while the pointer rests (the wallboard sets data-pharos-idle).
  const style = win.document.createElement('style');
  style.textContent = 'html[data-pharos-idle], html[data-pharos-idle] * { cursor: none !important; }';
  win.document.head?.append(style);
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
export function WallboardStage({ request, confirmOnline, onResult, onShown, idle }: WallboardStageProps) {
  const t = useT();
  const [slots, setSlots] = useState<Slot[]>([]);
  // The slots as last committed: a settle decides from them, then says what went on screen.
  const current = useRef<Slot[]>([]);
  const frames = useRef(new Map<number, HTMLIFrameElement>());
  const commit = (next: Slot[]) => {
    current.current = next;
    setSlots(next);
  };

  useEffect(() => {
    if (!request) return undefined;
    commit([...current.current.filter((s) => s.state !== 'loading'), { ...request, state: 'loading' }]);
    const timer = setTimeout(() => void settle(request.seq, 'failed'), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
    // settle only reads refs and the state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  async function settle(seq: number, result: LoadResult): Promise<void> {
    onResult(seq, result);
    const serverThere = result === 'failed' ? await confirmOnline() : true;
    const slot = current.current.find((s) => s.seq === seq);
    if (!slot || slot.state !== 'loading') return;
    const others = current.current.filter((s) => s.seq !== seq);
    // During an outage (or a lost session) the last good page stays: no error pages, no login forms.
    if (result !== 'ok' && (result === 'signedOut' || !serverThere) && others.length > 0) {
      empty(frames.current.get(seq));
      commit(others);
      return;
    }
    for (const old of others) empty(frames.current.get(old.seq));
    commit([{ ...slot, state: result === 'ok' ? 'shown' : 'failed' }]);
    onShown(seq);
  }

  useEffect(() => {
    for (const frame of frames.current.values()) {
      try {
        frame.contentDocument?.documentElement.toggleAttribute('data-pharos-idle', idle);
      } catch {
        // Not a page of ours (an error page): nothing to hide there.
      }
    }
  }, [idle, slots]);

  const onLoad = (seq: number) => (event: SyntheticEvent<HTMLIFrameElement>) => {
    const result = loadResult(event.currentTarget);
    if (result === 'ok') forwardEvents(event.currentTarget);
    void settle(seq, result);
  };

  return (
    <div className="wallboard-stage" data-testid="wallboard-stage">
      {slots.map((slot) => (slot.state === 'failed' ? (
        <UnavailablePanel
          key={slot.seq}
          className="wallboard-error-card"
          lead={t('wallboard.itemFailed', { title: slot.item.title })}
          detail={t('wallboard.itemFailedNext')}
          data-testid="wallboard-error"
        />
      ) : (
        <iframe
          key={slot.seq}
          ref={(el) => { if (el) frames.current.set(slot.seq, el); else frames.current.delete(slot.seq); }}
          name={`wallboard-${slot.seq}`}
          title={slot.item.title}
          src={wallPageUrl(slot.item.url)}
          data-state={slot.state}
          onLoad={onLoad(slot.seq)}
        />
      )))}
    </div>
  );
}
