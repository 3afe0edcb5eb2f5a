import { delMany, keys } from 'idb-keyval';
import { PERSIST_PREFIX } from '../src/lib/persistKeys';

declare let self: ServiceWorkerGlobalScope;

/** The one API answer the worker keeps, filed per user (menu.ts). */
export const MENU_CACHE = 'pharos-menu';

/** The session is over: what was stored for its user (the menu here, the app's own copies in IndexedDB) goes with it. */
export async function forgetSession(): Promise<void> {
  await caches.delete(MENU_CACHE);
  const stored = await keys();
  await delMany(stored.filter((key) => String(key).startsWith(PERSIST_PREFIX)));
}

/** Logging out ends the session, also when the page that asked is gone before it could clean up. */
export function forgetOnLogout(base: string): void {
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (event.request.mode === 'navigate' && url.pathname === `${base}login.php` && url.searchParams.has('logout')) {
      event.waitUntil(forgetSession().catch(() => undefined));
    }
  });
}
