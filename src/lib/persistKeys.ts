/** IndexedDB keys of values persisted by resources; the service worker removes the same prefix on logout. */
export const PERSIST_PREFIX = 'pharos:resource:';
