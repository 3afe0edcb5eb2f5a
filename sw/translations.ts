import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

declare let self: ServiceWorkerGlobalScope;

const LANG_PREFIX = 'pharos-lang-';

/**
 * Translations change only with a release: the cached copy at once, refreshed in the background. The cache is named
 * after the build, so a new version starts with its own translations instead of the old ones.
 */
export function registerTranslationRoute(base: string, build: string): void {
  const cacheName = `${LANG_PREFIX}${build}`;
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(`${base}includes/lang/json/`),
    new StaleWhileRevalidate({ cacheName }),
    'GET',
  );
  self.addEventListener('activate', (event) => {
    event.waitUntil(caches.keys().then((names) => Promise.all(
      names.filter((name) => name.startsWith(LANG_PREFIX) && name !== cacheName).map((name) => caches.delete(name)),
    )));
  });
}
