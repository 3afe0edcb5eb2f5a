import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { forgetSession, MENU_CACHE } from './session';
import { markStored } from './storedMark';

declare let self: ServiceWorkerGlobalScope & { cookieStore?: { get(name: string): Promise<{ value: string } | null> } };

const OWNER_COOKIE = 'pharos_user';

/** Whose menu this is: the server names the session's user in a readable cookie; '' when unknown. */
async function owner(): Promise<string> {
  try {
    return (await self.cookieStore?.get(OWNER_COOKIE))?.value ?? '';
  } catch {
    return '';
  }
}

/** Every cached menu is filed under its user, so one user's menu is never served to another. */
const perUser: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const user = await owner();
    const url = new URL(request.url);
    url.searchParams.set('pharos-owner', user);
    return url.href;
  },
  // A 401 means the session is over: its user's copies go, even if no page is left to drop them.
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401) await forgetSession().catch(() => undefined);
    return response;
  },
  // Without a known user nothing is stored.
  cacheWillUpdate: async ({ response }) => (response.status === 200 && (await owner()) !== '' ? response : null),
  cachedResponseWillBeUsed: async ({ cachedResponse }) => ((await owner()) !== '' ? cachedResponse : null),
};

/** The menu is the one API answer the worker keeps (spec 7 "cached as menu"): live when the server answers, else the user's last. */
export function registerMenuRoute(base: string): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === `${base}api/v2/app/menu`,
    new NetworkFirst({ cacheName: MENU_CACHE, plugins: [perUser, markStored] }),
    'GET',
  );
}
