import type { Menu } from '../lib/apiTypes';
import { http } from '../lib/http';
import { createResource } from '../lib/resource';

/** The menu (spec 7: "cached as menu"); kept in IndexedDB so the shell can paint its sections offline. */
export const menuResource = createResource<Menu>({
  key: 'menu',
  load: async (signal) => {
    const menu = await http.get<Menu | null>('api/v2/app/menu', { signal });
    return menu && typeof menu === 'object' ? menu : {};
  },
  staleTime: Infinity,
  persist: true,
});
