import { EMPTY_AUTH, type AuthRecord } from '../lib/apiTypes';
import { http, setNspSource } from '../lib/http';
import { createResource } from '../lib/resource';

/** The auth record (spec 7: "cached as auth"); the stored copy drops nsp, which only the live session may hold. */
export const authResource = createResource<AuthRecord>({
  key: 'auth',
  load: async (signal) => ({ ...EMPTY_AUTH, ...(await http.get<Partial<AuthRecord>>('api/v2/account/auth', { signal })) }),
  staleTime: Infinity,
  persist: (auth) => ({ ...auth, nsp: '' }),
});

/** Writes wait for the live token when the auth call has not answered yet. */
async function currentNsp(): Promise<string> {
  const known = authResource.data.value?.nsp;
  if (known) return known;
  await authResource.prefetch();
  return authResource.data.value?.nsp ?? '';
}

setNspSource(currentNsp);
