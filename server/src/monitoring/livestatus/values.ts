/**
 * Lenient readers for Livestatus values. Servers differ (Icinga 2 sends booleans and nulls where MK Livestatus sends
 * 0/1 and ""), and a broken peer may send anything: every field is coerced, so a bad value shows as 0 or "" instead
 * of breaking a page.
 */
import { unescapeNewlines } from '../nagios/scan.js';

export function num(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/** UNIX seconds; Icinga 2 reports -1 for "never". */
export const time = (v: unknown): number => Math.max(0, Math.floor(num(v)));

export const int = (v: unknown): number => Math.max(0, Math.trunc(num(v)));

export const bit = (v: unknown): 0 | 1 => (num(v) ? 1 : 0);

export function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** Nagios keeps long output with newlines escaped as `\n`; MK Livestatus and Icinga 2 pass that on. */
export const longText = (v: unknown): string => unescapeNewlines(text(v));

/** A state code from 0 to `max`; anything else reads as `max` (UNKNOWN, UNREACHABLE): never as OK. */
export function stateCode<T extends number>(v: unknown, max: T): T {
  const n = num(v);
  return (Number.isInteger(n) && n >= 0 && n <= max ? n : max) as T;
}

export function names(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** Column name → index in the rows of a query with these columns. */
export function columnIndex<C extends string>(columns: readonly C[]): Record<C, number> {
  return Object.fromEntries(columns.map((c, i) => [c, i])) as Record<C, number>;
}
