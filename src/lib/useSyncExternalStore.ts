/**
 * Stands in for `use-sync-external-store/shim` (used by wouter and @preact/signals-react; see vite.config.ts):
 * on React 18+ that shim only hands out React's own hook, so the app ships the hook without the fallback.
 */
export { useSyncExternalStore } from 'react';
