import { describe, expect, it } from 'vitest';
import en from '../../../server/static/lang/json/en_US.json';
import de from '../../../server/static/lang/json/de_DE.json';
import { MENU_ICONS } from '../menuIcons/menuIcons';

const sources = import.meta.glob(['../{views,favorites,menuIcons}/**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw', import: 'default', eager: true,
}) as Record<string, string>;
const english = en as Record<string, string>;
const german = de as Record<string, string>;
const PREFIX = /^(views|favorites|menuIcons)\./;

/** Literal keys in the special entries' source, plus the icon names the picker builds keys from. */
function usedKeys(): string[] {
  const keys = new Set<string>(MENU_ICONS.map((name) => `menuIcons.icon.${name}`));
  for (const text of Object.values(sources)) {
    for (const m of text.matchAll(/'((?:views|favorites|menuIcons|screens)\.[A-Za-z0-9_.]+)'/g)) keys.add(m[1]!);
  }
  return [...keys].sort();
}

describe('special menu entries translations', () => {
  it('has English for every key used', () => {
    expect(usedKeys().length).toBeGreaterThan(50);
    expect(usedKeys().filter((k) => !english[k])).toEqual([]);
  });

  it('has German for every key, with the same interpolation variables', () => {
    const keys = Object.keys(english).filter((k) => PREFIX.test(k));
    expect(keys.filter((k) => !german[k])).toEqual([]);
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort().join();
    expect(keys.filter((k) => vars(english[k]!) !== vars(german[k] ?? ''))).toEqual([]);
  });

  it('uses the spec texts for the add-view notices', () => {
    expect(english['views.notice.added']).toBe('View added.');
    expect(english['views.notice.addedDetail']).toBe('A new view has been created.');
    expect(english['views.notice.addFailed']).toBe('Failed to add view.');
    expect(english['views.notice.addFailedDetail']).toBe('Failed to add selected view to My Views. Please try again.');
  });
});
