import en from '../../server/static/lang/json/en_US.json';
import type { Translate } from './i18n';

const english = en as Record<string, string>;

/** For unit tests: the English resource with i18next's {{name}} interpolation, so assertions use the real texts. */
export const testTranslate: Translate = (key, vars) =>
  (english[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));
