import type { AriaListBoxOptions, Key } from 'react-aria';

export type KeyboardDelegate = NonNullable<AriaListBoxOptions<unknown>['keyboardDelegate']>;

/**
 * Arrow-key moves for items laid out in rows of `columns` (left to right, or right to left): Up and Down move a whole
 * row, Left and Right one item, Home and End to the ends; nothing moves past an edge. Pure, so it is tested without layout.
 */
export function gridKeyboardDelegate(keys: readonly Key[], columns: number, direction: 'ltr' | 'rtl' = 'ltr'): KeyboardDelegate {
  const at = (key: Key, delta: number): Key | null => {
    const index = keys.indexOf(key);
    return index < 0 ? null : (keys[index + delta] ?? null);
  };
  const sideways = (key: Key, towardsEnd: boolean): Key | null => {
    const index = keys.indexOf(key);
    // A row ends at its last column: Right on it does not jump to the next row.
    if (index < 0 || (towardsEnd ? index % columns === columns - 1 : index % columns === 0)) return null;
    return keys[index + (towardsEnd ? 1 : -1)] ?? null;
  };
  return {
    getKeyBelow: (key) => at(key, columns),
    getKeyAbove: (key) => at(key, -columns),
    getKeyRightOf: (key) => sideways(key, direction === 'ltr'),
    getKeyLeftOf: (key) => sideways(key, direction === 'rtl'),
    getFirstKey: () => keys[0] ?? null,
    getLastKey: () => keys[keys.length - 1] ?? null,
  };
}
