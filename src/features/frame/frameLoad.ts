import { withBase } from '../../lib/base';

/**
 * Stand-ins that are never content: the service worker's page for one it could not fetch (public/offline.html), and
 * the server's page while it shuts down.
 */
const FAILED_MARKERS = 'meta[name="pharos-offline"], meta[name="pharos-unavailable"]';
/** Every server-rendered page of ours carries this, its own error pages (a 404 that explains itself) included. */
const PAGE_MARKER = 'meta[name="pharos-page"]';
/** An API answer or a bare error text is never a page to show, whatever its status. */
const ERROR_BODY = /json|^text\/plain/i;

/** The HTTP status of the frame's document, where the browser tells it (Navigation Timing's responseStatus). */
function statusOf(win: Window): number | undefined {
  const entry = win.performance?.getEntriesByType?.('navigation')[0] as (PerformanceEntry & { responseStatus?: number }) | undefined;
  return entry?.responseStatus || undefined;
}

/**
 * A document that is not a page to show: a JSON or text body, a stand-in, or a non-2xx answer that is not a page of
 * ours (a proxy's error page, a server closing).
 */
function isErrorDocument(win: Window): boolean {
  const doc = win.document;
  if (ERROR_BODY.test(doc.contentType) || doc.querySelector(FAILED_MARKERS)) return true;
  const status = statusOf(win);
  return status !== undefined && (status < 200 || status > 299) && !doc.querySelector(PAGE_MARKER);
}

/**
 * How a frame's load ended. Every frame target is same-origin, so a location we may not read is the browser's own
 * error page: the load failed, like the worker's offline page and any error document (issue 17: never shown). A classic page that fell back to the login form means
 * the session is gone. `blank` is a frame that has not loaded anything yet.
 */
export type FrameLoad = { kind: 'ok'; location: string } | { kind: 'failed' } | { kind: 'signedOut' } | { kind: 'blank' };

export function frameLoad(frame: HTMLIFrameElement): FrameLoad {
  try {
    const win = frame.contentWindow;
    const location = win?.location;
    if (!win || !location || location.href === 'about:blank') return { kind: 'blank' };
    if (isErrorDocument(win)) return { kind: 'failed' };
    if (location.pathname === withBase('login.php')) return { kind: 'signedOut' };
    return { kind: 'ok', location: location.pathname + location.search + location.hash };
  } catch {
    return { kind: 'failed' };
  }
}
