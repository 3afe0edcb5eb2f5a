import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { listUsers, permissionsOf } from '../db/users.js';
import { getLicense } from '../db/license.js';
import { listBanners } from '../db/banners.js';
import { listDisplays } from '../db/displays.js';
import { mark, t, translate } from '../http/language.js';
import { html, withMarkup } from './html.js';
import { pageBody } from './layout.js';
import { gates, registerPage } from './pageRoute.js';
import { dataTable, tableHead } from './table.js';

const FLAG_LABELS = [
  ['isAdmin', mark('Administrator')], ['isAuthorizedForMonitoringSystem', mark('Monitoring system')],
  ['canConfigureObjects', mark('Configure objects')], ['canAccessCCM', 'Core Config Manager'],
  ['canAutoDeploy', mark('Auto-deploy')],
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

  registerPage(app, ctx, {
    path: 'admin/users.php',
    gate: gates.admin,
    async get() {
      const users = await listUsers(ctx.store);
      const head = tableHead(
        t`Username`, ...FLAG_LABELS.map(([, label]) => translate(label)), t`Theme`, t`Language`,
      );
      const yes = html`<span class="badge state-ok">${t`Yes`}</span>`;
      const no = html`<span class="badge state-neutral">${t`No`}</span>`;
      const rows = users.map((u) => {
        const perms = permissionsOf(u);
        return html`<tr><th scope="row">${u.username}</th>\
${FLAG_LABELS.map(([flag]) => html`<td>${perms[flag] ? yes : no}</td>`)}
<td>${u.theme}</td><td>${u.language}</td></tr>`;
      });
      const hint = withMarkup((api, cli) => t`Add, change or remove users with the admin API (${api}) \
or the command line: ${cli}.`, html`<code>api/v2/admin/users</code>`, html`<code>npm run admin -- help</code>`);
      const content = html`${dataTable(t`User accounts and their permissions`, head, rows, t`There are no users.`,
        FLAG_LABELS.length + 3)}
<p class="hint">${hint}</p>`;
      return { title: t`Users`, body: pageBody({ heading: t`Manage Users`, content }) };
    },
  });
}
