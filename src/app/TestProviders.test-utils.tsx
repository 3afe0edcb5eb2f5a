import type { ReactNode } from 'react';
import { MenuProvider } from '../features/menu/MenuProvider';
import { AuthProvider } from '../features/session/AuthProvider';
import { AppProviders } from './AppProviders';
import { createAppContext, type AppContext } from './context';

/** For component tests: the real composition root (on jsdom, without IndexedDB) around auth and menu. */
export function TestProviders({ app = createAppContext(), children }: { app?: AppContext; children: ReactNode }) {
  return (
    <AppProviders app={app}>
      <AuthProvider resource={app.auth}>
        <MenuProvider resource={app.menu}>{children}</MenuProvider>
      </AuthProvider>
    </AppProviders>
  );
}
