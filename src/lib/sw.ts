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

/** The service-worker client (workbox-window, loaded after first paint); production builds only. */
export function createServiceWorkerClient(): ServiceWorkerClient {
  const updateReady = signal(false);
  let activate: (() => void) | undefined;
  let update: (() => void) | undefined;

  const register = async () => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox(withBase('sw.js'), { scope: withBase('') });
    wb.addEventListener('waiting', () => {
      activate = () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      };
      updateReady.value = true;
    });
    update = () => { wb.update().catch(() => undefined); };
    await wb.register();
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
