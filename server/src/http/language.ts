/**
 * The language a request is answered in (issue 20: a language is the whole product, classic pages and the server's
 * refusals included). Server text is written in English inside t`…` and looked up, gettext style, by that English
 * text in `server/lang/{language}/*.json`: the page code stays readable, and a missing entry falls back to English.
 *
 * The language belongs to the request, not to a module: `withRequestLanguage` gives each request its own holder
 * (AsyncLocalStorage, as @fastify/request-context does), and `answerIn` sets it once the caller, and so their stored
 * language, is known. Text built outside a request (the CLI, startup) is English.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';

export const DEFAULT_LANGUAGE = 'en_US';
export const SERVER_LANG_DIR = path.resolve(import.meta.dirname, '..', '..', 'lang');

interface RequestLanguage { language: string }

// One store for the process: it holds no data itself, only each request's own holder while that request runs.
const requests = new AsyncLocalStorage<RequestLanguage>();
const catalogues = new Map<string, ReadonlyMap<string, string>>();

/** Every `*.json` in `server/lang/{language}/`, merged: one file per area, so areas are translated independently. */
export function loadCatalogue(language: string, dir = SERVER_LANG_DIR): ReadonlyMap<string, string> {
  const entries = new Map<string, string>();
  let files: string[] = [];
  try {
    files = fs.readdirSync(path.join(dir, language)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return entries;
  }
  for (const file of files) {
    const parsed = JSON.parse(fs.readFileSync(path.join(dir, language, file), 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string' && value) entries.set(key, value);
  }
  return entries;
}

function catalogue(language: string): ReadonlyMap<string, string> {
  let found = catalogues.get(language);
  if (!found) {
    found = language === DEFAULT_LANGUAGE ? new Map() : loadCatalogue(language);
    catalogues.set(language, found);
  }
  return found;
}

/** Runs one request's handling with its own language holder, English until `answerIn` says otherwise. */
export function withRequestLanguage<T>(run: () => T): T {
  return requests.run({ language: DEFAULT_LANGUAGE }, run);
}

/** The rest of this request is answered in `language` (a stored user language; unknown ones read as English). */
export function answerIn(language: string): void {
  const holder = requests.getStore();
  if (holder) holder.language = language;
}

export function requestLanguage(): string {
  return requests.getStore()?.language ?? DEFAULT_LANGUAGE;
}

/** The key of t`…` text: the English with `{0}`, `{1}`… where the values go. */
export function keyOf(strings: readonly string[]): string {
  return strings.reduce((key, part, i) => (i ? `${key}{${i - 1}}${part}` : part), '');
}

/** `text` (English, with `{0}`… placeholders) in the request's language, the values put in their places. */
export function translate(text: string, values: readonly unknown[] = []): string {
  const translated = catalogue(requestLanguage()).get(text) ?? text;
  return values.length ? translated.replace(/\{(\d+)\}/g, (all, i: string) => {
    const value = values[Number(i)];
    return value === undefined ? all : String(value);
  }) : translated;
}

/** t`The host '${name}' was not found.`: English in the code, the request's language on the page. */
export function t(strings: TemplateStringsArray, ...values: unknown[]): string {
  return translate(keyOf(strings), values);
}

/**
 * Marks English text kept in a constant for translation where it is shown (`translate(gate.message)`), so the
 * completeness check finds it. Returns the text unchanged.
 */
export function mark<T extends string>(text: T): T {
  return text;
}

/**
 * Remembers the language of the last user on this browser, for the pages shown before anyone signs in (the login page,
 * the wallboard's pairing screen): set at login and at logout, so a German user who logs out reads German on the
 * login page. Not a secret and not a setting: a user's stored language still decides once they are known.
 */
export const LANGUAGE_COOKIE = 'pharos_lang';

/** The languages the server has text for: English and every `server/lang/{language}/`. */
export function serverLanguages(dir = SERVER_LANG_DIR): string[] {
  let found: string[] = [];
  try {
    found = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    found = [];
  }
  return [DEFAULT_LANGUAGE, ...found.filter((l) => l !== DEFAULT_LANGUAGE).sort()];
}

/**
 * The language for a visitor nobody has signed in as: the language cookie of the last user on this browser, else the
 * browser's Accept-Language (best q first, `de-DE` or just `de`), else English. Unknown languages are passed over.
 */
export function visitorLanguage(cookie: string | undefined, acceptLanguage: string | undefined,
  known: readonly string[] = serverLanguages()): string {
  if (cookie && known.includes(cookie)) return cookie;
  const wanted = (acceptLanguage ?? '').split(',').map((part, order) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), order };
  }).filter((w) => w.tag && w.q > 0).sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of wanted) {
    const exact = known.find((l) => l.toLowerCase().replace('_', '-') === tag);
    if (exact) return exact;
    const primary = tag.split('-')[0];
    const near = known.find((l) => l.toLowerCase().split('_')[0] === primary);
    if (near) return near;
  }
  return DEFAULT_LANGUAGE;
}

/** The request language as a BCP 47 locale: en-US, de-DE. */
export function requestLocale(): string {
  return requestLanguage().replace('_', '-');
}

/** A number as the request's language writes it: 1,234 in English, 1.234 in German. */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return n.toLocaleString(requestLocale(), options);
}
