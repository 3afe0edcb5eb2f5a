import en from '../../server/static/lang/json/en_US.json';
import { createHttpClient } from './http';
import { createAppI18n, I18N_OPTIONS, type AppI18n } from './i18n';

/**
 * For component tests: loads the English resource into `i18n`, without the network. Given inline, the resource
 * makes i18next's init synchronous, so the texts are there when this returns.
 */
export function initTestI18n(i18n: AppI18n): AppI18n {
  if (!i18n.instance.isInitialized) void i18n.instance.init({ ...I18N_OPTIONS, lng: 'en_US', resources: { en_US: { translation: en } } });
  return i18n;
}

/** An i18n of the test's own with the English resource (for I18nContext.Provider). */
export function createTestI18n(): AppI18n {
  return initTestI18n(createAppI18n(createHttpClient()));
}
