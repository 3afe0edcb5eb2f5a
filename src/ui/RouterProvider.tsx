import type { ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria';

export interface RouterProviderProps {
  /** Client-side navigation to an absolute path (e.g. wouter's navigate). */
  navigate: (href: string) => void;
  children: ReactNode;
}

/**
 * Same-origin links without a target (and without modifier keys) inside react-aria links and menus navigate
 * in the app instead of reloading; links with a target (_blank, _top) keep the browser's behaviour.
 */
export function RouterProvider({ navigate, children }: RouterProviderProps) {
  return <AriaRouterProvider navigate={navigate}>{children}</AriaRouterProvider>;
}
