import { describe, expect, it } from 'vitest';
import { clockTime } from './staleness';

describe('clockTime', () => {
  it('is on the 24-hour clock in every language, as the rest of the product (issue 20)', () => {
    const afternoon = new Date(2026, 10, 25, 14, 5).getTime();
    expect(clockTime(afternoon, 'en')).toBe('14:05');
    expect(clockTime(afternoon, 'de')).toBe('14:05');
    expect(clockTime(new Date(2026, 10, 25, 0, 30).getTime(), 'en')).toBe('00:30');
  });

  it('formats as toLocaleTimeString would, also when the language changes between calls (one formatter is kept)', () => {
    const at = new Date(2026, 10, 25, 9, 7).getTime();
    const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    for (const locale of ['en', 'de', 'en', 'fr', 'fr']) expect(clockTime(at, locale)).toBe(new Date(at).toLocaleTimeString(locale, options));
  });
});
