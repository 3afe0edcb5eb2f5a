import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { EMPTY_AUTH, type AuthRecord } from '../lib/apiTypes';
import { useResource } from '../lib/resource';
import { startKeepAlive } from '../features/session/keepAlive';
import { authResource } from './authResource';

const AuthContext = createContext<AuthRecord | undefined>(undefined);

/** Provides the auth record; every flag is false and every string empty until the auth call answers (spec 6). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data } = useResource(authResource);
  const auth = data ?? EMPTY_AUTH;
  const loggedIn = auth.nsp !== '';
  useEffect(() => (loggedIn ? startKeepAlive() : undefined), [loggedIn]);
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthRecord {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
