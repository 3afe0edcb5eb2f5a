import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core';
import { delMany, keys } from 'idb-keyval';
import { PERSIST_PREFIX } from '../src/lib/persistKeys';
import { APP_ROUTE_PATHS } from '../src/app/appRoutes';
import { cachedShell } from './precache';

declare let self: ServiceWorkerGlobalScope;

export const API_CACHE = 'pharos-api';
export const LANG_CACHE = 'pharos-lang';
const NAVIGATION_TIMEOUT_MS = 4000;
const API_TIMEOUT_SECONDS = 4;

export function isAppRoute(pathname: string, base: string): boolean {
  return pathname.startsWith(base) && APP_ROUTE_PATHS.includes(pathname.slice(base.length));
}

function fetchWithin(request: Request, ms: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    fetch(request).then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** The session is over: what was cached for it (API answers, the app's stored auth and menu) must not reach the next user. */
async function forgetSession(): Promise<void> {
  await caches.delete(API_CACHE);
  const stored = await keys();
  await delMany(stored.filter((key) => String(key).startsWith(PERSIST_PREFIX)));
}

const forgetOnLogout: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401) await forgetSession().catch(() => undefined);
    return response;
  },
};

export function registerRoutes(base: string): void {
  // App routes: the network first, so the server can still redirect to login; the cached shell when offline.
  // login.php, the API and the classic .php pages are not app routes, so they always go to the network.
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isAppRoute(url.pathname, base),
    async ({ request }) => {
      try {
        return await fetchWithin(request, NAVIGATION_TIMEOUT_MS);
      } catch {
        return (await cachedShell(base)) ?? Response.error();
      }
    },
  );

  // API reads: fresh when the server answers quickly, the last answer when it does not (offline first paint).
  // Only GETs are routed, so writes are never cached.
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(`${base}api/`),
    new NetworkFirst({
      cacheName: API_CACHE,
      networkTimeoutSeconds: API_TIMEOUT_SECONDS,
      plugins: [forgetOnLogout, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })],
    }),
    'GET',
  );

  // Translations change only with a release: serve the cached copy at once and refresh it in the background.
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(`${base}includes/lang/json/`),
    new StaleWhileRevalidate({ cacheName: LANG_CACHE }),
    'GET',
  );

  // Logging out ends the session: its cached API answers go with it.
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (event.request.mode === 'navigate' && url.pathname === `${base}login.php` && url.searchParams.has('logout')) {
      event.waitUntil(forgetSession().catch(() => undefined));
    }
  });
}
