import type { Menu } from '../../lib/apiTypes';
import type { HttpClient } from '../../lib/http';
import type { Resource, ResourceRegistry, ResourceStorage } from '../../lib/resource';

/** The menu (spec 7: "cached as menu"); stored per user so the shell can paint its sections offline. */
export function createMenuResource(
  http: Pick<HttpClient, 'get'>,
  resources: Pick<ResourceRegistry, 'createResource'>,
  storage?: ResourceStorage,
): Resource<Menu> {
  return resources.createResource<Menu>({
    key: 'menu',
    load: async (signal) => {
      const menu = await http.get<Menu | null>('api/v2/app/menu', { signal });
      return menu && typeof menu === 'object' ? menu : {};
    },
    staleTime: Infinity,
    persist: true,
    ...(storage ? { storage } : {}),
  });
}
