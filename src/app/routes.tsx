import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { ContentFrame } from '../features/frame/ContentFrame';
import { FramedLayout } from '../shell/FramedLayout';
import { useT } from '../lib/i18n';
import { CcmFrame } from './CcmFrame';
import { routeFor } from '../lib/routeFor';

const AboutLayout = lazy(() => import('./AboutLayout').then((m) => ({ default: m.AboutLayout })));
const WallboardScreen = lazy(() => import('../features/wallboard/WallboardScreen').then((m) => ({ default: m.WallboardScreen })));

function NotFound() {
  const t = useT();
  return <main className="app-message" role="alert"><p className="lead">{t('errors.pageFailed')}</p></main>;
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
          <CcmFrame />
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
