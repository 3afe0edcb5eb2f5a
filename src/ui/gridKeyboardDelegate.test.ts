import { describe, expect, it } from 'vitest';
import { gridKeyboardDelegate } from './gridKeyboardDelegate';

const KEYS = Array.from({ length: 20 }, (_, i) => `i${i}`);

describe('gridKeyboardDelegate (8 columns)', () => {
  const grid = gridKeyboardDelegate(KEYS, 8);

  it('Up and Down move a whole row and stop at the edges', () => {
    expect(grid.getKeyBelow!('i1')).toBe('i9');
    expect(grid.getKeyBelow!('i9')).toBe('i17');
    expect(grid.getKeyBelow!('i13')).toBeNull();
    expect(grid.getKeyAbove!('i17')).toBe('i9');
    expect(grid.getKeyAbove!('i3')).toBeNull();
  });

  it('Left and Right move one item within a row', () => {
    expect(grid.getKeyRightOf!('i0')).toBe('i1');
    expect(grid.getKeyRightOf!('i7')).toBeNull();
    expect(grid.getKeyLeftOf!('i8')).toBeNull();
    expect(grid.getKeyLeftOf!('i9')).toBe('i8');
    expect(grid.getKeyRightOf!('i19')).toBeNull();
  });

  it('Home and End go to the first and last item', () => {
    expect(grid.getFirstKey!()).toBe('i0');
    expect(grid.getLastKey!()).toBe('i19');
  });

  it('right to left, Left moves towards the end', () => {
    const rtl = gridKeyboardDelegate(KEYS, 8, 'rtl');
    expect(rtl.getKeyLeftOf!('i0')).toBe('i1');
    expect(rtl.getKeyRightOf!('i1')).toBe('i0');
    expect(rtl.getKeyRightOf!('i8')).toBeNull();
  });

  it('unknown keys go nowhere', () => {
    expect(grid.getKeyBelow!('nope')).toBeNull();
    expect(grid.getKeyRightOf!('nope')).toBeNull();
  });
});
