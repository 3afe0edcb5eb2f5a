import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http';
import { createAppI18n, createI18n as createI18nWith, I18N_OPTIONS, isLanguageCode } from './i18n';

/** Each test's instance loads through a client of its own. */
const createI18n = () => createI18nWith(createHttpClient());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('translation loading', () => {
  it('retries a failing resource 5 times, waiting 350 ms and doubling, then uses it', async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => (++calls <= 5 ? json(503, { message: 'busy' }) : json(200, { 'session.login': 'Anmelden' })));
    vi.stubGlobal('fetch', fetchMock);
    const i18n = createI18n();
    const ready = i18n.init({ ...I18N_OPTIONS, lng: 'de_DE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/includes/lang/json/de_DE.json', expect.anything()]);
    for (const [i, wait] of [350, 700, 1400, 2800, 5600].entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(fetchMock).toHaveBeenCalledTimes(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(i + 2);
    }
    await ready;
    expect(i18n.t('session.login')).toBe('Anmelden');
  });

  it('gives up after the fifth retry and falls back to the key', async () => {
    const fetchMock = vi.fn(async () => json(500, {}));
    vi.stubGlobal('fetch', fetchMock);
    const i18n = createI18n();
    const ready = i18n.init({ ...I18N_OPTIONS, lng: 'en_US' });
    await vi.advanceTimersByTimeAsync(60_000);
    await ready;
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(i18n.t('session.login')).toBe('session.login');
  });

  it('does not retry a missing resource', async () => {
    const fetchMock = vi.fn(async () => json(404, { message: 'Not found.' }));
    vi.stubGlobal('fetch', fetchMock);
    const i18n = createI18n();
    const ready = i18n.init({ ...I18N_OPTIONS, lng: 'fr_FR' });
    await vi.advanceTimersByTimeAsync(60_000);
    await ready;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads at most 10 resources in parallel', async () => {
    const pending: Array<() => void> = [];
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => { pending.push(() => resolve(json(200, {}))); }));
    vi.stubGlobal('fetch', fetchMock);
    const i18n = createI18n();
    void i18n.init({ ...I18N_OPTIONS, lng: 'en_US', initAsync: true });
    const languages = ['de_DE', 'fr_FR', 'es_ES', 'it_IT', 'ja_JP', 'ko_KR', 'pl_PL', 'pt_PT', 'ru_RU', 'zh_CN', 'zh_TW', 'cs_CZ'];
    void i18n.loadLanguages(languages);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(10);
    pending.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(11);
  });

  it('keeps flat keys with dots and interpolates variables', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { 'frame.failed': 'Failed to load {{product}}.' })));
    const i18n = createI18n();
    const ready = i18n.init({ ...I18N_OPTIONS, lng: 'en_US' });
    await vi.advanceTimersByTimeAsync(0);
    await ready;
    expect(i18n.t('frame.failed', { product: 'Pharos' })).toBe('Failed to load Pharos.');
  });

  it('answers a plain text from its resource as i18next would, and leaves the rest to i18next (issue 19)', () => {
    const i18n = createAppI18n(createHttpClient());
    const resource = { plain: 'Home', empty: '', vars: 'Hello {{name}}', nested: 'See $t(plain)', 'dotted.key': 'Dotted' };
    void i18n.instance.init({ ...I18N_OPTIONS, lng: 'en_US', resources: { en_US: { translation: resource } } });
    for (const key of [...Object.keys(resource), 'missing.key']) expect(i18n.translate(key)).toBe(String(i18n.instance.t(key)));
    expect(i18n.translate('nested')).toBe('See Home');
    expect(i18n.translate('missing.key')).toBe('missing.key');
    expect(i18n.translate('vars', { name: 'Ann' })).toBe('Hello Ann');
  });

  it('accepts only plain language codes, since they become part of a URL', () => {
    expect(isLanguageCode('en_US')).toBe(true);
    expect(isLanguageCode('de_DE')).toBe(true);
    for (const bad of ['../x', 'en_US/../../api', 'en-US', '', 'EN_us', 'en_US.json']) expect(isLanguageCode(bad)).toBe(false);
  });
});
