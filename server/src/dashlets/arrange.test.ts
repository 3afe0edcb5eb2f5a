import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { arrange } from './arrange.js';
import type { Dashlet } from './catalogue.js';
import type { BrokenDashlet } from './storage.js';

const dashlet = (id: string, width = 4, height = 2): Dashlet =>
  ({ id, type: 'clock', title: id, width, height, refresh: 60, options: {} });
const LIST = [dashlet('a'), dashlet('b'), dashlet('c')];
const ids = (list: (Dashlet | BrokenDashlet)[]) => list.map((d) => d.id);
const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return `${error.status} ${error.message}`;
    throw error;
  }
  return 'accepted';
};

describe('arranging a dashboard by pointer (issue 38)', () => {
  it('puts a dropped dashlet at its place in reading order, past the end as last, leaving the list given alone', () => {
    expect(ids(arrange(LIST, 'c', 'place', { position: '0' }))).toEqual(['c', 'a', 'b']);
    expect(ids(arrange(LIST, 'a', 'place', { position: '1' }))).toEqual(['b', 'a', 'c']);
    expect(ids(arrange(LIST, 'a', 'place', { position: '150' }))).toEqual(['b', 'c', 'a']);
    expect(ids(LIST)).toEqual(['a', 'b', 'c']);
  });

  it('sets the size in grid units within the grid', () => {
    expect(arrange(LIST, 'b', 'size', { width: '12', height: '5' })[1]).toMatchObject({ id: 'b', width: 12, height: 5 });
    expect(refusal(() => arrange(LIST, 'b', 'size', { width: '13', height: '5' }))).toBe("400 The field 'width' must be at most 12.");
    expect(refusal(() => arrange(LIST, 'b', 'size', { width: '2', height: '0' }))).toBe("400 The field 'height' must be at least 1.");
    expect(refusal(() => arrange(LIST, 'b', 'size', { width: '2' }))).toBe("400 The field 'height' is required.");
  });

  it('refuses a bad place and a dashlet that is gone; a broken one moves but is not resized', () => {
    expect(refusal(() => arrange(LIST, 'a', 'place', { position: '-1' }))).toBe("400 The field 'position' must be at least 0.");
    expect(refusal(() => arrange(LIST, 'a', 'place', { position: 'top' }))).toBe("400 The field 'position' must be a whole number.");
    expect(refusal(() => arrange(LIST, 'zz', 'place', { position: '0' }))).toMatch(/^404 That dashlet is not on this dashboard/);
    const broken: BrokenDashlet = { id: 'x', title: 'Old', broken: 'unknown type' };
    expect(ids(arrange([...LIST, broken], 'x', 'place', { position: '0' }))).toEqual(['x', 'a', 'b', 'c']);
    expect(refusal(() => arrange([...LIST, broken], 'x', 'size', { width: '2', height: '2' }))).toMatch(/^400 This dashlet cannot be shown/);
  });
});
