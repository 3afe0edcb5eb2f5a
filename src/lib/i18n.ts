import i18next, { type BackendModule, type i18n as I18n, type InitOptions, type TOptions } from 'i18next';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { ApiError, http } from './http';

export const DEFAULT_LANGUAGE = 'en_US';
const STORAGE_KEY = 'language';

/** Spec 9: translation loading retries up to 5 times from 350 ms doubling, at most 10 reads in parallel, 1000 replacements. */
export const I18N_OPTIONS: InitOptions = {
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  fallbackLng: false,
  load: 'currentOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  // Resource files are flat: 'session.timedOut' is one key, not a path.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, maxReplaces: 1000 },
  returnNull: false,
};

/** Language codes go into a URL path, so only the plain ll_CC shape is accepted. */
export function isLanguageCode(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z]{2,3}(_[A-Z]{2})?$/.test(value);
}

function retryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Reads `includes/lang/json/{language}.json`; i18next itself retries (callback's `true`) and limits parallel reads. */
export const translationBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguageCode(language)) {
      callback(new Error(`Unknown language ${language}`), false);
      return;
    }
    http.get<Record<string, string>>(`includes/lang/json/${language}.json`).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), retryable(error)),
    );
  },
};

export function createI18n(): I18n {
  return i18next.createInstance().use(translationBackend);
}

export const i18n = createI18n();
/** True once the first translation resource has loaded (or finally failed). */
export const i18nReady = signal(false);
// A new function per language change, so memoised children that receive `t` re-render too.
const current = signal<Translate>((key, vars) => translate(key, vars));

function bump(): void {
  current.value = (key, vars) => translate(key, vars);
}

/** Where the language is remembered between visits: the per-user store's preferences (lib/store.ts). */
export interface LanguagePrefs {
  getLocal(name: string): string | null;
  setLocal(name: string, value: string): void;
}

let prefs: LanguagePrefs | undefined;

function storedLanguage(): string {
  const stored = prefs?.getLocal(STORAGE_KEY);
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

async function applyLanguage(language: string): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = language.replace('_', '-');
  // Without storage the server's answer is fetched on every start anyway.
  prefs?.setLocal(STORAGE_KEY, language);
}

/**
 * Starts with the language remembered from last time (so its resource loads at once), then follows the
 * account language (GET api/v2/account/language, default en_US).
 */
export async function initI18n(languagePrefs?: LanguagePrefs): Promise<void> {
  prefs = languagePrefs;
  i18n.on('languageChanged', bump);
  i18n.on('loaded', bump);
  const first = storedLanguage();
  const account = http.get<{ language?: unknown }>('api/v2/account/language')
    .then((r) => (isLanguageCode(r.language) ? r.language : DEFAULT_LANGUAGE))
    .catch(() => undefined);
  try {
    await i18n.init({ ...I18N_OPTIONS, lng: first });
    const language = (await account) ?? first;
    await applyLanguage(language);
  } catch (error) {
    console.error('Failed to load the translations.', error);
  } finally {
    i18nReady.value = true;
  }
}

/** Saves the account language on the server and switches to it. */
export async function changeLanguage(language: string): Promise<void> {
  if (!isLanguageCode(language)) throw new Error(`Unknown language ${language}`);
  await http.post('api/v2/account/language', { language });
  await applyLanguage(language);
}

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

export function translate(key: string, vars?: Record<string, unknown>): string {
  return String(i18n.t(key, vars as TOptions | undefined));
}

/** The translate function; components using it re-render when the language or its resource changes. */
export function useT(): Translate {
  useSignals();
  return current.value;
}
