import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { markStored } from './storedMark';

/**
 * The app shell (index.html, wallboard.html, the hashed bundles, the offline page) is cached at install: hashed files never change,
 * so they are served from the cache first. Directory and "clean URL" guesses are off, so app routes still go through
 * the navigation rule (the server must see them to redirect logged-out visitors to the login page).
 */
export function precacheShell(manifest: Array<PrecacheEntry | string>): void {
  cleanupOutdatedCaches();
  addPlugins([markStored]);
  precacheAndRoute(manifest, { directoryIndex: '', cleanURLs: false });
}

/** The document the server would have answered: the wallboard has its own (without the shell's navigation code). */
export function cachedShell(base: string, pathname: string): Promise<Response | undefined> {
  const wallboard = pathname.slice(base.length).replace(/\/$/, '') === 'wallboard';
  return matchPrecache(`${base}${wallboard ? 'wallboard' : 'index'}.html`);
}

export function cachedPage(path: string): Promise<Response | undefined> {
  return matchPrecache(path);
}
