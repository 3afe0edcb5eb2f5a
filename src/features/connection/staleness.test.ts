import { describe, expect, it } from 'vitest';
import { clockTime } from './staleness';

describe('clockTime', () => {
  it('is on the 24-hour clock in every language, as the rest of the product (issue 20)', () => {
    const afternoon = new Date(2026, 10, 25, 14, 5).getTime();
    expect(clockTime(afternoon, 'en')).toBe('14:05');
    expect(clockTime(afternoon, 'de')).toBe('14:05');
    expect(clockTime(new Date(2026, 10, 25, 0, 30).getTime(), 'en')).toBe('00:30');
  });
});
