import type { WorkboxPlugin } from 'workbox-core';

/** Set on every answer the worker gives from its caches: the app must not take it as word from the server. */
export const STORED_HEADER = 'x-pharos-stored';

/** A stored answer reaching the page says so, so the connection model never counts it as contact with the server. */
export const markStored: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(STORED_HEADER, '1');
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};
