import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Issue 17: while the server closes, no frame may show an error document. Fastify's own answer during close is a JSON
 * 503 (`return503OnClosing`), which Chromium shows in its JSON viewer, and connections kept alive by browsers kept it
 * answering that for as long as their keep-alive lasted (72 s). So the app builds Fastify with
 * `return503OnClosing: false` and this module answers instead: a small HTML page for pages, JSON only for API calls,
 * and every connection is closed within CLOSE_GRACE_MS.
 */

/** How long requests already under way get to finish once closing starts, before their connections are cut. */
export const CLOSE_GRACE_MS = 3000;
/** What clients are told to wait; a restart takes a few seconds. */
export const RETRY_AFTER_SECONDS = 5;
/** The marker the app (and its frames' watchers) look for to tell this page from a real one. */
export const UNAVAILABLE_MARKER = 'pharos-unavailable';
export const UNAVAILABLE_MESSAGE = 'Pharos is restarting. This page will be back shortly.';

/**
 * A navigation of the whole window, not a frame's (Fetch Metadata; a browser that does not send it is treated as a
 * frame). Only such a page may reload itself: in a frame, the app decides when to load it again.
 */
export function isTopLevelNavigation(req: Pick<FastifyRequest, 'headers'>): boolean {
  return req.headers['sec-fetch-dest'] === 'document';
}

/**
 * No script, no stylesheet, nothing to fetch: the server that would serve them is going away. As the whole window it
 * loads itself again after the retry time, so someone without the app's worker (a first visit) does not keep it
 * after the server is back.
 */
export function unavailablePage(topLevel: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="${UNAVAILABLE_MARKER}" content="restarting">
${topLevel ? `<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">\n` : ''}<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pharos is restarting</title>
</head>
<body style="font-family: sans-serif; margin: 2rem">
<p role="status">${UNAVAILABLE_MESSAGE}</p>
</body>
</html>
`;
}

/** Calls whose callers read JSON (the app's API and the classic ajax helpers); everything else may land in a frame. */
export function wantsJson(req: Pick<FastifyRequest, 'url' | 'headers'>): boolean {
  const path = req.url.split('?')[0]!;
  if (path.includes('/api/') || path.includes('ajaxhelper.php')) return true;
  return (req.headers.accept ?? '').includes('application/json');
}

/** Registers the closing answers; call it before any other hook so nothing else runs for a request we refuse. */
export function registerClosing(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): void {
  let closing = false;
  let deadline: NodeJS.Timeout | undefined;

  // preClose runs on every path to close (Server.close, app.close in tests), before Fastify stops listening.
  app.addHook('preClose', async () => {
    closing = true;
    // Node's server.close() drops idle keep-alive connections itself; a request under way keeps its connection
    // until it ends. A slow one must not hold the shutdown (and a service manager's stop timeout) hostage.
    deadline = setTimeout(() => app.server.closeAllConnections(), graceMs);
    deadline.unref();
  });
  app.addHook('onClose', async () => clearTimeout(deadline));

  app.addHook('onRequest', async (req, reply) => {
    if (!closing) return;
    reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
    if (wantsJson(req)) return reply.send({ message: UNAVAILABLE_MESSAGE });
    return reply.type('text/html; charset=utf-8').send(unavailablePage(isTopLevelNavigation(req)));
  });

  // A request that began before closing would leave its connection idle and open afterwards, and the browser would
  // send its next request on it; `Connection: close` ends the connection with the answer instead.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
