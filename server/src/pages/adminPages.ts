import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { listUsers } from '../db/users.js';
import { getLicense } from '../db/license.js';
import { listBanners } from '../db/banners.js';
import { listDisplays } from '../db/displays.js';
import { t } from '../http/language.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { gates, registerPage } from './pageRoute.js';
import { registerUsersPage } from './usersPage.js';

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
${section(t`System Status`, [
    [t`System Status`, a('sysstat.php'), t`Daemons, check rates, load and memory`],
    [t`Monitoring Engine`, a('sysstat.php?pageopt=monitoringengine'), t`Program status and global toggles`],
  ])}
${section(t`Licensing`, [
    [t`License Information`, a('license.php'),
      license.is_license_activated ? t`Licence activated` : t`Licence not activated`],
    [t`Activate License`, a('activate.php'),
      license.has_activation_key ? t`An activation key is entered` : t`No activation key entered`],
  ])}
${section(t`Users`, [[t`Manage Users`, a('users.php'),
    users === 1 ? t`${users} user account` : t`${users} user accounts`]])}
${section(t`System Config`, [
    [t`Announcement Banners`, a('banners.php'),
      banners === 1 ? t`${banners} active banner` : t`${banners} active banners`],
    [t`Displays`, a('displays.php'), displays === 1
      ? t`${displays} paired display showing a wallboard`
      : t`${displays} paired displays showing a wallboard`],
  ])}
</div>`;
      return {
        title: t`Admin`,
        body: pageBody({
          heading: t`Administration`, intro: t`Manage system settings, licensing, users and announcements.`, content,
        }),
      };
    },
  });

  registerUsersPage(app, ctx);
}
