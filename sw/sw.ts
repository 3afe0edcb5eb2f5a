/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { listenForMessages } from './messages';
import { precacheShell } from './precache';
import { registerRoutes } from './routes';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The worker's scope is the base: /nagiosxi/ unless PHAROS_BASE says otherwise. */
const base = new URL(self.registration.scope).pathname;

listenForMessages();
precacheShell(self.__WB_MANIFEST);
registerRoutes(base);
// The first visit's page gets offline support without a reload.
clientsClaim();
