import { useSignals } from '@preact/signals-react/runtime';
import type { AuthRecord, MenuSection, SectionId } from '../lib/apiTypes';
import { stripBase } from '../lib/base';
import { useFrame } from '../features/frame/model';
import { useAuth } from '../features/session/AuthProvider';
import { useMenu } from '../features/menu/MenuProvider';
import { useT } from '../lib/i18n';
import { Icon } from '../ui/Icon';
import { Link, type LinkProps } from '../ui/Link';
import { TooltipTrigger } from '../ui/Tooltip';
import { inFrameHref, sectionHref } from '../features/menu/menuLinks';
import { sectionIcon } from './sectionIcon';
import { ConfigLinks, configLinksFor } from './ConfigLinks';
import './PrimaryNav.css';

export interface PrimaryNavProps {
  section: SectionId;
  /** In the phone drawer the labels are shown next to the icons. */
  showLabels?: boolean;
}

/** Spec 2.9: the left icon rail, one icon per menu section (CCM has none). */
export function PrimaryNav({ section, showLabels = false }: PrimaryNavProps) {
  const t = useT();
  const { menu, error } = useMenu();
  const auth = useAuth();
  const sections = Object.values(menu).filter((s): s is MenuSection => !!s && s.id !== 'ccm');
  // Without any menu to show, the failure is this region's to report.
  if (error && sections.length === 0) throw error;
  return (
    <nav className="primary-nav" aria-label={t('shell.nav.primary')} data-labels={showLabels || undefined}>
      <ul className="primary-nav-list">
        {sections.map((s) => (
          <li key={s.id} className="primary-nav-item">
            <RailItem section={s} current={s.id === section} showLabels={showLabels} auth={auth} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface RailItemProps { section: MenuSection; current: boolean; showLabels: boolean; auth: AuthRecord }

/**
 * Spec 2.9: every icon but views sets the main frame to its section's page; views opens its section and keeps the
 * page the frame shows (handed over as xiwindow, so the route leaves the frame where it is).
 */
function useRailHref(section: MenuSection): string {
  useSignals();
  const frame = useFrame();
  if (section.id !== 'views') return sectionHref(section);
  const shown = frame.currentLocation.value || frame.src.value;
  return shown ? inFrameHref(section, stripBase(shown)) : sectionHref(section);
}

function RailItem({ section, current, showLabels, auth }: RailItemProps) {
  const label = section.label;
  const href = useRailHref(section);
  const links = section.id === 'config' ? configLinksFor(auth) : [];
  const link = (props: Pick<LinkProps, 'ref' | 'domProps'> = {}) => (
    <Link
      {...props}
      href={href}
      className="primary-nav-link"
      aria-label={showLabels ? undefined : label}
      aria-current={current ? 'page' : undefined}
      data-testid={`rail-${section.id}`}
    >
      <Icon name={sectionIcon(section)} size={20} />
      {showLabels && <span className="primary-nav-label">{label}</span>}
    </Link>
  );
  // With visible labels (the phone drawer) a tooltip adds nothing, and a tap must open the section (issue 38: a tap on
  // Configure showed its shortcuts and left the previous section's page); the drawer then shows that section's menu,
  // with the same shortcuts.
  if (showLabels) return link();
  const tooltip = links.length > 0
    ? <ConfigLinks title={label} links={links} />
    : <span className="primary-nav-tip">{label}</span>;
  return (
    <TooltipTrigger tooltip={tooltip} interactive={links.length > 0} placement="right">
      {({ triggerProps, triggerRef }) => link({ ref: triggerRef, domProps: triggerProps })}
    </TooltipTrigger>
  );
}
