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

/** The service-worker client (registered after first paint); production builds only. */
export function createServiceWorkerClient(): ServiceWorkerClient {
  const updateReady = signal(false);
  let activate: (() => void) | undefined;
  let update: (() => void) | undefined;

  const register = async () => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    // The browser's own API rather than workbox-window (issue 19: 2 KiB of every first load): a version waiting to
    // take over is offered, and accepting it tells the worker to skip waiting (sw/messages.ts) and reloads the page.
    const sw = navigator.serviceWorker;
    const registration = await sw.register(withBase('sw.js'), { scope: withBase('') });
    const offer = (waiting: ServiceWorker) => {
      activate = () => {
        sw.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        waiting.postMessage({ type: 'SKIP_WAITING' });
      };
      updateReady.value = true;
    };
    if (registration.waiting) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      // Installed and still waiting a moment later: an update (a first install activates at once).
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') setTimeout(() => { if (registration.waiting === installing) offer(installing); }, 200);
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
