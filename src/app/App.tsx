import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, type ReactNode } from 'react';
import { Router } from 'wouter';
import { MenuProvider } from '../features/menu/MenuProvider';
import { AuthProvider } from '../features/session/AuthProvider';
import { ThemeProvider } from '../features/theme/ThemeProvider';
import { BASE } from '../lib/base';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { AppErrorFallback } from './AppErrorFallback';
import { AppProviders } from './AppProviders';
import type { AppCore } from './context';
import { I18nGate } from './I18nGate';

/** Shown only once a session has ended (the server answered, so its code can load then). */
const SessionTimeout = lazy(() => import('../features/session/SessionTimeout').then((m) => ({ default: m.SessionTimeout })));

/** wouter wants the base without its trailing slash ('' for the root). */
const ROUTER_BASE = BASE.replace(/\/$/, '');

/**
 * Models → error boundary → i18n → auth → menu → theme → router → the entry's routes; a 401 anywhere swaps everything
 * below i18n for the timeout screen. The providers only hand values down and cannot fail, and being outside the
 * boundary they give its fallback the translations and the http client too.
 */
export function App({ app, children }: { app: AppCore; children: ReactNode }) {
  useSignals();
  return (
    <AppProviders app={app}>
      <ErrorBoundary fallback={<AppErrorFallback />}>
        <I18nGate>
          {app.session.expired.value ? (
            <Suspense fallback={null}><SessionTimeout /></Suspense>
          ) : (
            <AuthProvider resource={app.auth}>
              <MenuProvider resource={app.menu} listsChanged={app.sync.listsChanged}>
                <ThemeProvider>
                  <Router base={ROUTER_BASE}>
                    {children}
                  </Router>
                </ThemeProvider>
              </MenuProvider>
            </AuthProvider>
          )}
        </I18nGate>
      </ErrorBoundary>
    </AppProviders>
  );
}
