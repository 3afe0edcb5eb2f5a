import { signal, type ReadonlySignal } from '@preact/signals-react';
import { withBase } from './base';
import { createModelContext } from './modelContext';

export interface ServiceWorkerClient {
  /** A new version of the app is installed and waiting; `applyUpdate()` switches to it. */
  readonly updateReady: ReadonlySignal<boolean>;
  /** Activates the waiting version and reloads the page once it controls it. */
  applyUpdate(): void;
  /** Asks the browser to look for a new version now (after an outage, and hourly for pages left open for days). */
  checkForUpdate(): void;
  /** Registers after `load` when the browser is idle: the worker only serves later visits. */
  registerWhenIdle(): void;
}

const HOURLY_MS = 60 * 60_000;
/** As long as workbox-window waited: a worker installed on a first visit activates at once, an update keeps waiting. */
const WAITING_CHECK_MS = 200;
/** What the worker listens for (sw/messages.ts). */
const SKIP_WAITING = { type: 'SKIP_WAITING' };

/**
 * The service-worker client, production builds only. The browser's own API does all the app needs (register, a waiting
 * version, skip waiting, update), so the first load carries no workbox-window (issue 19).
 */
export function createServiceWorkerClient(): ServiceWorkerClient {
  const updateReady = signal(false);
  let activate: (() => void) | undefined;
  let update: (() => void) | undefined;

  const register = async () => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const workers = navigator.serviceWorker;
    const registration = await workers.register(withBase('sw.js'), { scope: withBase('') });
    const offer = () => {
      activate = () => {
        workers.addEventListener('controllerchange', () => window.location.reload());
        registration.waiting?.postMessage(SKIP_WAITING);
      };
      updateReady.value = true;
    };
    // A version installed by an earlier page that still waits for its turn.
    if (registration.waiting) offer();
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed') setTimeout(() => { if (registration.waiting === worker) offer(); }, WAITING_CHECK_MS);
      });
    });
    update = () => { registration.update().catch(() => undefined); };
    setInterval(() => update?.(), HOURLY_MS);
  };

  return {
    updateReady,
    applyUpdate: () => activate?.(),
    checkForUpdate: () => update?.(),
    registerWhenIdle() {
      const run = () => {
        register().catch((error: unknown) => console.error('Service worker registration failed.', error));
      };
      const whenIdle = () => {
        if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
        else setTimeout(run, 0);
      };
      if (document.readyState === 'complete') whenIdle();
      else window.addEventListener('load', whenIdle, { once: true });
    },
  };
}

export const ServiceWorkerContext = createModelContext<ServiceWorkerClient>('ServiceWorkerClient');
export const useServiceWorker = ServiceWorkerContext.use;
