import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { ContentFrame } from '../features/frame/ContentFrame';
import { FramedLayout } from '../shell/FramedLayout';
import { goToErrorPage } from '../features/errors/switchToModern';
import { routeFor } from '../lib/routeFor';

const AboutLayout = lazy(() => import('./AboutLayout').then((m) => ({ default: m.AboutLayout })));
const CcmFrame = lazy(() => import('./CcmFrame').then((m) => ({ default: m.CcmFrame })));
const WallboardScreen = lazy(() => import('../features/wallboard/WallboardScreen').then((m) => ({ default: m.WallboardScreen })));

/** Spec 2.15: an unknown route sends the browser to the error page in the classic location, which the server renders. */
function NotFound() {
  useEffect(() => goToErrorPage(), []);
  return null;
}

/** Spec 2.1. Every framed route renders the same FramedLayout element, so the shell stays mounted between sections. */
export function AppRoutes() {
  const [location] = useLocation();
  const route = routeFor(location);
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
      return <Suspense fallback={null}><WallboardScreen /></Suspense>;
    default:
      return <NotFound />;
  }
}
