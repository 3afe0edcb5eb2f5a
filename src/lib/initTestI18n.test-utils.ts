import en from '../../server/static/lang/json/en_US.json';
import { I18N_OPTIONS, i18n } from './i18n';

/** For component tests: the app's i18n instance with the English resource, without the network. */
export async function initTestI18n(): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n.init({ ...I18N_OPTIONS, lng: 'en_US', resources: { en_US: { translation: en } } });
}
