import { createContext, useContext, type ReactNode } from 'react';
import { EMPTY_AUTH, type AuthRecord } from '../../lib/apiTypes';
import { useResource, type Resource } from '../../lib/resource';

const AuthContext = createContext<AuthRecord | undefined>(undefined);

/** Provides the auth record; every flag is false and every string empty until the auth call answers (spec 6). */
export function AuthProvider({ resource, children }: { resource: Resource<AuthRecord>; children: ReactNode }) {
  const { data } = useResource(resource);
  return <AuthContext.Provider value={data ?? EMPTY_AUTH}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthRecord {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
