import fs from 'node:fs';
import path from 'node:path';

/** xi5 is the classic theme: choosing it leaves the modern app. */
export const THEMES = ['neptune', 'neptunelight', 'neptunecolorblind', 'xi5'] as const;

export const LANG_DIR = path.resolve(import.meta.dirname, '..', '..', 'static', 'lang', 'json');
const CODE = /^[a-z]{2}_[A-Z]{2}$/;

/** Every translation shipped in server/static/lang/json, e.g. ['de_DE', 'en_US']. */
export function availableLanguages(dir = LANG_DIR): string[] {
  let files: string[];
  try {
    files = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return files.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).filter((code) => CODE.test(code)).sort();
}
