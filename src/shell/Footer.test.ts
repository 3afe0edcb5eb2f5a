import { describe, expect, it } from 'vitest';
import { copyrightYears } from './Footer';

describe('copyrightYears', () => {
  it('runs from 2008 to the current year', () => {
    expect(copyrightYears(new Date(2031, 5, 1))).toBe('2008–2031');
  });
});
