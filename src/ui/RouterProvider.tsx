import { createContext, useContext, type ReactNode } from 'react';

export type Navigate = (href: string) => void;

const RouterContext = createContext<Navigate | undefined>(undefined);

export interface RouterProviderProps {
  /** Client-side navigation to an absolute path (e.g. wouter's navigate). */
  navigate: Navigate;
  children: ReactNode;
}

/**
 * Same-origin links without a target (and without modifier keys) inside Link and menus navigate in the app
 * instead of reloading; links with a target (_blank, _top) keep the browser's behaviour.
 */
export function RouterProvider({ navigate, children }: RouterProviderProps) {
  return <RouterContext.Provider value={navigate}>{children}</RouterContext.Provider>;
}

/** The app's navigate, or undefined outside a RouterProvider (links then load pages normally). */
export function useNavigate(): Navigate | undefined {
  return useContext(RouterContext);
}

/** The rule react-aria applies too: only plain clicks on same-origin, same-window links stay in the app. */
export function shouldClientNavigate(link: HTMLAnchorElement, event: { metaKey: boolean; ctrlKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  const target = link.getAttribute('target');
  return (!target || target === '_self')
    && link.origin === window.location.origin
    && !link.hasAttribute('download')
    && !event.metaKey && !event.ctrlKey && !event.altKey && !event.shiftKey;
}
