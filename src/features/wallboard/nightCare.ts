import type { ClockTime } from './params';

const minutesOf = (t: ClockTime) => t.hours * 60 + t.minutes;

/** Whether local time `at` falls in the night window; a window whose end is earlier than its start runs across midnight. */
export function isNight(at: Date, night: { from: ClockTime; to: ClockTime }): boolean {
  const now = at.getHours() * 60 + at.getMinutes();
  const from = minutesOf(night.from);
  const to = minutesOf(night.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** Anti burn-in: the strip and overlays move to the next of these offsets (px) every 10 minutes. */
export const BURN_IN_STEP_MS = 10 * 60_000;
const OFFSETS: readonly (readonly [number, number])[] = [[0, 0], [2, 1], [-1, 2], [-2, -1], [1, -2], [3, 0], [0, 3], [-3, 0], [0, -3]];

export function burnInShift(now: number): { x: number; y: number } {
  const [x, y] = OFFSETS[Math.floor(now / BURN_IN_STEP_MS) % OFFSETS.length]!;
  return { x, y };
}

/** Where the small clock of a blanked screen sits (percent of the screen); it moves every minute. */
export function blankClockPlace(now: number): { left: number; top: number } {
  const minute = Math.floor(now / 60_000);
  return { left: 10 + ((minute * 37) % 71), top: 10 + ((minute * 53) % 71) };
}
