/** Arranging a dashboard by pointer (issue 38): a dashlet dropped at a place in the list, or resized on the grid. */
import { badRequest, notFound } from '../http/errors.js';
import { intField, type Fields } from '../http/input.js';
import { mark, t } from '../http/language.js';
import { GRID_COLUMNS, MAX_DASHLETS, MAX_HEIGHT, type Dashlet } from './catalogue.js';
import { isBroken, type BrokenDashlet } from './storage.js';

/** One refusal for every page that finds a dashlet gone; English here, translated as it is sent (the error handler). */
export const NOT_HERE = mark('That dashlet is not on this dashboard any more.');

export type Arrangement = 'place' | 'size';
export const ARRANGEMENTS: readonly string[] = ['place', 'size'] satisfies Arrangement[];

/**
 * The list after a drop (`position`: its place in reading order, past the end is last) or a resize (`width` and
 * `height` in grid units). Bad numbers are refused naming the field and its range; nothing is half-applied.
 */
export function arrange(
  list: (Dashlet | BrokenDashlet)[], id: string, action: Arrangement, fields: Fields,
): (Dashlet | BrokenDashlet)[] {
  const i = list.findIndex((d) => d.id === id);
  if (i < 0) throw notFound(NOT_HERE);
  const next = list.slice();
  const d = next[i]!;
  if (action === 'place') {
    const position = intField(fields, 'position', { required: true, min: 0, max: MAX_DASHLETS });
    next.splice(i, 1);
    next.splice(Math.min(position, next.length), 0, d);
    return next;
  }
  if (isBroken(d)) throw badRequest(t`This dashlet cannot be shown, so it cannot be resized; remove it instead.`);
  const width = intField(fields, 'width', { required: true, min: 1, max: GRID_COLUMNS });
  const height = intField(fields, 'height', { required: true, min: 1, max: MAX_HEIGHT });
  next[i] = { ...d, width, height };
  return next;
}
