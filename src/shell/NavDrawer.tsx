import type { MouseEvent } from 'react';
import type { SectionId } from '../lib/apiTypes';
import { withBase } from '../lib/base';
import { useT } from '../lib/i18n';
import { Drawer } from '../ui/Drawer';
import { Icon } from '../ui/Icon';
import { Link } from '../ui/Link';
import type { OverlayState } from '../ui/useOverlayState';
import { EXTERNAL_LINKS } from './externalLinks';
import { PrimaryNav } from './PrimaryNav';
import { RegionBoundary } from './RegionBoundary';
import { SecondaryNav } from './SecondaryNav';

/** Below the sm breakpoint the rail, the secondary menu and the top bar's links live in this drawer. */
export function NavDrawer({ state, section }: { state: OverlayState; section: SectionId }) {
  const t = useT();
  // Following a link to a page leaves the drawer's job done; the link's own navigation still runs. A section is no
  // page: picking one shows its menu here, and the drawer stays open until a page is picked (issue 38).
  const closeOnLink = (e: MouseEvent) => {
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (link && !link.classList.contains('primary-nav-link')) state.close();
  };
  return (
    <Drawer state={state} title={t('shell.nav.drawerTitle')} closeLabel={t('shell.nav.closeNavigation')}>
      <div className="nav-drawer" onClickCapture={closeOnLink}>
        <RegionBoundary region="primary-nav" fallback={t('shell.fail.primaryMenu')}>
          <PrimaryNav section={section} showLabels />
        </RegionBoundary>
        <RegionBoundary region="secondary-nav" fallback={t('shell.fail.secondaryMenu')}>
          <SecondaryNav section={section} />
        </RegionBoundary>
        <ul className="nav-drawer-links">
          <li><Link href={withBase('help/')}><Icon name="help" /> {t('shell.top.help')}</Link></li>
          {EXTERNAL_LINKS.map((l) => (
            <li key={l.id}><Link href={l.href} target="_blank"><Icon name={l.icon} /> {t(l.labelKey)}</Link></li>
          ))}
        </ul>
      </div>
    </Drawer>
  );
}
