import type { ReactNode } from 'react';
import { ConnectionContext } from '../features/connection/model';
import { FrameContext } from '../features/frame/model';
import { SessionContext } from '../features/session/model';
import { ThemeContext } from '../features/theme/model';
import { ToastContext } from '../features/toast/model';
import { RotationContext } from '../features/views/rotationSlot';
import { SyncContext } from '../features/sync/model';
import { ShellDataContext } from '../features/shellData/shellData';
import { HttpContext } from '../lib/http';
import { I18nContext } from '../lib/i18n';
import { ResourceRegistryContext } from '../lib/resource';
import { UserStoreContext } from '../lib/store';
import { ServiceWorkerContext } from '../lib/sw';
import type { AppCore } from './context';

/** Hands the composition root's models to the features that use them (the shell's own: shellModels.tsx). */
export function AppProviders({ app, children }: { app: AppCore; children: ReactNode }) {
  return (
    <HttpContext.Provider value={app.http}>
      <I18nContext.Provider value={app.i18n}>
        <ResourceRegistryContext.Provider value={app.resources}>
          <ToastContext.Provider value={app.toasts}>
            <ModelProviders app={app}>{children}</ModelProviders>
          </ToastContext.Provider>
        </ResourceRegistryContext.Provider>
      </I18nContext.Provider>
    </HttpContext.Provider>
  );
}

function ModelProviders({ app, children }: { app: AppCore; children: ReactNode }) {
  return (
    <ConnectionContext.Provider value={app.connection}>
      <SessionContext.Provider value={app.session}>
        <FrameContext.Provider value={app.frame}>
          <ThemeContext.Provider value={app.theme}>
            <ShellDataContext.Provider value={app.shell}>
              <RotationContext.Provider value={app.rotation}>
                <ServiceWorkerContext.Provider value={app.sw}>
                  <SyncContext.Provider value={app.sync}>
                    <UserStoreContext.Provider value={app.store}>{children}</UserStoreContext.Provider>
                  </SyncContext.Provider>
                </ServiceWorkerContext.Provider>
              </RotationContext.Provider>
            </ShellDataContext.Provider>
          </ThemeContext.Provider>
        </FrameContext.Provider>
      </SessionContext.Provider>
    </ConnectionContext.Provider>
  );
}
