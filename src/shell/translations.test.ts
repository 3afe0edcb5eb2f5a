import { describe, expect, it } from 'vitest';
import en from '../../server/static/lang/json/en_US.json';
import de from '../../server/static/lang/json/de_DE.json';

const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** Every 'shell.…' or 'errors.…' key literal in the shell's source. */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const m of text.matchAll(/'((?:shell|errors)\.[A-Za-z0-9_.]+)'/g)) keys.add(m[1]!);
  }
  return [...keys].sort();
}

describe('shell translations', () => {
  const english = en as Record<string, string>;
  const german = de as Record<string, string>;

  it('has an English text for every key the shell uses', () => {
    expect(usedKeys().length).toBeGreaterThan(50);
    expect(usedKeys().filter((k) => !english[k])).toEqual([]);
  });

  it('has a German text for every shell key', () => {
    const shellKeys = Object.keys(english).filter((k) => k.startsWith('shell.'));
    expect(shellKeys.filter((k) => !german[k])).toEqual([]);
  });

  it('keeps the interpolation variables of each English text in German', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = Object.keys(english).filter((k) => k.startsWith('shell.') && german[k] && JSON.stringify(vars(english[k]!)) !== JSON.stringify(vars(german[k]!)));
    expect(mismatched).toEqual([]);
  });
});
