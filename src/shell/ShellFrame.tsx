import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import type { SectionId } from '../lib/apiTypes';
import { useT } from '../lib/i18n';
import { useConnection } from '../features/connection/model';
import { UpdatePrompt } from '../features/connection/UpdatePrompt';
import { useFrame } from '../features/frame/model';
import { RouterProvider } from '../ui/RouterProvider';
import { ContentErrorFallback } from './ContentErrorFallback';
import { EnterpriseBanner } from './EnterpriseBanner';
import { LazyAnnouncementBanners } from './LazyAnnouncementBanners';
import { LicenseBanner } from './LicenseBanner';
import { RegionBoundary } from './RegionBoundary';
import { KioskContext } from './kiosk';
import './shell.css';

/** The one toast viewport (spec 4); its code (with react-aria) is not part of the first load. */
const Toaster = lazy(() => import('../features/toast/Toaster').then((m) => ({ default: m.Toaster })));

export interface ShellFrameProps {
  section: SectionId;
  /** The content frame or a native screen. */
  children: ReactNode;
  kiosk: boolean;
  /** The navigation regions, each already behind its own boundary; a wall has none of them (spec 2.2: collapsed). */
  rail?: ReactNode;
  secondary?: ReactNode;
  header?: ReactNode;
  footer?: ReactNode;
  /** Above the banners: the connection indicator (the wallboard shows the connection on its own strip). */
  top?: ReactNode;
  /** Over the layout: pop-ups and the drawer. */
  extras?: ReactNode;
}

/**
 * Spec 2.2: what every framed page has, the shell and the wallboard alike: banners, the content region behind its
 * own boundary, the update prompt and the toasts. The navigation regions come from the caller, so the wallboard's
 * first load carries none of their code.
 */
export function ShellFrame({ section, children, kiosk, top, rail, secondary, header, footer, extras }: ShellFrameProps) {
  useSignals();
  const t = useT();
  const frame = useFrame();
  // A region that failed during an outage gets another try once the server is back.
  const recoveries = useConnection().recoveries.value;
  const search = useSearch();
  // Every toast follows something the user did here, so the viewport loads with the first press or key; a toast
  // raised before it arrives waits in the store and shows once it has.
  const [toaster, setToaster] = useState(false);
  const wakeToaster = toaster ? undefined : () => setToaster(true);
  return (
    <KioskContext.Provider value={kiosk}>
      <RouterProvider navigate={navigate}>
        <div className="framed-layout" data-section={section} data-fullscreen={frame.fullscreen.value || undefined} onPointerDownCapture={wakeToaster} onKeyDownCapture={wakeToaster}>
          {top}
          <div className="shell-banners">
            <RegionBoundary region="license-banner" resetKey={recoveries} fallback={t('shell.fail.licenseBanner')}>
              <LicenseBanner />
            </RegionBoundary>
            <RegionBoundary region="announcement-banner" resetKey={recoveries} fallback={t('shell.fail.announcementBanner')}>
              <LazyAnnouncementBanners />
            </RegionBoundary>
          </div>
          <div className="shell-body">
            {rail && <div className="shell-rail">{rail}</div>}
            {secondary && <div className="shell-secondary">{secondary}</div>}
            <div className="shell-column">
              {header && <div className="shell-header">{header}</div>}
              <RegionBoundary region="enterprise-banner" resetKey={recoveries} fallback={t('shell.fail.enterpriseBanner')}>
                <EnterpriseBanner />
              </RegionBoundary>
              <main className="shell-main" id="main-content">
                <RegionBoundary region="content" fallback={<ContentErrorFallback />} resetKey={`${section}?${search}#${recoveries}`}>
                  {children}
                </RegionBoundary>
              </main>
              {footer && <div className="shell-footer">{footer}</div>}
            </div>
          </div>
          {extras}
          <UpdatePrompt />
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
