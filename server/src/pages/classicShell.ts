import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MenuEntry, MenuSection } from '../../../src/lib/apiTypes.js';
import type { AppContext, Caller } from '../http/context.js';
import { DEFAULT_LANGUAGE, requestLanguage, t } from '../http/language.js';
import { setUserTheme } from '../db/users.js';
import { buildMenu } from '../menu/buildMenu.js';
import type { OwnSite } from '../menu/ownSite.js';
import { availableLanguages, LANG_DIR } from '../settings/account.js';
import { html, type SafeHtml } from './html.js';
import { nspField } from './formGuard.js';
import { classicDocument, pageBody } from './layout.js';
import { registerPage } from './pageRoute.js';
import { statusUrl } from './urls.js';

/** The account theme whose pages this server renders itself (spec 7: Switch to Modern posts it). */
export const CLASSIC_UI_THEME = 'xi5';
/** Where the classic UI's form switches back to the modern app. */
export const MODERN_SWITCH_PATH = 'account/theme.php';
const MODERN_THEME = 'neptune';
const FRAME = 'maincontentframe';

/** Section id for an app route relative to the base ('' is home, 'config/main.php' is config). */
function sectionOf(route: string): string {
  if (route === '' || route === 'index.php') return 'home';
  if (route.startsWith('includes/components/ccm/')) return 'ccm';
  return route.split('/')[0] ?? 'home';
}

/** A page the frame may show: relative to the base, same origin, and not one of the app's own routes. */
function framePage(path: string, appRoutes: ReadonlySet<string>): boolean {
  return path !== '' && path !== '#' && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path)
    && !appRoutes.has(path.split('?')[0] ?? '');
}

/** xiwindow as a page under the base, or undefined when it is not one the frame may show. */
function requestedPage(base: string, xiwindow: unknown, appRoutes: ReadonlySet<string>): string | undefined {
  if (typeof xiwindow !== 'string') return undefined;
  const relative = xiwindow.startsWith(base) ? xiwindow.slice(base.length) : xiwindow;
  return framePage(relative, appRoutes) && !relative.startsWith('/') ? relative : undefined;
}

/** Entries named by their user (favourites, views, dashboards, tools): shown as typed, in every language. */
const OWN_NAMES: ReadonlySet<string> = new Set(['favorite', 'view', 'dashboard', 'tool']);
const appTranslations = new Map<string, Readonly<Record<string, unknown>>>();

/**
 * The app's own translation of the menu, read once per language: this theme runs no app code, and an entry should
 * have one name in both themes.
 */
function menuLabels(language: string): (key: string, label: string) => string {
  let found = appTranslations.get(language);
  if (!found) {
    found = language !== DEFAULT_LANGUAGE && availableLanguages().includes(language)
      ? JSON.parse(fs.readFileSync(path.join(LANG_DIR, `${language}.json`), 'utf8')) as Record<string, unknown>
      : {};
    appTranslations.set(language, found);
  }
  const labels = found;
  return (key, label) => {
    const translated = labels[key];
    return typeof translated === 'string' && translated ? translated : label;
  };
}

/** The menu in the reader's language by the same keys as the app's translateMenu; a label with no key stays. */
function translateSections(sections: MenuSection[]): MenuSection[] {
  const pick = menuLabels(requestLanguage());
  return sections.map((s) => ({
    ...s,
    label: pick(`menu.section.${s.id}`, s.label),
    groups: s.groups.map((g) => ({
      ...g,
      label: pick(`menu.group.${g.id}`, g.label),
      entries: g.entries.map((e) => (OWN_NAMES.has(e.kind)
        ? e
        : { ...e, label: pick(`menu.entry.${e.id.replace(/^menu-/, '')}`, e.label) })),
    })),
  }));
}

function entryLink(base: string, e: MenuEntry, appRoutes: ReadonlySet<string>): SafeHtml | '' {
  if (e.path === '#' || e.path === '') return '';
  if (/^https?:\/\//i.test(e.path)) {
    return html`<li><a href="${e.path}" target="_blank" rel="noopener noreferrer">${e.label}</a></li>`;
  }
  return framePage(e.path, appRoutes)
    ? html`<li><a href="${base}${e.path}" target="${FRAME}">${e.label}</a></li>`
    : html`<li><a href="${base}${e.path}">${e.label}</a></li>`;
}

function statusLinks(base: string): SafeHtml {
  const links: [string, string][] = [
    [t`Service Status`, statusUrl(base, { show: 'services' })],
    [t`Host Status`, statusUrl(base, { show: 'hosts' })],
    [t`Service Problems`, statusUrl(base, { show: 'serviceproblems' })],
    [t`Host Problems`, statusUrl(base, { show: 'hostproblems' })],
    [t`System Status`, `${base}admin/sysstat.php`],
  ];
  return html`<nav aria-label="${t`Status`}"><h2>${t`Status`}</h2>\
<ul>${links.map(([label, href]) => html`<li><a href="${href}" target="${FRAME}">${label}</a></li>`)}</ul></nav>`;
}

/**
 * Spec 7's classic theme (xi5), rendered by the server with no script at all, for a browser that cannot run the
 * modern app: the sections as plain links, the current section's menu, the status pages, and one frame for the page.
 */
export async function classicShell(
  ctx: AppContext, caller: Caller, route: string, xiwindow: unknown, appRoutes: ReadonlySet<string>, site: OwnSite,
): Promise<string> {
  const base = ctx.base;
  const sections = translateSections(Object.values(await buildMenu(ctx.store, caller.user.id, caller.perms, site))
    .filter((s): s is MenuSection => s !== undefined));
  const current = sectionOf(route);
  const section = sections.find((s) => s.id === current) ?? sections[0];
  const fallback = section && framePage(section.defaultPath, appRoutes)
    ? section.defaultPath
    : 'includes/page-home-main.php';
  const page = requestedPage(base, xiwindow, appRoutes) ?? fallback;
  const body = html`<header class="classic-ui-header">
<p class="classic-ui-brand">Pharos</p>
<nav aria-label="${t`Sections`}"><ul class="classic-ui-sections">${sections.map((s) => html`<li>\
<a href="${base}${s.path}"${s.id === section?.id ? html` aria-current="page"` : ''}>${s.label}</a></li>`)}</ul></nav>
<form method="post" action="${base}${MODERN_SWITCH_PATH}" class="classic-ui-switch">
${nspField(caller)}
<button type="submit" class="button">${t`Switch to the modern theme`}</button>
</form>
</header>
<div class="classic-ui-body">
<div class="classic-ui-menu">
${statusLinks(base)}
<nav aria-label="${section?.label ?? t`Menu`}">
${(section?.groups ?? []).map((g) =>
    html`<h2>${g.label}</h2><ul>${g.entries.map((e) => entryLink(base, e, appRoutes))}</ul>`)}
</nav>
</div>
<iframe name="${FRAME}" title="${t`Main content`}" class="classic-ui-frame" src="${base}${page}"></iframe>
</div>`;
  return classicDocument({ base, title: `${section?.label ?? t`Home`} · Pharos`, body, bodyClass: 'classic-ui' });
}

/**
 * The classic UI's way back: a form post (nsp and same origin checked) that sets the modern theme and opens the app.
 */
export function registerModernSwitch(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: MODERN_SWITCH_PATH,
    get: (env) => ({
      title: t`Theme`,
      body: pageBody({
        heading: t`Theme`,
        intro: env.caller.user.theme === CLASSIC_UI_THEME
          ? t`You are using the classic theme.`
          : t`You are using the modern theme.`,
        content: html`<form method="post" action="${env.ctx.base}${MODERN_SWITCH_PATH}" target="_top">
${nspField(env.caller)}
<button type="submit" class="button">${t`Switch to the modern theme`}</button>
</form>`,
      }),
    }),
    post: async (env) => {
      await setUserTheme(env.ctx.store, env.caller.user.id, MODERN_THEME);
      return { redirect: env.ctx.base };
    },
  });
}
