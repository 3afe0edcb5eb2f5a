import { useSignals } from '@preact/signals-react/runtime';
import { withBase } from '../lib/base';
import { useAuth } from '../features/session/AuthProvider';
import { useT } from '../lib/i18n';
import { FeedbackButton } from '../features/feedback/FeedbackButton';
import { useFrame } from '../features/frame/model';
import { IconButton } from '../ui/IconButton';
import { Icon } from '../ui/Icon';
import { Link } from '../ui/Link';
import { PRELOAD_OVERLAYS } from '../ui/overlays';
import { EXTERNAL_LINKS } from './externalLinks';
import { PageActionsMenu } from './PageActionsMenu';
import { ProfileMenu } from './ProfileMenu';
import { SearchBox } from './SearchBox';
import { SystemStatusControl } from './SystemStatusControl';
import { TopBarOverflow } from './TopBarOverflow';
import './TopBar.css';

export interface TopBarProps {
  /** Opens the navigation drawer on phone-size screens. */
  onOpenNavigation: () => void;
}

/** Spec 2.6: search, system status, page actions, help, feedback and vendor links, popout and the profile menu. */
export function TopBar({ onOpenNavigation }: TopBarProps) {
  useSignals();
  const t = useT();
  const frame = useFrame();
  const auth = useAuth();
  const popout = frame.currentLocation.value || frame.src.value;
  return (
    <header className="top-bar">
      <IconButton
        icon="menu"
        label={t('shell.top.openNavigation')}
        onPress={onOpenNavigation}
        domProps={PRELOAD_OVERLAYS}
        className="top-bar-nav-button"
      />
      <SearchBox />
      <div className="top-bar-spacer" />
      {auth.isAuthorizedForMonitoringSystem && <SystemStatusControl />}
      <div className="top-bar-wide">
        <PageActionsMenu />
        <Link href={withBase('help/')} className="top-bar-link" title={t('shell.top.help')} data-testid="top-help">
          <Icon name="help" /><span className="top-bar-link-text">{t('shell.top.help')}</span>
        </Link>
        <FeedbackButton />
        {EXTERNAL_LINKS.map((l) => (
          <Link key={l.id} href={l.href} target="_blank" className="top-bar-link top-bar-external" title={`${t(l.labelKey)} (${t('shell.newTab')})`} data-testid={`top-${l.id}`}>
            <Icon name={l.icon} /><span className="top-bar-link-text">{t(l.labelKey)}</span>
          </Link>
        ))}
        {popout && (
          <Link href={popout} target="_blank" className="top-bar-link" aria-label={t('shell.top.popout')} title={t('shell.top.popout')} data-testid="top-popout">
            <Icon name="popout" />
          </Link>
        )}
      </div>
      <TopBarOverflow />
      <ProfileMenu />
    </header>
  );
}
