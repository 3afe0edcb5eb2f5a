import type { IconName } from '../../ui/Icon';

/** The icons a dashboard entry can take: three rows of the picker's 8 columns (spec 9). */
export const MENU_ICONS: readonly IconName[] = [
  'dashboards', 'home', 'views', 'reports', 'status', 'config', 'tools', 'admin',
  'account', 'user', 'star', 'link', 'info', 'warning', 'success', 'critical',
  'search', 'help', 'support', 'forum', 'exchange', 'changelog', 'enterprise', 'ccm',
];
