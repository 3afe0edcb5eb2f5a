import type { HttpClient } from '../../lib/http';

/** Spec 7: the favorites endpoint; item[KEY] set to the new title, or to this word to delete. */
export const DELETED = '*DELETED*';
const PATH = 'includes/components/favorites/ajax.php';

export interface FavoritesApi {
  rename(key: string, title: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export function createFavoritesApi(http: Pick<HttpClient, 'post'>): FavoritesApi {
  const edit = async (key: string, value: string) => {
    await http.post(PATH, { mode: 'edit', [`item[${key}]`]: value });
  };
  return { rename: edit, remove: (key) => edit(key, DELETED) };
}
