import { lazy, type LazyExoticComponent } from 'react';

/** The special entries' chunk (see menuSpecials.tsx). */
export const loadMenuSpecials = () => import('./menuSpecials');

type Specials = Awaited<ReturnType<typeof loadMenuSpecials>>;

/**
 * A component of the special entries' chunk, loaded on first render. Its React.lazy keeps the loaded module in the
 * module that declares it: UI loader state, the one kind of module state the app allows outside its composition root
 * (once per page, like import() itself, with no data of any app or user in it).
 */
export function lazySpecial<K extends keyof Specials>(name: K): LazyExoticComponent<Specials[K]> {
  return lazy(() => loadMenuSpecials().then((m) => ({ default: m[name] })));
}
