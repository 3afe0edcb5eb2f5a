import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Menu } from '../../lib/apiTypes';
import { useT } from '../../lib/i18n';
import { useResource, type Resource } from '../../lib/resource';
import { translateMenu } from './translateMenu';

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

/**
 * Provides the menu; an empty object until the menu call answers (spec 3). `listsChanged` is what a write calls
 * through `refresh`: the menu and every other list reload, here and in other tabs (the composition root's sync model).
 */
export function MenuProvider({ resource, listsChanged, children }: { resource: Resource<Menu>; listsChanged?: () => Promise<void>; children: ReactNode }) {
  const { data, error, refresh: reload } = useResource(resource);
  const refresh = listsChanged ?? reload;
  const t = useT();
  // In the user's language, and again at once when it changes.
  const menu = useMemo(() => (data ? translateMenu(data, t) : EMPTY_MENU), [data, t]);
  const value = useMemo(() => ({ menu, refresh, error, resource }), [menu, refresh, error, resource]);
  return <MenuContext.Provider value={value}>{children}</MenuContext.Provider>;
}

export function useMenu(): MenuState {
  const state = useContext(MenuContext);
  if (!state) throw new Error('useMenu must be used within a MenuProvider');
  return state;
}
