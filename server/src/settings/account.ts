import fs from 'node:fs';
import path from 'node:path';
import { mark, translate } from '../http/language.js';

/** xi5 is the classic theme: choosing it leaves the modern app. */
export const THEMES = ['neptune', 'neptunelight', 'neptunecolorblind', 'xi5'] as const;

const THEME_LABELS: Record<string, string> = {
  neptune: mark('Dark'), neptunelight: mark('Light'), neptunecolorblind: mark('Colorblind'),
  xi5: mark('Classic (xi5)'),
};
// Each language by its own name, as a reader who does not know the current one looks for it.
const LANGUAGE_NAMES: Record<string, string> = { en_US: 'English', de_DE: 'Deutsch' };

/** A theme as people name it, in the reader's language ("Dark" for neptune); an unknown code as it is. */
export function themeLabel(theme: string): string {
  return THEME_LABELS[theme] ? translate(THEME_LABELS[theme]) : theme;
}

/** A language by its own name ("Deutsch" for de_DE); an unknown code as it is. */
export function languageName(language: string): string {
  return LANGUAGE_NAMES[language] ?? language;
}

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
