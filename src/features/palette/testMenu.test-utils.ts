import type { Menu, MenuEntry, MenuSection } from '../../lib/apiTypes';

const entry = (id: string, label: string, path: string, target: MenuEntry['target'] = 'maincontentframe', kind: MenuEntry['kind'] = 'link'): MenuEntry =>
  ({ id, label, path, target, kind, icon: '' });
const section = (id: MenuSection['id'], label: string, path: string, entries: MenuEntry[]): MenuSection =>
  ({ id, label, path, defaultPath: '', icon: id, groups: [{ id: `${id}-group`, label: `${label} group`, entries }] });

/** For palette tests: each kind of entry the palette treats differently. */
export const TEST_MENU: Menu = {
  home: section('home', 'Home', '', [
    entry('home-serviceproblems', 'Service Problems', 'includes/components/xicore/status.php?show=serviceproblems'),
    entry('home-hostproblems', 'Host Problems', 'includes/components/xicore/status.php?show=hostproblems'),
    entry('favorites-1', 'My service problems', 'includes/components/xicore/status.php?show=services', 'maincontentframe', 'favorite'),
  ]),
  views: section('views', 'Views', 'views/', [
    entry('views-addview', 'Add New View', '#', '', 'addView'),
    entry('views-manage', 'Manage My Views', 'views/main.php'),
  ]),
  dashboards: section('dashboards', 'Dashboards', 'dashboards/', [entry('dashboards-manage', 'Manage My Dashboards', 'dashboards/manage.php', '_top')]),
  admin: section('admin', 'Admin', 'admin/', [entry('admin-users', 'Manage Users', 'admin/users.php')]),
  help: section('help', 'Help', 'help/', [
    entry('help-documentation', 'Documentation', 'https://library.example.com/', '_blank'),
    entry('help-legacy', 'Legacy Problems Page', 'legacy/problems.php', '_top'),
  ]),
  ccm: section('ccm', 'Core Config Manager', 'includes/components/ccm/xi-index.php', [entry('ccm-hosts', 'Hosts', 'includes/components/ccm/index.php?type=host')]),
};
