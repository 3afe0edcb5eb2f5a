/**
 * The stored form of a dashboard's dashlets (the JSON text in its row; db/dashboards.ts reads and writes the row): read
 * back entry by entry, so one broken entry never hides the others, and written back with broken entries kept as found.
 */
import { HttpError } from '../http/errors.js';
import type { Dashlet } from './catalogue.js';
import { DASHLET_ID, dashletFromRecord } from './validation.js';

/** A stored entry the page cannot show (written by an older version or by hand): it keeps its place and can be removed. */
export interface BrokenDashlet { id: string; broken: string; title: string }

/** The stored list, each entry checked; ids are given to entries without one so they can be edited or removed. */
export function readDashlets(base: string, text: string): (Dashlet | BrokenDashlet)[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const taken = new Set<string>();
  return parsed.map((value, i) => {
    try {
      return dashletFromRecord(base, value, taken);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const o = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      const id = typeof o.id === 'string' && DASHLET_ID.test(o.id) && !taken.has(o.id) ? o.id : `n${i}`;
      taken.add(id);
      return { id, broken: error.message, title: typeof o.title === 'string' && o.title ? o.title : `Dashlet ${i + 1}` };
    }
  });
}

export const isBroken = (d: Dashlet | BrokenDashlet): d is BrokenDashlet => 'broken' in d;

/** Broken entries are stored as they were found, so an edit elsewhere never loses them. */
export function storedForm(base: string, text: string, list: (Dashlet | BrokenDashlet)[]): unknown[] {
  let raw: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) raw = parsed;
  } catch {
    raw = [];
  }
  const original = new Map(readDashlets(base, text).map((d, i) => [d.id, raw[i]]));
  return list.map((d) => (isBroken(d) ? original.get(d.id) : d));
}

