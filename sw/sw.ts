/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerMenuRoute } from './menu';
import { listenForMessages } from './messages';
import { registerNavigationRoutes } from './navigation';
import { buildId, precacheShell } from './precache';
import { forgetOnLogout } from './session';
import { registerTranslationRoute } from './translations';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The worker's scope is the base: /nagiosxi/ unless PHAROS_BASE says otherwise. */
const base = new URL(self.registration.scope).pathname;
const manifest = self.__WB_MANIFEST;

listenForMessages();
precacheShell(manifest);
registerNavigationRoutes(base);
registerMenuRoute(base);
registerTranslationRoute(base, buildId(manifest));
forgetOnLogout(base);
// Every other API call goes to the network as it is: the app keeps its own dated copies and shows their age.
// The first visit's page gets offline support without a reload.
clientsClaim();
