/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerMenuRoute } from './menu';
import { listenForMessages } from './messages';
import { registerNavigationRoutes } from './navigation';
import { precacheShell } from './precache';
import { forgetOnLogout } from './session';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The worker's scope is the base: /nagiosxi/ unless PHAROS_BASE says otherwise. */
const base = new URL(self.registration.scope).pathname;

listenForMessages();
// The shell, the offline page and the translations (vite.config.ts) come with the build and change with it.
precacheShell(self.__WB_MANIFEST);
registerNavigationRoutes(base);
registerMenuRoute(base);
forgetOnLogout(base);
// Every other API call goes to the network as it is: the app keeps its own dated copies and shows their age.
// The first visit's page gets offline support without a reload.
clientsClaim();
