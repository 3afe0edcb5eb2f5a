import { lazy, type LazyExoticComponent } from 'react';

/** The top bar's menus' items (topBarItems.tsx): one chunk, loaded with the first of those menus to open. */
const loadTopBarItems = () => import('./topBarItems');

type TopBarItems = Awaited<ReturnType<typeof loadTopBarItems>>;

/** For a menu trigger's `preload`: the items' code starts loading with the overlay code. */
export function preloadTopBarItems(): void {
  loadTopBarItems().catch(() => undefined);
}

/**
 * A component of the top bar items' chunk, loaded on first render. Its React.lazy keeps the loaded module in the
 * module that declares it: UI loader state, the one kind of module state the app allows outside its composition root.
 */
export function lazyTopBarItems<K extends keyof TopBarItems>(name: K): LazyExoticComponent<TopBarItems[K]> {
  return lazy(() => loadTopBarItems().then((m) => ({ default: m[name] })));
}
