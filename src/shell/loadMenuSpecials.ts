import { lazy, type LazyExoticComponent } from 'react';

/** The special entries' chunk (see menuSpecials.tsx). */
export const loadMenuSpecials = () => import('./menuSpecials');

type Specials = Awaited<ReturnType<typeof loadMenuSpecials>>;

/** A component of the special entries' chunk, loaded on first render. */
export function lazySpecial<K extends keyof Specials>(name: K): LazyExoticComponent<Specials[K]> {
  return lazy(() => loadMenuSpecials().then((m) => ({ default: m[name] })));
}
