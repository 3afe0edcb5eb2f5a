import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import type { SectionId } from '../lib/apiTypes';
import { useT } from '../lib/i18n';
import { ConnectionIndicator } from '../features/connection/ConnectionIndicator';
import { useConnection } from '../features/connection/model';
import { UpdatePrompt } from '../features/connection/UpdatePrompt';
import { useFrame } from '../features/frame/model';
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
import { KioskContext } from './kiosk';
import { useShellData } from './shellData';
import { TopBar } from './TopBar';
import './shell.css';

/** The one toast viewport (spec 4); its code (with react-aria) is not part of the first load. */
const Toaster = lazy(() => import('../features/toast/Toaster').then((m) => ({ default: m.Toaster })));

export interface FramedLayoutProps {
  section: SectionId;
  /** The content frame or a native screen. */
  children: ReactNode;
  /** The wallboard: it shows the connection on its own strip, and no pop-up waits there for someone to close it. */
  kiosk?: boolean;
}

/** Spec 2.2: the framed page, each region behind its own error boundary and fallback text (spec 8). */
export function FramedLayout({ section, children, kiosk = false }: FramedLayoutProps) {
  useSignals();
  const t = useT();
  const frame = useFrame();
  // A region that failed during an outage gets another try once the server is back.
  const recoveries = useConnection().recoveries.value;
  const dataAt = useShellData().systemStatus.updatedAt.value;
  const search = useSearch();
  const drawer = useOverlayState();
  // Every toast follows something the user did here, so the viewport loads with the first press or key; a toast
  // raised before it arrives waits in the store and shows once it has.
  const [toaster, setToaster] = useState(false);
  const wakeToaster = toaster ? undefined : () => setToaster(true);
  return (
    <KioskContext.Provider value={kiosk}>
      <RouterProvider navigate={navigate}>
        <div className="framed-layout" data-section={section} data-fullscreen={frame.fullscreen.value || undefined} onPointerDownCapture={wakeToaster} onKeyDownCapture={wakeToaster}>
          {!kiosk && <ConnectionIndicator dataAt={dataAt} />}
          <div className="shell-banners">
            <RegionBoundary region="license-banner" resetKey={recoveries} fallback={t('shell.fail.licenseBanner')}>
              <LicenseBanner />
            </RegionBoundary>
            <RegionBoundary region="announcement-banner" resetKey={recoveries} fallback={t('shell.fail.announcementBanner')}>
              <AnnouncementBanners />
            </RegionBoundary>
          </div>
          <div className="shell-body">
            <div className="shell-rail">
              <RegionBoundary region="primary-nav" resetKey={recoveries} fallback={t('shell.fail.primaryMenu')}>
                <PrimaryNav section={section} />
              </RegionBoundary>
            </div>
            {/* A wall has no use for the section menu (and its rotation bar and dialogs are not loaded there). */}
            {!kiosk && (
              <div className="shell-secondary">
                <RegionBoundary region="secondary-nav" resetKey={recoveries} fallback={t('shell.fail.secondaryMenu')}>
                  <SecondaryNav section={section} />
                </RegionBoundary>
              </div>
            )}
            <div className="shell-column">
              <div className="shell-header">
                <RegionBoundary region="header" resetKey={recoveries} fallback={t('shell.fail.header')}>
                  <TopBar onOpenNavigation={drawer.open} />
                </RegionBoundary>
              </div>
              <RegionBoundary region="enterprise-banner" resetKey={recoveries} fallback={t('shell.fail.enterpriseBanner')}>
                <EnterpriseBanner />
              </RegionBoundary>
              <main className="shell-main" id="main-content">
                <RegionBoundary region="content" fallback={<ContentErrorFallback />} resetKey={`${section}?${search}#${recoveries}`}>
                  {children}
                </RegionBoundary>
              </main>
              <div className="shell-footer">
                <RegionBoundary region="footer" resetKey={recoveries} fallback={t('shell.fail.footer')}>
                  <Footer />
                </RegionBoundary>
              </div>
            </div>
          </div>
          {!kiosk && (
            <RegionBoundary region="login-notices" resetKey={recoveries} fallback={t('shell.fail.loginNotices')}>
              <LoginNotices />
            </RegionBoundary>
          )}
          <UpdatePrompt />
          {drawer.isOpen && <NavDrawer state={drawer} section={section} />}
          {toaster && (
            // Without its code (offline before it was cached) there are no toasts, but the layout keeps working.
            <ErrorBoundary fallback={null}>
              <Suspense fallback={null}><Toaster /></Suspense>
            </ErrorBoundary>
          )}
        </div>
      </RouterProvider>
    </KioskContext.Provider>
  );
}
