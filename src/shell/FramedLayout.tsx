import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, type ReactNode } from 'react';
import type { SectionId } from '../lib/apiTypes';
import { useT } from '../lib/i18n';
import { ConnectionIndicator } from '../features/connection/ConnectionIndicator';
import { useConnection } from '../features/connection/model';
import { useOverlayState } from '../ui/useOverlayState';
import { Footer } from './Footer';
import { LoginNotices } from './LoginNotices';
import { PrimaryNav } from './PrimaryNav';
import { RegionBoundary } from './RegionBoundary';
import { SecondaryNav } from './SecondaryNav';
import { ShellFrame } from './ShellFrame';
import { useShellData } from '../features/shellData/shellData';
import { TopBar } from './TopBar';

/** Only phones open it, and only when asked: its code is not part of the first load. */
const NavDrawer = lazy(() => import('./NavDrawer').then((m) => ({ default: m.NavDrawer })));

export interface FramedLayoutProps {
  section: SectionId;
  /** The content frame or a native screen. */
  children: ReactNode;
}

/** Spec 2.2: the framed page with its navigation regions, each behind its own error boundary and fallback text (spec 8). */
export function FramedLayout({ section, children }: FramedLayoutProps) {
  useSignals();
  const t = useT();
  const recoveries = useConnection().recoveries.value;
  const dataAt = useShellData().systemStatus.updatedAt.value;
  const drawer = useOverlayState();
  return (
    <ShellFrame
      section={section}
      kiosk={false}
      rail={(
        <RegionBoundary region="primary-nav" resetKey={recoveries} fallback={t('shell.fail.primaryMenu')}>
          <PrimaryNav section={section} />
        </RegionBoundary>
      )}
      secondary={(
        <RegionBoundary region="secondary-nav" resetKey={recoveries} fallback={t('shell.fail.secondaryMenu')}>
          <SecondaryNav section={section} />
        </RegionBoundary>
      )}
      header={(
        <RegionBoundary region="header" resetKey={recoveries} fallback={t('shell.fail.header')}>
          <TopBar onOpenNavigation={drawer.open} />
        </RegionBoundary>
      )}
      footer={(
        <RegionBoundary region="footer" resetKey={recoveries} fallback={t('shell.fail.footer')}>
          <Footer />
        </RegionBoundary>
      )}
      top={<ConnectionIndicator dataAt={dataAt} />}
      extras={(
        <>
          <RegionBoundary region="login-notices" resetKey={recoveries} fallback={t('shell.fail.loginNotices')}>
            <LoginNotices />
          </RegionBoundary>
          {drawer.isOpen && <Suspense fallback={null}><NavDrawer state={drawer} section={section} /></Suspense>}
        </>
      )}
    >
      {children}
    </ShellFrame>
  );
}
