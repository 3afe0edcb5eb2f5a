import { registerRoute } from 'workbox-routing';
import { APP_ROUTE_PATHS } from '../src/lib/appRoutes';
import { GATEWAY_DOWN } from '../src/lib/gatewayDown';
import { cachedPage, cachedShell } from './precache';

declare let self: ServiceWorkerGlobalScope;

const NAVIGATION_TIMEOUT_MS = 4000;

export function isAppRoute(pathname: string, base: string): boolean {
  return pathname.startsWith(base) && APP_ROUTE_PATHS.includes(pathname.slice(base.length));
}

function fetchWithin(request: Request, ms: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    fetch(request).then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export function registerNavigationRoutes(base: string): void {
  // App routes: the network first, so the server can still redirect to login; the cached shell when it does not answer
  // (or answers that it cannot: the cached shell says so and recovers by itself, the server's page would stay).
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isAppRoute(url.pathname, base),
    async ({ request, url }) => {
      let response: Response;
      try {
        response = await fetchWithin(request, NAVIGATION_TIMEOUT_MS);
      } catch {
        return (await cachedShell(base, url.pathname)) ?? Response.error();
      }
      return GATEWAY_DOWN.has(response.status) ? (await cachedShell(base, url.pathname)) ?? response : response;
    },
  );

  // Classic pages (in the frame or popped out) are never cached: live or a plain "not available offline" page,
  // never the browser's error page, which the app could not tell from a page and which never clears.
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && url.pathname.startsWith(base) && !isAppRoute(url.pathname, base),
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await cachedPage(`${base}offline.html`)) ?? Response.error();
      }
    },
  );
}
