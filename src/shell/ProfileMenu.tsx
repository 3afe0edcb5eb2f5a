import { withBase } from '../lib/base';
import { useAuth } from '../features/session/AuthProvider';
import { useT } from '../lib/i18n';
import { Icon } from '../ui/Icon';
import { MenuTrigger } from '../ui/Menu';
import { lazyTopBarItems, preloadTopBarItems } from './loadTopBarItems';

/** The items load with the menu. */
const ProfileItems = lazyTopBarItems('ProfileItems');

/** The logout is a full reload of the login page with the session token (spec 2.6), so nothing of the app survives it. */
export function logoutUrl(nsp: string): string {
  return `${withBase('login.php')}?logout&nsp=${encodeURIComponent(nsp)}`;
}

export function ProfileMenu() {
  const t = useT();
  const { username, nsp } = useAuth();
  return (
    <MenuTrigger
      label={t('shell.profile.menu', { username })}
      header={<span data-testid="profile-username">{username}</span>}
      className="profile-menu"
      data-testid="profile-menu"
      items={(menuFor) => <ProfileItems nsp={nsp} menuFor={menuFor} />}
      preload={preloadTopBarItems}
    >
      <Icon name="user" />
      <span className="profile-menu-name">{username}</span>
      <Icon name="chevron-down" size={16} />
    </MenuTrigger>
  );
}
