import { afterEach, describe, expect, it } from 'vitest';
import { clockTime, showTimesIn } from './staleness';

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

describe('showTimesIn (issue 35)', () => {
  afterEach(() => { delete document.documentElement.dataset.timeZone; });
  const noonUtc = Date.UTC(2026, 11, 2, 12, 0);

  it('shows clock times in the server\'s zone once it is known, as its pages write them', () => {
    showTimesIn('Asia/Tokyo');
    expect(clockTime(noonUtc, 'en')).toBe('21:00');
    showTimesIn('UTC');
    expect(clockTime(noonUtc, 'en')).toBe('12:00');
  });

  it('keeps the browser\'s own zone for a zone it does not know, and before any is known', () => {
    const own = new Date(noonUtc).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    showTimesIn(undefined);
    expect(clockTime(noonUtc, 'en')).toBe(own);
    showTimesIn('Mars/Olympus_Mons');
    expect(clockTime(noonUtc, 'en')).toBe(own);
  });
});
