import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { mark, t, translate } from '../http/language.js';
import { capabilitiesOf } from '../monitoring/source.js';
import { getBranding, type Branding } from '../db/branding.js';
import { getLicense } from '../db/license.js';
import { PRODUCT_VERSION } from '../settings/product.js';
import { html, type SafeHtml } from './html.js';
import { pageBody, tabs } from './layout.js';
import { yesNo } from './format.js';
import { registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { dataTable, factsTable, tableHead } from './table.js';
import { statusUrl } from './urls.js';

/** Sources' names that are words, not product names: marked here for the catalogue, as monitoring/ cannot. */
export const TRANSLATED_SOURCE_NAMES: readonly string[] = [mark('Demo fleet')];

const SHORTCUTS: [string, string][] = [
  [mark('Ctrl+K (Cmd+K on a Mac)'), mark('Open the search palette from anywhere in the app')],
  [mark('Arrow Up / Arrow Down'), mark('Move between search results')],
  [mark('Enter'), mark('Open the selected search result')],
  [mark('Escape'), mark('Close the search palette or a dialog')],
  ['F8', mark('Move focus to the notifications area')],
  [mark('Tab / Shift+Tab'), mark('Move between links, buttons and form fields')],
  [mark('Space (in a status list)'), mark('Select or clear the row whose link has the focus')],
  [mark('A (in a status list)'), mark('Open the actions for the selected rows')],
];

const THIRD_PARTY = [
  'Fastify', mark('better-sqlite3 and SQLite'), 'React', 'React Aria', 'wouter', 'i18next', 'Workbox',
  mark('node-postgres and Kysely (for PostgreSQL)'),
  mark('Nagios Core (when connected; not shipped)'),
  mark('Icinga 2, Naemon or another Livestatus engine (when connected; not shipped)'),
];

function helpPage(env: PageEnv): PageResult {
  const { base } = env.ctx;
  const content = html`<section class="card"><h2>${t`What Pharos is`}</h2>
<p>${t`Pharos is a web front end for a network and infrastructure monitoring server.`} \
${t`It shows the state of monitored hosts and services,
lets operators acknowledge problems, schedule downtime and re-check objects, \
and gives administrators licensing, user and announcement settings.`}
${t`It works with a simulated demo fleet, with a real Nagios Core engine, or with engines that speak Livestatus \
such as Icinga 2 and Naemon, several at once if need be.`}</p></section>
<section class="card"><h2>${t`Getting around`}</h2>
<ul><li>${t`The icon rail on the left switches between sections; each section has its own menu next to it.`}</li>
<li>${t`Most pages open in the main content area; the full-screen toggle in its corner hides the rest of the app.`}</li>
<li>${t`Type any host, service or group name into the search box in the top bar, or press Ctrl+K, \
to jump straight to it.`}</li>
<li>${t`On status lists, filter by state or text, sort by clicking a column heading \
and move through pages with the links below the table.`}</li>
<li>${t`A host's or service's detail page offers the commands you are allowed to send: \
acknowledge, downtime, re-check, checks and notifications, comments.`}</li></ul></section>
<h2>${t`Keyboard shortcuts`}</h2>
${dataTable(t`Keyboard shortcuts`, tableHead(t`Keys`, [t`Action`, 'wide']), SHORTCUTS.map(([k, v]) =>
    html`<tr><th scope="row"><kbd>${translate(k)}</kbd></th><td>${translate(v)}</td></tr>`), '', 2)}
<h2>${t`Useful pages`}</h2>
<ul class="link-list">
<li><a href="${base}includes/page-home-main.php">${t`Tactical overview`}</a></li>
<li><a href="${statusUrl(base, { show: 'serviceproblems' })}">${t`Unhandled service problems`}</a></li>
<li><a href="${statusUrl(base, { show: 'hosts' })}">${t`Host status`}</a></li>
<li><a href="${base}reports/statussummary.php">${t`Status summary report`}</a></li>
<li><a href="${base}account/main.php">${t`My account settings`}</a></li>
<li><a href="${base}about/main.php">${t`About Pharos`}</a></li>
<li><a href="https://assets.nagios.com/downloads/nagioscore/docs/nagioscore/4/en/" rel="noopener noreferrer"\
 target="_blank">${t`Nagios Core documentation (opens in a new tab)`}</a></li>
</ul>`;
  return { title: t`Help`, body: pageBody({ heading: t`Help`, content }) };
}

function aboutNav(env: PageEnv, current: 'main' | 'legal' | 'license', branding: Branding): SafeHtml {
  const { base } = env.ctx;
  return tabs(t`About`, [
    { label: t`About`, href: `${base}about/main.php`, current: current === 'main' },
    ...(branding.hide_legal
      ? []
      : [{ label: t`Legal Information`, href: `${base}about/legal.php`, current: current === 'legal' }]),
    { label: t`License`, href: `${base}about/license.php`, current: current === 'license' },
  ]);
}

async function aboutPage(env: PageEnv): Promise<PageResult> {
  const { ctx } = env;
  const branding = await getBranding(ctx.store);
  const product = (await getLicense(ctx.store)).product_name;
  const facts = factsTable(t`Product`, [
    [t`Product`, product], [t`Version`, PRODUCT_VERSION],
    // The source names itself in English; a name the catalogue knows (the default "Monitoring engine", the demo fleet)
    // is translated.
    [t`Monitoring source`, translate(capabilitiesOf(ctx.monitoring).label)],
  ]);
  const content = branding.hide_about ? facts : html`${facts}
<p>${t`${product} is a monitoring front end: a modern shell around server-rendered status pages, \
with host and service status, dashboards,
reports, configuration entry points, tools and administration.`}</p>
<p>Copyright © 2008–${new Date().getFullYear()} <span class="name">${branding.copyright}</span>.</p>`;
  return {
    title: t`About`,
    body: pageBody({ heading: t`About ${product}`, nav: aboutNav(env, 'main', branding), content }),
  };
}

async function legalPage(env: PageEnv): Promise<PageResult> {
  const { ctx } = env;
  const branding = await getBranding(ctx.store);
  const content = branding.hide_legal
    ? html`<p>${t`Legal information is not shown on this system. Ask your administrator for details.`}</p>`
    : html`<p>${t`Nagios and Nagios XI are trademarks of their respective owner; \
they are named only to describe compatibility.`} ${t`Pharos is not affiliated with or endorsed by them.`}</p>
<p>Copyright © 2008–${new Date().getFullYear()} <span class="name">${branding.copyright}</span>.</p>
<h2>${t`Third-party software`}</h2><ul>${THIRD_PARTY.map((name) => html`<li>${translate(name)}</li>`)}</ul>
<p>${t`Each component is used under its own licence, included with its package.`}</p>`;
  return {
    title: t`Legal Information`,
    body: pageBody({ heading: t`Legal Information`, nav: aboutNav(env, 'legal', branding), content }),
  };
}

async function licenseInfoPage(env: PageEnv): Promise<PageResult> {
  const l = await getLicense(env.ctx.store);
  const type = l.is_enterprise_license ? t`Enterprise` : l.is_trial_license ? t`Trial`
    : l.is_free_license ? t`Free`
      : l.is_25_year_celebration_license ? t`25-year special edition`
        : l.is_core_services_platform_license ? t`Core services platform` : t`Standard`;
  const special = l.is_25_year_celebration_license || l.is_core_services_platform_license;
  const content = html`${factsTable(t`Licence`, [
    [t`Product`, l.product_name], [t`Licence type`, type], [t`Activated`, yesNo(l.is_license_activated)],
    [t`Within limits`, yesNo(!l.is_license_exceeded)],
  ])}
${special ? html`<section class="card"><h2>${t`SPECIAL EDITION - FOR PERSONAL USE ONLY`}</h2>
<p>${t`The promotional or anniversary product key is for personal, training and non-commercial use only.`} \
${t`Commercial use is allowed if the vendor ceases operation without transferring the rights.`}</p></section>` : ''}
<p>${t`The licence is used according to the terms agreed when the licence key was obtained.`} \
${t`Administrators manage it under Admin → License Information.`}</p>`;
  const nav = aboutNav(env, 'license', await getBranding(env.ctx.store));
  return { title: t`License`, body: pageBody({ heading: t`License`, nav, content }) };
}

export function registerInfoPages(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, { path: 'help/main.php', get: helpPage });
  registerPage(app, ctx, { path: 'about/main.php', get: aboutPage });
  registerPage(app, ctx, { path: 'about/legal.php', get: legalPage });
  registerPage(app, ctx, { path: 'about/license.php', get: licenseInfoPage });
}
