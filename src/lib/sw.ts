import { signal } from '@preact/signals-react';
import { withBase } from '../app/base';

/** A new version of the app is installed and waiting; `applyUpdate()` switches to it. */
export const updateReady = signal(false);
let activate: (() => void) | undefined;

/** Registers the service worker in production builds only (dev serves modules the worker must not cache). */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Loaded after first paint: nothing on screen needs it.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(withBase('sw.js'), { scope: withBase('') });
  wb.addEventListener('waiting', () => {
    activate = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    updateReady.value = true;
  });
  await wb.register();
}

export function applyUpdate(): void {
  activate?.();
}

/**
 * The worker only serves later visits, so it (and workbox-window) waits until the page has loaded and the
 * browser is idle, instead of competing with the first paint's requests.
 */
export function registerServiceWorkerWhenIdle(): void {
  const register = () => {
    registerServiceWorker().catch((error: unknown) => console.error('Service worker registration failed.', error));
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
