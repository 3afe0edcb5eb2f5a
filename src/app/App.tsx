import { useSignals } from '@preact/signals-react/runtime';
import { Router } from 'wouter';
import { MenuProvider } from '../features/menu/MenuProvider';
import { AuthProvider } from '../features/session/AuthProvider';
import { SessionTimeout } from '../features/session/SessionTimeout';
import { ThemeProvider } from '../features/theme/ThemeProvider';
import { BASE } from '../lib/base';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { AppErrorFallback } from './AppErrorFallback';
import { AppProviders } from './AppProviders';
import type { AppContext } from './context';
import { I18nGate } from './I18nGate';
import { AppRoutes } from './routes';

/** wouter wants the base without its trailing slash ('' for the root). */
const ROUTER_BASE = BASE.replace(/\/$/, '');

/** Error boundary → models → i18n → auth → menu → theme → router; a 401 anywhere swaps everything below i18n for the timeout screen. */
export function App({ app }: { app: AppContext }) {
  useSignals();
  return (
    <ErrorBoundary fallback={<AppErrorFallback />}>
      <AppProviders app={app}>
        <I18nGate>
          {app.session.expired.value ? (
            <SessionTimeout />
          ) : (
            <AuthProvider resource={app.auth}>
              <MenuProvider resource={app.menu}>
                {/* A TV on the wall has nobody to answer a dialog; it keeps its stored theme. */}
                <ThemeProvider reportFailure={app.mode !== 'wallboard'}>
                  <Router base={ROUTER_BASE}>
                    <AppRoutes />
                  </Router>
                </ThemeProvider>
              </MenuProvider>
            </AuthProvider>
          )}
        </I18nGate>
      </AppProviders>
    </ErrorBoundary>
  );
}
