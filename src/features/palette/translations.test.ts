import { describe, expect, it } from 'vitest';
import en from '../../../server/static/lang/json/en_US.json';
import de from '../../../server/static/lang/json/de_DE.json';

const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const english = en as Record<string, string>;
const german = de as Record<string, string>;

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const m of text.matchAll(/'((?:palette|errors)\.[A-Za-z0-9_.]+)'/g)) keys.add(m[1]!);
  }
  return [...keys].sort();
}

describe('palette translations', () => {
  it('has English and German for every key the palette uses, with the same variables', () => {
    const keys = usedKeys();
    expect(keys).toContain('palette.noResults');
    expect(keys.filter((k) => !english[k])).toEqual([]);
    expect(keys.filter((k) => !german[k])).toEqual([]);
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort().join();
    expect(keys.filter((k) => vars(english[k]!) !== vars(german[k]!))).toEqual([]);
  });

  it('uses the spec text for an empty result', () => {
    expect(english['palette.noResults']).toBe('No results found.');
  });
});
