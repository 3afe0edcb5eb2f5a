import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { ContentFrame } from '../features/frame/ContentFrame';
import { NativeScreenContext } from '../features/frame/nativeScreenSlot';
import { FramedLayout } from '../shell/FramedLayout';
import { goToErrorPage } from '../features/errors/switchToModern';
import { AccountThemeFailure } from '../features/theme/AccountThemeFailure';
import { routeFor, type AppRoute } from '../lib/routeFor';
import { NativeScreen } from './NativeScreen';

const AboutLayout = lazy(() => import('./AboutLayout').then((m) => ({ default: m.AboutLayout })));
const CcmFrame = lazy(() => import('./CcmFrame').then((m) => ({ default: m.CcmFrame })));
const WallboardLayout = lazy(() => import('../shell/WallboardLayout').then((m) => ({ default: m.WallboardLayout })));

/** Spec 2.15: an unknown route sends the browser to the error page in the classic location, which the server renders. */
function NotFound() {
  useEffect(() => goToErrorPage(), []);
  return null;
}

/**
 * Spec 2.1: the route for the address, with the renderer the content frame draws native screens with and the
 * account-settings error dialog.
 */
export function AppRoutes() {
  const [location] = useLocation();
  const route = routeFor(location);
  return (
    <>
      <NativeScreenContext.Provider value={NativeScreen}>
        <RouteView route={route} />
      </NativeScreenContext.Provider>
      {/* A TV on the wall has nobody to answer a dialog; it keeps its stored theme. */}
      {route.kind !== 'wallboard' && <AccountThemeFailure />}
    </>
  );
}

/** Every framed route renders the same FramedLayout element, so the shell stays mounted between sections. */
function RouteView({ route }: { route: AppRoute }) {
  switch (route.kind) {
    case 'framed':
      return (
        <FramedLayout section={route.section}>
          <ContentFrame section={route.section} {...(route.path !== undefined ? { path: route.path } : {})} />
        </FramedLayout>
      );
    case 'ccm':
      return (
        <FramedLayout section="ccm">
          <Suspense fallback={null}><CcmFrame /></Suspense>
        </FramedLayout>
      );
    case 'about':
      return <Suspense fallback={null}><AboutLayout /></Suspense>;
    case 'wallboard':
      return <Suspense fallback={null}><WallboardLayout /></Suspense>;
    default:
      return <NotFound />;
  }
}
