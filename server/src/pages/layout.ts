import { UNAVAILABLE_MARKER } from '../http/closing.js';
import { requestLanguage } from '../http/language.js';
import { ageScript, liveDataAge, type LaggingEngine } from './dataAge.js';
import { html, type SafeHtml } from './html.js';

export type ClassicTheme = 'neptune' | 'neptunelight' | 'neptunecolorblind';

export const CLASSIC_THEMES: readonly ClassicTheme[] = ['neptune', 'neptunelight', 'neptunecolorblind'];

/**
 * The user's stored theme as a classic page class; values the classic pages do not know (e.g. `xi5`) fall back to
 * dark.
 */
export function classicTheme(stored: string | undefined): ClassicTheme {
  return (CLASSIC_THEMES as readonly string[]).includes(stored ?? '') ? (stored as ClassicTheme) : 'neptune';
}

export interface DocumentOptions {
  base: string;
  title: string;
  theme?: ClassicTheme;
  body: SafeHtml;
  /** Extra class on <body>, e.g. for the login page's centred layout. */
  bodyClass?: string;
  /** Links the app's manifest and icons, so a page reached before the app (login) can be installed too. */
  installable?: boolean;
  /**
   * The page stands in for one the server cannot give now (its database is not answering): marked like the restart
   * page, so the app's frames count it as a failed load, hold what they showed and load it again on recovery.
   */
  unavailable?: string;
  /** Seconds after which the page loads itself again (an unavailable page opened as the whole window). */
  refresh?: number;
  /** Shown on a wall (`wall=1`, added by the wallboard's frames): sized for the room by classic.css. */
  wall?: boolean;
}

/**
 * The query parameter the wallboard adds to the pages it frames. It only ever sizes the page's text for a room (the
 * value must be exactly `1`, and is never written into the page), so a link that carries it can do no harm.
 */
const WALL_PARAM = 'wall';

export function onWall(query: unknown): boolean {
  return typeof query === 'object' && query !== null && (query as Record<string, unknown>)[WALL_PARAM] === '1';
}

/** The same manifest, icons and web-app tags as the app's index.html, absolute under the base. */
function installLinks(base: string): SafeHtml {
  return html`<link rel="manifest" href="${base}manifest.webmanifest">
<link rel="icon" href="${base}icons/pharos.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="${base}icons/apple-touch-icon.png" sizes="180x180">
<meta name="theme-color" content="#131b25">
<meta name="mobile-web-app-capable" content="yes">
<meta name="apple-mobile-web-app-capable" content="yes">
<meta name="apple-mobile-web-app-status-bar-style" content="black">
<meta name="apple-mobile-web-app-title" content="Pharos">
`;
}

/**
 * The shell of every server-rendered classic page: theme class from the user's setting, one stylesheet, no inline
 * script.
 */
export function classicDocument(o: DocumentOptions): string {
  // The page is in the reader's language (en_US gives "en", de_DE "de"), so screen readers pronounce it as such.
  const lang = requestLanguage().split('_')[0] || 'en';
  return html`<!doctype html>
<html lang="${lang}" class="${o.theme ?? 'neptune'}"${o.wall ? html` data-wall` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="pharos-page" content="classic">
${o.unavailable ? html`<meta name="${UNAVAILABLE_MARKER}" content="${o.unavailable}">
` : ''}${o.refresh ? html`<meta http-equiv="refresh" content="${o.refresh}">
` : ''}<title>${o.title}</title>
<link rel="stylesheet" href="${o.base}includes/css/classic.css">
${o.installable ? installLinks(o.base) : ''}</head>
<body class="classic ${o.bodyClass ?? ''}">
${o.body}
</body>
</html>`.value;
}

export interface Tab { label: string; href: string; current: boolean }

/** Tabs as a labelled nav of links; the current one carries aria-current, not just a colour. */
export function tabs(label: string, items: Tab[]): SafeHtml {
  return html`<nav class="tabs" aria-label="${label}"><ul>${items.map((t) =>
    html`<li><a href="${t.href}"${t.current ? html` aria-current="page"` : ''}>${t.label}</a></li>`)}</ul></nav>`;
}

export interface PageBodyOptions {
  heading: string;
  /** Short line under the heading. */
  intro?: SafeHtml | string;
  notice?: string;
  error?: string;
  nav?: SafeHtml;
  content: SafeHtml;
  /**
   * A page of monitoring data: the time of that data (the snapshot's `updated`) and the base for livepage.js, which
   * keeps its age counting and loads it again in place every `refresh` seconds (0: never, a page with forms).
   * `lagging`: engines not answering, whose rows on the page are older than `updated` says (laggingEngines).
   */
  live?: { updated: number; base: string; refresh?: number; lagging?: readonly LaggingEngine[] };
}

/** Main landmark with heading, optional tabs and status messages; every classic page body goes through here. */
export function pageBody(o: PageBodyOptions): SafeHtml {
  return html`<main class="page">
<h1>${o.heading}</h1>
${o.live ? liveDataAge(o.live.updated, o.live.refresh, o.live.lagging) : ''}
${o.nav ?? ''}
${o.intro ? html`<p class="intro">${o.intro}</p>` : ''}
${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ''}
${o.content}
</main>${o.live ? ageScript(o.live.base, 'livepage') : ''}`;
}
