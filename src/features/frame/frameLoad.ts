import { withBase } from '../../lib/base';

/** The service worker's stand-in for a page it could not fetch (public/offline.html) carries this marker. */
const OFFLINE_MARKER = 'meta[name="pharos-offline"]';

/**
 * How a frame's load ended. Every frame target is same-origin, so a location we may not read is the browser's own
 * error page: the load failed, like the worker's offline page. A classic page that fell back to the login form means
 * the session is gone. `blank` is a frame that has not loaded anything yet.
 */
export type FrameLoad = { kind: 'ok'; location: string } | { kind: 'failed' } | { kind: 'signedOut' } | { kind: 'blank' };

export function frameLoad(frame: HTMLIFrameElement): FrameLoad {
  try {
    const win = frame.contentWindow;
    const location = win?.location;
    if (!win || !location || location.href === 'about:blank') return { kind: 'blank' };
    if (win.document.querySelector(OFFLINE_MARKER)) return { kind: 'failed' };
    if (location.pathname === withBase('login.php')) return { kind: 'signedOut' };
    return { kind: 'ok', location: location.pathname + location.search + location.hash };
  } catch {
    return { kind: 'failed' };
  }
}
