import type { ReactNode } from 'react';
import { MenuProvider } from '../features/menu/MenuProvider';
import { AuthProvider } from '../features/session/AuthProvider';
import { initTestI18n } from '../lib/initTestI18n.test-utils';
import { AppProviders } from './AppProviders';
import { createAppContext, type AppContext, type AppMode } from './context';
import { makeShellModels, ShellModelProviders } from './shellModels';

/** The real composition root (on jsdom, without IndexedDB) with the English texts loaded, without the network. */
export function createTestAppContext(mode: AppMode = 'framed'): AppContext {
  const app = createAppContext(mode, makeShellModels);
  initTestI18n(app.i18n);
  return app;
}

/** For component tests: the real composition root (see createTestAppContext) around auth and menu. */
export function TestProviders({ app = createTestAppContext(), children }: { app?: AppContext; children: ReactNode }) {
  return (
    <AppProviders app={app}>
      <ShellModelProviders models={app}>
        <AuthProvider resource={app.auth}>
          <MenuProvider resource={app.menu}>
            {children}
          </MenuProvider>
        </AuthProvider>
      </ShellModelProviders>
    </AppProviders>
  );
}
