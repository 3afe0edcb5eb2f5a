import { useSignals } from '@preact/signals-react/runtime';
import { Router } from 'wouter';
import { sessionExpired } from '../features/session/model';
import { SessionTimeout } from '../features/session/SessionTimeout';
import { ThemeProvider } from '../features/theme/ThemeProvider';
import { AppErrorFallback } from './AppErrorFallback';
import { AuthProvider } from './AuthProvider';
import { BASE } from './base';
import { ErrorBoundary } from './ErrorBoundary';
import { I18nGate } from './I18nGate';
import { MenuProvider } from './MenuProvider';
import { AppRoutes } from './routes';

/** wouter wants the base without its trailing slash ('' for the root). */
const ROUTER_BASE = BASE.replace(/\/$/, '');

/** Error boundary → i18n → auth → menu → theme → router; a 401 anywhere swaps everything below i18n for the timeout screen. */
export function App() {
  useSignals();
  return (
    <ErrorBoundary fallback={<AppErrorFallback />}>
      <I18nGate>
        {sessionExpired.value ? (
          <SessionTimeout />
        ) : (
          <AuthProvider>
            <MenuProvider>
              <ThemeProvider>
                <Router base={ROUTER_BASE}>
                  <AppRoutes />
                </Router>
              </ThemeProvider>
            </MenuProvider>
          </AuthProvider>
        )}
      </I18nGate>
    </ErrorBoundary>
  );
}
