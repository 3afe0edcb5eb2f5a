import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { listUsers, permissionsOf } from '../db/users.js';
import { getLicense } from '../db/license.js';
import { listBanners } from '../db/banners.js';
import { listDisplays } from '../db/displays.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { gates, registerPage } from './pageRoute.js';
import { dataTable, tableHead } from './table.js';

const FLAG_LABELS = [
  ['isAdmin', 'Administrator'], ['isAuthorizedForMonitoringSystem', 'Monitoring system'],
  ['canConfigureObjects', 'Configure objects'], ['canAccessCCM', 'Core Config Manager'],
  ['canAutoDeploy', 'Auto-deploy'],
] as const;

export function registerAdminPages(app: FastifyInstance, ctx: AppContext): void {
  const a = (path: string) => `${ctx.base}admin/${path}`;

  registerPage(app, ctx, {
    path: 'admin/main.php',
    gate: gates.admin,
    async get() {
      const license = await getLicense(ctx.store);
      const banners = (await listBanners(ctx.store)).filter((b) => b.active).length;
      const users = (await listUsers(ctx.store)).length;
      const displays = (await listDisplays(ctx.store)).length;
      const section = (title: string, links: [string, string, string][]) => html`<section class="card">\
<h2>${title}</h2><ul class="link-list">
${links.map(([label, href, text]) =>
    html`<li><a href="${href}">${label}</a><span class="muted"> · ${text}</span></li>`)}\
</ul></section>`;
      const content = html`<div class="cards">
${section('System Status', [
    ['System Status', a('sysstat.php'), 'Daemons, check rates, load and memory'],
    ['Monitoring Engine', a('sysstat.php?pageopt=monitoringengine'), 'Program status and global toggles'],
  ])}
${section('Licensing', [
    ['License Information', a('license.php'),
      license.is_license_activated ? 'Licence activated' : 'Licence not activated'],
    ['Activate License', a('activate.php'),
      license.has_activation_key ? 'An activation key is entered' : 'No activation key entered'],
  ])}
${section('Users', [['Manage Users', a('users.php'), `${users} user account${users === 1 ? '' : 's'}`]])}
${section('System Config', [
    ['Announcement Banners', a('banners.php'), `${banners} active banner${banners === 1 ? '' : 's'}`],
    ['Displays', a('displays.php'),
      `${displays} paired display${displays === 1 ? '' : 's'} showing a wallboard`],
  ])}
</div>`;
      return {
        title: 'Admin',
        body: pageBody({
          heading: 'Administration', intro: 'Manage system settings, licensing, users and announcements.', content,
        }),
      };
    },
  });

  registerPage(app, ctx, {
    path: 'admin/users.php',
    gate: gates.admin,
    async get() {
      const users = await listUsers(ctx.store);
      const head = tableHead('Username', ...FLAG_LABELS.map(([, label]) => label), 'Theme', 'Language');
      const yes = html`<span class="badge state-ok">Yes</span>`;
      const no = html`<span class="badge state-neutral">No</span>`;
      const rows = users.map((u) => {
        const perms = permissionsOf(u);
        return html`<tr><th scope="row">${u.username}</th>\
${FLAG_LABELS.map(([flag]) => html`<td>${perms[flag] ? yes : no}</td>`)}
<td>${u.theme}</td><td>${u.language}</td></tr>`;
      });
      const content = html`${dataTable('User accounts and their permissions', head, rows, 'There are no users.',
        FLAG_LABELS.length + 3)}
<p class="hint">Add, change or remove users with the admin API (<code>api/v2/admin/users</code>) \
or the command line: <code>npm run admin -- help</code>.</p>`;
      return { title: 'Users', body: pageBody({ heading: 'Manage Users', content }) };
    },
  });
}
