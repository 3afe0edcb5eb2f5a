import { describe, expect, it } from 'vitest';
import { blankClockPlace, BURN_IN_STEP_MS, burnInShift, isNight } from './nightCare';
import { parseWallboardParams } from './params';

const at = (hh: number, mm: number) => new Date(2026, 10, 23, hh, mm);
const night = (value: string) => parseWallboardParams(`?night=${value}`).night!;

describe('night schedule', () => {
  it('runs across midnight when it ends earlier than it starts', () => {
    const n = night('22:00-06:00');
    expect([at(21, 59), at(22, 0), at(23, 30), at(0, 0), at(5, 59), at(6, 0), at(12, 0)].map((d) => isNight(d, n)))
      .toEqual([false, true, true, true, true, false, false]);
  });

  it('works within one day too', () => {
    const n = night('12:30-13:15');
    expect([at(12, 29), at(12, 30), at(13, 14), at(13, 15)].map((d) => isNight(d, n))).toEqual([false, true, true, false]);
  });
});

describe('burn-in shift', () => {
  it('moves by a few pixels every 10 minutes and stays put in between', () => {
    const start = 1_700_000_000_000 - (1_700_000_000_000 % BURN_IN_STEP_MS);
    const shifts = Array.from({ length: 9 }, (_, i) => burnInShift(start + i * BURN_IN_STEP_MS));
    expect(burnInShift(start + BURN_IN_STEP_MS - 1)).toEqual(shifts[0]);
    for (let i = 1; i < shifts.length; i += 1) expect(shifts[i]).not.toEqual(shifts[i - 1]);
    for (const s of shifts) expect(Math.max(Math.abs(s.x), Math.abs(s.y))).toBeLessThanOrEqual(3);
  });

  it('moves a blanked screen\'s clock every minute, always on screen', () => {
    const places = Array.from({ length: 120 }, (_, i) => blankClockPlace(i * 60_000));
    for (let i = 1; i < places.length; i += 1) expect(places[i]).not.toEqual(places[i - 1]);
    for (const p of places) {
      expect(p.left).toBeGreaterThanOrEqual(10);
      expect(p.left).toBeLessThanOrEqual(80);
      expect(p.top).toBeLessThanOrEqual(80);
    }
    expect(blankClockPlace(30_000)).toEqual(blankClockPlace(59_999));
  });
});
