import i18next, { type BackendModule, type i18n as I18n, type InitOptions, type TOptions } from 'i18next';
import { signal, type ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { ApiError, type HttpClient } from './http';
import { createModelContext } from './modelContext';

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
export function createTranslationBackend(http: Pick<HttpClient, 'get'>): BackendModule {
  return {
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
}

/** An i18next instance that loads the server's translation files through `http`. */
export function createI18n(http: Pick<HttpClient, 'get'>): I18n {
  return i18next.createInstance().use(createTranslationBackend(http));
}

/** Where the language is remembered between visits: the per-user store's preferences (lib/store.ts). */
export interface LanguagePrefs {
  getLocal(name: string): string | null;
  setLocal(name: string, value: string): void;
}

/** The app's translations: made once by the composition root, reached through I18nContext. */
export interface AppI18n {
  /** The i18next instance (its `language`; tests load the English resource into it). */
  readonly instance: I18n;
  /** True once the first translation resource has loaded (or finally failed). */
  readonly ready: ReadonlySignal<boolean>;
  /** A new function per language change, so memoised children that receive `t` re-render too. */
  readonly t: ReadonlySignal<Translate>;
  /** Always the current language: for models, which are made once and outlive language changes. */
  readonly translate: Translate;
  /**
   * Starts with the language remembered from last time (so its resource loads at once), then follows the
   * account language (GET api/v2/account/language, default en_US).
   */
  init(languagePrefs?: LanguagePrefs): Promise<void>;
  /** Saves the account language on the server and switches to it. */
  changeLanguage(language: string): Promise<void>;
  /** Loads the account language again (saved elsewhere: a classic page, another tab) and switches to it at once. */
  followAccount(): Promise<void>;
}

export function createAppI18n(http: Pick<HttpClient, 'get' | 'post'>): AppI18n {
  const instance = createI18n(http);
  const ready = signal(false);
  const translate: Translate = (key, vars) => {
    // Issue 19: most texts are plain, and the first render asks for hundreds of them (the whole menu among them). Such
    // a text is its resource string as it stands, without i18next's key parsing, interpolation and nesting passes.
    if (!vars) {
      const plain: unknown = instance.getResource(instance.language, 'translation', key);
      if (typeof plain === 'string' && !plain.includes('{{') && !plain.includes('$t(')) return plain;
    }
    return String(instance.t(key, vars as TOptions | undefined));
  };
  const current = signal<Translate>((key, vars) => translate(key, vars));
  const bump = () => {
    current.value = (key, vars) => translate(key, vars);
  };
  // From the start rather than in init, so a resource loaded any other way (tests) re-renders readers too.
  instance.on('languageChanged', bump);
  instance.on('loaded', bump);
  let prefs: LanguagePrefs | undefined;

  const storedLanguage = (): string => {
    const stored = prefs?.getLocal(STORAGE_KEY);
    return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
  };

  const applyLanguage = async (language: string): Promise<void> => {
    await instance.changeLanguage(language);
    document.documentElement.lang = language.replace('_', '-');
    // Without storage the server's answer is fetched on every start anyway.
    prefs?.setLocal(STORAGE_KEY, language);
  };

  return {
    instance,
    ready,
    t: current,
    translate,
    async init(languagePrefs) {
      prefs = languagePrefs;
      const first = storedLanguage();
      const account = http.get<{ language?: unknown }>('api/v2/account/language')
        .then((r) => (isLanguageCode(r.language) ? r.language : DEFAULT_LANGUAGE))
        .catch(() => undefined);
      try {
        await instance.init({ ...I18N_OPTIONS, lng: first });
        const language = (await account) ?? first;
        await applyLanguage(language);
      } catch (error) {
        console.error('Failed to load the translations.', error);
      } finally {
        ready.value = true;
      }
    },
    async changeLanguage(language) {
      if (!isLanguageCode(language)) throw new Error(`Unknown language ${language}`);
      await http.post('api/v2/account/language', { language });
      await applyLanguage(language);
    },
    async followAccount() {
      const answer = await http.get<{ language?: unknown }>('api/v2/account/language');
      const language = isLanguageCode(answer.language) ? answer.language : DEFAULT_LANGUAGE;
      if (language !== instance.language) await applyLanguage(language);
    },
  };
}

export const I18nContext = createModelContext<AppI18n>('I18n');
export const useI18n = I18nContext.use;

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** The translate function; components using it re-render when the language or its resource changes. */
export function useT(): Translate {
  useSignals();
  return useI18n().t.value;
}
