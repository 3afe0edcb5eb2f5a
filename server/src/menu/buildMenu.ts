import type { Menu, MenuEntry, MenuEntryKind, MenuGroup, MenuSection, MenuTarget, SectionId } from '../../../src/lib/apiTypes.js';
import type { Store } from '../db/store.js';
import { listUserMetaByPrefix, type Permissions } from '../db/users.js';
import { listFavorites } from '../db/favorites.js';
import { listViews, shownTitle } from '../db/views.js';
import { relativeToSite, type OwnSite } from './ownSite.js';
import { shownDashboardTitle } from '../db/dashboards.js';
import { listTools } from '../db/tools.js';
import { CATALOGUE } from '../dashlets/catalogue.js';
import { ownDashboards } from '../dashlets/dashboards.js';

const FRAME: MenuTarget = 'maincontentframe';
const STATUS = 'includes/components/xicore/status.php?show=';
const CCM = 'includes/components/ccm/index.php';

function entry(id: string, label: string, path: string, icon: string, target: MenuTarget = FRAME, kind: MenuEntryKind = 'link'): MenuEntry {
  return { id: `menu-${id}`, label, path, icon, target, kind };
}

function section(id: SectionId, label: string, path: string, defaultPath: string, groups: (MenuGroup | false)[]): MenuSection {
  return { id, label, path, defaultPath, icon: id, groups: groups.filter((g): g is MenuGroup => g !== false) };
}

/** Groups whose entries all depend on permissions disappear rather than show empty. */
function group(id: string, label: string, entries: (MenuEntry | false)[], keepEmpty = false): MenuGroup | false {
  const kept = entries.filter((e): e is MenuEntry => e !== false);
  return kept.length || keepEmpty ? { id, label, entries: kept } : false;
}

/** User-chosen icons (user meta `icon-{entry id}`) override the defaults. */
async function iconOverrides(store: Store, userId: number): Promise<Map<string, string>> {
  const rows = await listUserMetaByPrefix(store, userId, 'icon-');
  return new Map(rows.map((r) => [r.key.slice('icon-'.length), r.value]));
}

/**
 * The menu of spec 2.10 for one user, sections in display order, filtered by permissions. `site` is this server as
 * the request names it: a view stored with an address of this server opens as this site's page (relative to the base).
 */
export async function buildMenu(store: Store, userId: number, perms: Permissions, site: OwnSite): Promise<Menu> {
  const favorites = (await listFavorites(store, userId)).map((f) =>
    entry(`favorites-${f.item_key}`, f.title, f.path, 'favorite', f.target as MenuTarget, 'favorite'));
  const views = (await listViews(store, userId)).map((v) => entry(`views-view${v.id}`, shownTitle(v), relativeToSite(v.url, site), 'view', FRAME, 'view'));
  const dashboards = (await ownDashboards(store, userId)).map((d) =>
    entry(`dashboards-${d.id}`, shownDashboardTitle(d), `dashboards/dashboard.php?id=${encodeURIComponent(d.id)}`, 'dashboard', FRAME, 'dashboard'));
  const toolRows = { personal: await listTools(store, 'personal', userId), common: await listTools(store, 'common', userId) };
  const tools = (scope: 'personal' | 'common', page: string) => toolRows[scope].map((t) =>
    entry(`${scope}tools-tool${t.id}`, t.name, `${page}?go=1&id=${t.id}`, 'tool', FRAME, 'tool'));

  const sections: MenuSection[] = [
    section('home', 'Home', '', 'includes/page-home-main.php', [
      group('quickview', 'Quick View', [
        entry('home-home', 'Home', 'includes/page-home-main.php', 'home'),
        entry('home-hoststatus', 'Host Status', `${STATUS}hosts`, 'host'),
        entry('home-servicestatus', 'Service Status', `${STATUS}services`, 'service'),
        entry('home-hostproblems', 'Host Problems', `${STATUS}hostproblems`, 'hostproblem'),
        entry('home-serviceproblems', 'Service Problems', `${STATUS}serviceproblems`, 'serviceproblem'),
        entry('home-hostgroups', 'Host Groups', `${STATUS}hostgroups`, 'hostgroup'),
        entry('home-servicegroups', 'Service Groups', `${STATUS}servicegroups`, 'servicegroup'),
        entry('home-comments', 'Comments', `${STATUS}comments`, 'comment'),
        entry('home-downtimes', 'Downtimes', `${STATUS}downtimes`, 'downtime'),
      ]),
      group('favorites', 'Favorites', favorites, true),
    ]),
    section('views', 'Views', 'views/', 'views/main.php', [
      group('viewtools', 'View Tools', [
        entry('views-addview', 'Add New View', '#', 'add', '', 'addView'),
        entry('views-rotate', 'Rotate Views', '#', 'rotate', '', 'rotateViews'),
        entry('views-manage', 'Manage My Views', 'views/main.php', 'manage'),
      ]),
      group('myviews', 'My Views', views, true),
    ]),
    section('dashboards', 'Dashboards', 'dashboards/', 'dashboards/dashboard.php?id=home', [
      group('dashboardtools', 'Dashboard Tools', [
        entry('dashboards-add', 'Add Dashboard', '#', 'add', '', 'addDashboard'),
        entry('dashboards-manage', 'Manage My Dashboards', 'dashboards/manage.php', 'manage', '_top'),
      ]),
      group('mydashboards', 'My Dashboards', dashboards, true),
      // Each entry opens the dashlet's description and its "Add to dashboard" form (dashboard, options, size).
      group('dashlets', 'Dashlets', [
        entry('dashlets-all', 'All Dashlets', 'dashboards/dashlets.php', 'dashboards'),
        ...CATALOGUE.map((c) => entry(`dashlets-${c.type}`, c.name, `dashboards/dashlets.php?type=${c.type}`, c.icon)),
      ]),
    ]),
    section('reports', 'Reports', 'reports/', 'reports/statussummary.php', [
      group('reports', 'Reports', [
        entry('reports-statussummary', 'Status Summary', 'reports/statussummary.php', 'report'),
        // What happened, and for how long (issue 37).
        entry('reports-history', 'State History', 'reports/history.php', 'report'),
        entry('reports-availability', 'Availability', 'reports/availability.php', 'report'),
        entry('reports-sla', 'SLA Report', 'reports/sla.php', 'report'),
        entry('reports-scheduled', 'Scheduled Reports', 'includes/components/scheduledreporting/schedulereport.php', 'report'),
        entry('reports-scheduledhistory', 'Scheduled Reports History', 'includes/components/scheduledreporting/reporthistory.php', 'report'),
      ]),
    ]),
    section('config', 'Configure', 'config/', 'config/main.php', [
      group('configurequicktools', 'Configure Quick Tools', [entry('config-options', 'Configuration Options', 'config/main.php', 'config', '_top')]),
      group('wizards', 'Wizards', [
        perms.canConfigureObjects && entry('config-wizards', 'Configuration Wizards', 'config/monitoringwizard.php', 'wizard'),
        perms.canAutoDeploy && entry('config-deployagent', 'Deploy Agent', 'config/deployagent.php', 'deploy'),
      ]),
      group('advanced', 'Advanced', [
        perms.canAccessCCM && entry('config-ccm', 'Core Config Manager', 'includes/components/ccm/xi-index.php', 'ccm', '_top'),
      ]),
    ]),
    section('tools', 'Tools', 'tools/', 'tools/main.php', [
      group('mytools', 'My Tools', [entry('personaltools-manage', 'Manage My Tools', 'tools/mytools.php', 'manage', '_top'), ...tools('personal', 'tools/mytools.php')]),
      group('commontools', 'Common Tools', [entry('commontools-manage', 'Manage Common Tools', 'tools/commontools.php', 'manage', '_top'), ...tools('common', 'tools/commontools.php')]),
    ]),
    section('help', 'Help', 'help/', 'help/main.php', [
      group('helpresources', 'Help Resources', [
        entry('help-home', 'Help Home', 'help/main.php', 'help'),
        entry('help-about', 'About', 'about/', 'about', '_top'),
        entry('help-documentation', 'Documentation', 'https://library.nagios.com/', 'external', '_blank'),
        entry('help-support', 'Support Forum', 'https://support.nagios.com/forum/', 'external', '_blank'),
      ]),
    ]),
  ];
  if (perms.isAdmin) {
    sections.push(section('admin', 'Admin', 'admin/', 'admin/main.php', [
      group('systemstatus', 'System Status', [
        entry('admin-home', 'Admin Home', 'admin/main.php', 'admin'),
        entry('admin-sysstat', 'System Status', 'admin/sysstat.php', 'status'),
        entry('admin-engine', 'Monitoring Engine Status', 'admin/sysstat.php?pageopt=monitoringengine', 'engine'),
      ]),
      group('licensing', 'Licensing', [
        entry('admin-license', 'License Information', 'admin/license.php', 'license'),
        entry('admin-activate', 'Activate License', 'admin/activate.php', 'key'),
      ]),
      group('users', 'Users', [entry('admin-users', 'Manage Users', 'admin/users.php', 'users')]),
      group('systemconfig', 'System Config', [
        entry('admin-banners', 'Announcement Banners', 'admin/banners.php', 'banner'),
        entry('admin-displays', 'Displays', 'admin/displays.php', 'monitor'),
      ]),
    ]));
  }
  sections.push(section('account', 'My Account', 'account/', 'account/main.php', [
    group('myaccount', 'My Account', [entry('account-settings', 'Account Information', 'account/main.php', 'account')]),
  ]));
  if (perms.canAccessCCM) {
    sections.push(section('ccm', 'Core Config Manager', 'includes/components/ccm/xi-index.php', CCM, [
      group('ccmmonitoring', 'Monitoring', [
        entry('ccm-hosts', 'Hosts', `${CCM}?type=host`, 'host'),
        entry('ccm-services', 'Services', `${CCM}?type=service`, 'service'),
        entry('ccm-hostgroups', 'Host Groups', `${CCM}?type=hostgroup`, 'hostgroup'),
        entry('ccm-servicegroups', 'Service Groups', `${CCM}?type=servicegroup`, 'servicegroup'),
      ]),
    ]));
  }
  sections.push(section('enterprise', 'Enterprise', 'enterprise/', 'enterprise/enterprise.php', [
    group('enterprisefeatures', 'Enterprise Features', [entry('enterprise-features', 'Enterprise Features', 'enterprise/enterprise.php', 'enterprise', '_top')]),
  ]));

  const icons = await iconOverrides(store, userId);
  const menu: Menu = {};
  for (const s of sections) {
    for (const g of s.groups) for (const e of g.entries) e.icon = icons.get(e.id) ?? e.icon;
    menu[s.id] = s;
  }
  return menu;
}
