import { EMPTY_AUTH, type AuthRecord } from '../../lib/apiTypes';
import type { HttpClient } from '../../lib/http';
import type { Resource, ResourceRegistry, ResourceStorage } from '../../lib/resource';

/** The auth record (spec 7: "cached as auth"); the stored copy drops nsp, which only the live session may hold. */
export function createAuthResource(
  http: Pick<HttpClient, 'get'>,
  resources: Pick<ResourceRegistry, 'createResource'>,
  storage?: ResourceStorage,
): Resource<AuthRecord> {
  return resources.createResource<AuthRecord>({
    key: 'auth',
    load: async (signal) => ({ ...EMPTY_AUTH, ...(await http.get<Partial<AuthRecord>>('api/v2/account/auth', { signal })) }),
    staleTime: Infinity,
    persist: (auth) => ({ ...auth, nsp: '' }),
    ...(storage ? { storage } : {}),
  });
}

/** Writes wait for the live token when the auth call has not answered yet. */
export function nspFrom(auth: Resource<AuthRecord>): () => Promise<string> {
  return async () => {
    const known = auth.data.value?.nsp;
    if (known) return known;
    await auth.prefetch();
    return auth.data.value?.nsp ?? '';
  };
}
