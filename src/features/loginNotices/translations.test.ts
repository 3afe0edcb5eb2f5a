import { describe, expect, it } from 'vitest';
import en from '../../../server/static/lang/json/en_US.json';
import de from '../../../server/static/lang/json/de_DE.json';
import type { Notice } from './model';

const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const english = en as Record<string, string>;
const german = de as Record<string, string>;
const NOTICES: Notice['id'][] = ['systemDegraded', 'hostProblems', 'serviceProblems', 'updateFailed', 'updateAvailable', 'unresolved', 'ipMismatch'];

/** Literal keys in the sources, plus the title and detail the dialog builds for every notice. */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const m of text.matchAll(/'(loginNotices\.[A-Za-z0-9_.]+)'/g)) keys.add(m[1]!);
  for (const id of NOTICES) keys.add(`loginNotices.${id}.title`).add(`loginNotices.${id}.detail`);
  return [...keys].sort();
}

describe('login notices translations', () => {
  it('has English and German texts for every key it uses', () => {
    expect(usedKeys().length).toBeGreaterThan(20);
    expect(usedKeys().filter((k) => !english[k])).toEqual([]);
    expect(usedKeys().filter((k) => !german[k])).toEqual([]);
  });

  it('uses the notice texts of spec 8', () => {
    expect(english['loginNotices.updateFailed.title']).toBe('Update Check Failed');
    expect(english['loginNotices.systemDegraded.title']).toBe('System Status Degraded!');
    expect(english['loginNotices.ipMismatch.title']).toBe('IP address mismatch');
    expect(english['loginNotices.unresolved.title']).toMatch(/could not resolve the internal Program URL/i);
    expect(english['loginNotices.showAgain']).toBe('Show these alerts when I login');
  });

  it('keeps the interpolation variables of each English text in German', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = Object.keys(english).filter((k) => k.startsWith('loginNotices.') && JSON.stringify(vars(english[k]!)) !== JSON.stringify(vars(german[k] ?? '')));
    expect(mismatched).toEqual([]);
  });
});
