import { describe, expect, it } from 'vitest';
import en from '../../../server/static/lang/json/en_US.json';
import de from '../../../server/static/lang/json/de_DE.json';

const sources = import.meta.glob(['../{pageActions,feedback}/**/*.{ts,tsx}', '../../shell/PageActionsMenu.tsx', '!../**/*.test.{ts,tsx}'], {
  query: '?raw', import: 'default', eager: true,
}) as Record<string, string>;
const english = en as Record<string, string>;
const german = de as Record<string, string>;
const KEY = /'((?:pageActions|feedback|shell\.pageActions|errors|screens)\.[A-Za-z0-9_.]+)'/g;

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const m of text.matchAll(KEY)) keys.add(m[1]!);
  return [...keys].sort();
}

describe('page actions and feedback translations', () => {
  it('has English and German for every key the page actions and the feedback form use', () => {
    expect(usedKeys().length).toBeGreaterThan(25);
    expect(usedKeys().filter((k) => !english[k])).toEqual([]);
    expect(usedKeys().filter((k) => !german[k])).toEqual([]);
  });

  it('keeps the spec\'s notice texts exactly, misspelling included (spec 8)', () => {
    expect([english['feedback.notice.sent'], english['feedback.notice.failed']]).toEqual(['Feedback sumbitted.', 'Failed to sumbit feedback.']);
    expect(english['pageActions.schedule.refused']).toBe('The page you are requesting cannot be scheduled.');
    expect(english['pageActions.schedule.refusedReason']).toBe('The page is either not optimized to be scheduled or is not a part of the system.');
  });
});
