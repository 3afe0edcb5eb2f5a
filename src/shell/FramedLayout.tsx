import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { ErrorBoundary } from '../app/ErrorBoundary';
import type { SectionId } from '../lib/apiTypes';
import { useT } from '../lib/i18n';
import { fullscreen } from '../features/frame/model';
import { RouterProvider } from '../ui/RouterProvider';
import { useOverlayState } from '../ui/useOverlayState';
import { AnnouncementBanners } from './AnnouncementBanners';
import { ContentErrorFallback } from './ContentErrorFallback';
import { EnterpriseBanner } from './EnterpriseBanner';
import { Footer } from './Footer';
import { LicenseBanner } from './LicenseBanner';
import { LoginNotices } from './LoginNotices';
import { NavDrawer } from './NavDrawer';
import { PrimaryNav } from './PrimaryNav';
import { RegionBoundary } from './RegionBoundary';
import { SecondaryNav } from './SecondaryNav';
import { TopBar } from './TopBar';
import './shell.css';

/** The one toast viewport (spec 4); its code (with react-aria) is not part of the first load. */
const Toaster = lazy(() => import('../features/toast/Toaster').then((m) => ({ default: m.Toaster })));

export interface FramedLayoutProps {
  section: SectionId;
  /** The content frame or a native screen. */
  children: ReactNode;
}

/** Spec 2.2: the framed page, each region behind its own error boundary and fallback text (spec 8). */
export function FramedLayout({ section, children }: FramedLayoutProps) {
  useSignals();
  const t = useT();
  const search = useSearch();
  const drawer = useOverlayState();
  // Every toast follows something the user did here, so the viewport loads with the first press or key; a toast
  // raised before it arrives waits in the store and shows once it has.
  const [toaster, setToaster] = useState(false);
  const wakeToaster = toaster ? undefined : () => setToaster(true);
  return (
    <RouterProvider navigate={navigate}>
      <div className="framed-layout" data-section={section} data-fullscreen={fullscreen.value || undefined} onPointerDownCapture={wakeToaster} onKeyDownCapture={wakeToaster}>
        <div className="shell-banners">
          <RegionBoundary region="license-banner" fallback={t('shell.fail.licenseBanner')}>
            <LicenseBanner />
          </RegionBoundary>
          <RegionBoundary region="announcement-banner" fallback={t('shell.fail.announcementBanner')}>
            <AnnouncementBanners />
          </RegionBoundary>
        </div>
        <div className="shell-body">
          <div className="shell-rail">
            <RegionBoundary region="primary-nav" fallback={t('shell.fail.primaryMenu')}>
              <PrimaryNav section={section} />
            </RegionBoundary>
          </div>
          <div className="shell-secondary">
            <RegionBoundary region="secondary-nav" fallback={t('shell.fail.secondaryMenu')}>
              <SecondaryNav section={section} />
            </RegionBoundary>
          </div>
          <div className="shell-column">
            <div className="shell-header">
              <RegionBoundary region="header" fallback={t('shell.fail.header')}>
                <TopBar onOpenNavigation={drawer.open} />
              </RegionBoundary>
            </div>
            <RegionBoundary region="enterprise-banner" fallback={t('shell.fail.enterpriseBanner')}>
              <EnterpriseBanner />
            </RegionBoundary>
            <main className="shell-main" id="main-content">
              <RegionBoundary region="content" fallback={<ContentErrorFallback />} resetKey={`${section}?${search}`}>
                {children}
              </RegionBoundary>
            </main>
            <div className="shell-footer">
              <RegionBoundary region="footer" fallback={t('shell.fail.footer')}>
                <Footer />
              </RegionBoundary>
            </div>
          </div>
        </div>
        <RegionBoundary region="login-notices" fallback={t('shell.fail.loginNotices')}>
          <LoginNotices />
        </RegionBoundary>
        {drawer.isOpen && <NavDrawer state={drawer} section={section} />}
        {toaster && (
          // Without its code (offline before it was cached) there are no toasts, but the layout keeps working.
          <ErrorBoundary fallback={null}>
            <Suspense fallback={null}><Toaster /></Suspense>
          </ErrorBoundary>
        )}
      </div>
    </RouterProvider>
  );
}
