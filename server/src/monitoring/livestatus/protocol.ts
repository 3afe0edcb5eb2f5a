/**
 * The Livestatus wire format: query text and the `ResponseHeader: fixed16` header. Pure functions, no I/O.
 * Icinga 2 ignores AuthUser, Sort and Wait*, so none are offered: Pharos filters and sorts itself.
 */
import { LivestatusError, excerpt } from './errors.js';

/** One filter or stats line: an expression (`state = 2`) or a combinator over the lines before it. */
export type FilterLine = string | { and: number } | { or: number } | { negate: true };

export interface LivestatusQuery {
  table: string;
  columns?: readonly string[];
  /** `Filter:` lines (and `And:`/`Or:`/`Negate:`), in order. */
  filters?: readonly FilterLine[];
  /** `Stats:` lines (and `StatsAnd:`/`StatsOr:`/`StatsNegate:`); the answer is one row of counts. */
  stats?: readonly FilterLine[];
  limit?: number;
}

const NAME = /^[a-z][a-z0-9_]*$/;
// eslint-disable-next-line no-control-regex -- a line break in a value would smuggle in another header or query
const CONTROL = /[\x00-\x1f\x7f]/;

function badQuery(reason: string): LivestatusError {
  return new LivestatusError('bad_query', reason);
}

function filterLines(prefix: '' | 'Stats', lines: readonly FilterLine[]): string[] {
  return lines.map((line) => {
    if (typeof line === 'string') {
      if (CONTROL.test(line) || line.trim() === '') throw badQuery(`invalid ${prefix || 'Filter'} expression '${excerpt(line)}'`);
      return `${prefix || 'Filter'}: ${line}`;
    }
    if ('negate' in line) return `${prefix}Negate:`;
    const [op, n] = 'and' in line ? ['And', line.and] : ['Or', line.or];
    if (!Number.isSafeInteger(n) || n < 1) throw badQuery(`${prefix}${op} needs a count of 1 or more`);
    return `${prefix}${op}: ${n}`;
  });
}

/** The request text for `query`; always JSON with a fixed16 header, because without it errors come back as an empty body. */
export function queryText(query: LivestatusQuery, keepAlive: boolean): string {
  if (!NAME.test(query.table)) throw badQuery(`invalid table name '${excerpt(query.table)}'`);
  const lines = [`GET ${query.table}`];
  if (query.columns?.length) {
    const bad = query.columns.find((c) => !NAME.test(c));
    if (bad !== undefined) throw badQuery(`invalid column name '${excerpt(bad)}'`);
    lines.push(`Columns: ${query.columns.join(' ')}`);
  }
  lines.push(...filterLines('', query.filters ?? []), ...filterLines('Stats', query.stats ?? []));
  if (query.limit !== undefined) {
    if (!Number.isSafeInteger(query.limit) || query.limit < 0) throw badQuery('Limit must be a whole number, 0 or more');
    lines.push(`Limit: ${query.limit}`);
  }
  lines.push('OutputFormat: json', 'ResponseHeader: fixed16');
  if (keepAlive) lines.push('KeepAlive: on');
  return `${lines.join('\n')}\n\n`;
}

/** The request text for an external command line (`[unix time] NAME;args`); a COMMAND gets no answer. */
export function commandText(line: string): string {
  if (CONTROL.test(line) || !/^\[\d+\] [A-Z_]+(;|$)/.test(line)) throw badQuery(`invalid command '${excerpt(line)}'`);
  return `COMMAND ${line}\n\n`;
}

/** The header: 3-digit status, a space, the body length right-aligned in 11 characters, a newline. */
export const HEADER_BYTES = 16;

/** Whether `head` (the first 1 to 16 bytes received) can still be the start of a fixed16 header. */
export function couldBeHeader(head: Buffer): boolean {
  const n = Math.min(head.length, HEADER_BYTES);
  for (let i = 0; i < n; i++) {
    const c = head[i]!;
    const digit = c >= 0x30 && c <= 0x39;
    const ok = i < 3 ? digit : i === 3 ? c === 0x20 : i < 15 ? digit || c === 0x20 : c === 0x0a;
    if (!ok) return false;
  }
  return true;
}

/** Status and body length from 16 header bytes, or null when they are not a fixed16 header. */
export function parseHeader(head: Buffer): { status: number; length: number } | null {
  if (head.length < HEADER_BYTES) return null;
  const match = /^(\d{3}) ( *\d+ *)\n$/.exec(head.subarray(0, HEADER_BYTES).toString('latin1'));
  if (!match) return null;
  return { status: Number(match[1]), length: Number(match[2]!.trim()) };
}

/** A short, printable rendering of the bytes a peer sent instead of a header. */
export function describeBytes(bytes: Buffer): string {
  return JSON.stringify(bytes.subarray(0, HEADER_BYTES).toString('latin1'));
}
