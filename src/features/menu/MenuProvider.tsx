import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Menu } from '../../lib/apiTypes';
import { useResource, type Resource } from '../../lib/resource';

export interface MenuState {
  menu: Menu;
  /** Reloads the menu (after adding a view, dashboard, tool or favourite). */
  refresh(): Promise<void>;
  error: Error | undefined;
  /** The resource itself, for models that follow the menu as it changes (the wallboard's playlist). */
  resource: Resource<Menu>;
}

const MenuContext = createContext<MenuState | undefined>(undefined);
const EMPTY_MENU: Menu = {};

/** Provides the menu; an empty object until the menu call answers (spec 3). */
export function MenuProvider({ resource, children }: { resource: Resource<Menu>; children: ReactNode }) {
  const { data, error, refresh } = useResource(resource);
  const menu = data ?? EMPTY_MENU;
  const value = useMemo(() => ({ menu, refresh, error, resource }), [menu, refresh, error, resource]);
  return <MenuContext.Provider value={value}>{children}</MenuContext.Provider>;
}

export function useMenu(): MenuState {
  const state = useContext(MenuContext);
  if (!state) throw new Error('useMenu must be used within a MenuProvider');
  return state;
}
