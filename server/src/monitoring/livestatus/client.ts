/**
 * A small Livestatus client (none exists on npm). Queries run in sessions: one connection, the queries pipelined with
 * `KeepAlive: on`, closed at the end. A poll of several tables costs one connect and one round trip, and no connection
 * outlives its session, so there is no idle socket to go stale between polls and nothing to resynchronise after an
 * error: the connection is simply dropped. Commands each get their own short connection, because a COMMAND has no
 * answer to frame the next request by (Icinga 2 keeps the connection open after one, other servers close it).
 */
import { LivestatusError, excerpt, located } from './errors.js';
import { formatLivestatusAddress, parseLivestatusAddress, type LivestatusAddress } from './address.js';
import { LivestatusConnection, type ConnectionLimits } from './connection.js';
import { commandText, queryText, type LivestatusQuery } from './protocol.js';
import { runSliced, type Slices } from '../slices.js';

export type LivestatusRows = unknown[][];

export interface LivestatusClientOptions {
  /** Default 5 s. */
  connectTimeoutMs?: number;
  /** Deadline for one complete answer; default 30 s. */
  queryTimeoutMs?: number;
  /** Largest answer accepted; default 64 MiB. */
  maxAnswerBytes?: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = { connectTimeoutMs: 5000, queryTimeoutMs: 30_000, maxAnswerBytes: 64 * 1024 * 1024 };

/**
 * Turns each row of an answer into what the caller keeps, as the answer is parsed, so a large answer's rows never
 * pile up (at 100,000 services they were tens of megabytes for the garbage collector to move). `check` sees the rows
 * first and throws for rows it refuses.
 */
export interface RowReader<T> {
  check(rows: LivestatusRows): void;
  /** `index`: the row's place in the answer. */
  read(row: unknown[], index: number): T;
  /** The last answer to the same query and what was read from it: a row that comes back byte for byte is not parsed again. */
  previous?: ReadAnswer<T>;
  /** Takes this answer and what was read from it, to pass as `previous` next time (large answers only). */
  keep?(answer: ReadAnswer<T>): void;
}

/** A large answer as it was read: its bytes, where each row starts and ends, and what each row was read as. */
export interface ReadAnswer<T> {
  body: Buffer;
  starts: Int32Array;
  ends: Int32Array;
  results: T[];
}

/** Runs one query inside a session: its rows, or with a reader, what the reader made of each. */
export interface RunQuery {
  (query: LivestatusQuery): Promise<LivestatusRows>;
  <T>(query: LivestatusQuery, reader: RowReader<T>): Promise<T[]>;
}

/** Rows from a JSON answer body; a peer's garbage becomes a clear error, never an exception from deep inside. */
export function parseRows(body: Buffer, table: string, where: string): LivestatusRows {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw new LivestatusError('bad_json', `the answer to GET ${table} is not valid JSON (${excerpt((err as Error).message)})`, where);
  }
  if (!Array.isArray(value)) throw new LivestatusError('bad_json', `the answer to GET ${table} is not a JSON list of rows`, where);
  for (let i = 0; i < value.length; i++) {
    if (!Array.isArray(value[i])) throw new LivestatusError('bad_json', `row ${i + 1} of the answer to GET ${table} is not a list`, where);
  }
  return value as LivestatusRows;
}

/**
 * Buffers for large answers' bodies, reused from poll to poll: a 30 MB answer in a new buffer every few seconds made
 * Node force full garbage collections (external memory). A buffer is handed back once nothing refers to its answer.
 */
export class BodyBuffers {
  private spare: Buffer[] = [];

  /** A body of `size` bytes: a spare buffer's start when one is large enough. Small answers get their own. */
  take = (size: number): Buffer => {
    if (size < SLICED_PARSE_BYTES) return Buffer.allocUnsafe(size);
    const i = this.spare.findIndex((b) => b.length >= size);
    if (i >= 0) return this.spare.splice(i, 1)[0]!.subarray(0, size);
    // Some room to grow, so a slightly larger answer next time still fits.
    return Buffer.allocUnsafe(Math.ceil(size * 1.125)).subarray(0, size);
  };

  /** Hands back bodies from `take` nothing refers to any more. */
  giveBack(bodies: Buffer[]): void {
    for (const body of bodies) {
      if (body.length < SLICED_PARSE_BYTES || this.spare.length >= 4) continue;
      this.spare.push(Buffer.from(body.buffer, body.byteOffset, body.buffer.byteLength - body.byteOffset));
    }
  }
}

/** Answers from this size on are parsed in slices (rowsInSlices); smaller ones in one go. */
const SLICED_PARSE_BYTES = 1024 * 1024;
/**
 * Under a millisecond of JSON.parse per slice, and small enough (under V8's large-object size) that its text is
 * young garbage, collected at once, rather than old garbage piling up until a full collection.
 */
const SLICE_BYTES = 64 * 1024;

const isSpace = (c: number | undefined): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(body: Buffer, i: number): number {
  while (isSpace(body[i])) i++;
  return i;
}

/** Just past the list or object that starts at `i` (strings skipped, escapes honoured), or -1 when it does not end. */
function valueEnd(body: Buffer, i: number): number {
  let depth = 0;
  for (const n = body.length; i < n; i++) {
    const c = body[i]!;
    if (c === 0x22) {
      // To the closing quote: one not preceded by an odd number of backslashes.
      let j = i;
      for (;;) {
        j = body.indexOf(0x22, j + 1);
        if (j < 0) return -1;
        let k = j - 1;
        while (body[k] === 0x5c) k--;
        if ((j - 1 - k) % 2 === 0) break;
      }
      i = j;
    } else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * The rows of a JSON list of lists, parsed a slice of rows at a time: JSON.parse of a 100,000-service answer held the
 * event loop for 150 ms and more. Undefined when the body is not plainly such a list (anything odd at all), and then
 * the caller parses it whole, so a broken answer fails exactly as before, with the same reason.
 */
/** Where each row of an answer starts and ends (off the JS heap), growing as rows are found. */
class Offsets {
  starts = new Int32Array(1024);
  ends = new Int32Array(1024);
  count = 0;

  add(start: number, end: number): void {
    if (this.count === this.starts.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    this.starts[this.count] = start;
    this.ends[this.count++] = end;
  }
}

function* rowsInSlices<T>(body: Buffer, reader: RowReader<T>): Slices<T[] | undefined> {
  const previous = reader.previous;
  const offsets = reader.keep ? new Offsets() : undefined;
  let i = skipSpace(body, 0);
  if (body[i] !== 0x5b) return undefined;
  i = skipSpace(body, i + 1);
  const rows: T[] = [];
  const done = (): T[] => {
    if (offsets) reader.keep!({ body, starts: offsets.starts, ends: offsets.ends, results: rows });
    return rows;
  };
  if (body[i] === 0x5d) return skipSpace(body, i + 1) === body.length ? done() : undefined;
  // Rows to parse, from `from` to `to`: runs of rows that are not byte for byte the same as last time.
  let from = i;
  let to = i;
  let count = 0;
  let scanned = 0;
  const flush = (): boolean => {
    if (count === 0) return true;
    let part: unknown;
    try {
      part = JSON.parse(`[${body.toString('utf8', from, to)}]`);
    } catch {
      return false;
    }
    if (!Array.isArray(part) || part.length !== count) return false;
    try {
      reader.check(part as LivestatusRows);
    } catch {
      // Parsed whole, the answer may turn out broken further on: that is the failure to report, as before.
      return false;
    }
    for (const row of part) rows.push(reader.read(row as unknown[], rows.length));
    count = 0;
    return true;
  };
  for (;;) {
    if (body[i] !== 0x5b) return undefined;
    const start = i;
    i = valueEnd(body, i);
    if (i < 0) return undefined;
    const next = skipSpace(body, i);
    const last = body[next] === 0x5d;
    if (!last && body[next] !== 0x2c) return undefined;
    const index = rows.length + count;
    offsets?.add(start, i);
    // The same bytes as the row at this place last time: the same row, read the same way, so nothing to parse.
    const same = previous !== undefined && index < previous.results.length && previous.ends[index]! - previous.starts[index]! === i - start
      && body.compare(previous.body, previous.starts[index]!, previous.ends[index]!, start, i) === 0;
    if (same) {
      if (!flush()) return undefined;
      rows.push(previous.results[index]!);
    } else {
      if (count === 0) from = start;
      count++;
      to = i;
      if (to - from >= SLICE_BYTES && !flush()) return undefined;
    }
    if (last) {
      if (!flush()) return undefined;
      return skipSpace(body, next + 1) === body.length ? done() : undefined;
    }
    scanned += i - start;
    if (scanned >= SLICE_BYTES) {
      scanned = 0;
      yield;
    }
    i = skipSpace(body, next + 1);
  }
}

const asRows: RowReader<unknown[]> = { check: () => undefined, read: (row) => row };

/**
 * parseRows, then the reader's check and each row read. A large answer is parsed and read in slices (rowsInSlices),
 * so requests are answered meanwhile; the result and any failure are the same either way.
 */
export async function readRows<T>(body: Buffer, table: string, where: string, reader: RowReader<T>): Promise<T[]> {
  if (body.length >= SLICED_PARSE_BYTES) {
    const rows = await runSliced(rowsInSlices(body, reader));
    if (rows) return rows;
  }
  const rows = parseRows(body, table, where);
  reader.check(rows);
  return reader === asRows ? (rows as T[]) : rows.map((row, i) => reader.read(row, i));
}

export class LivestatusClient {
  readonly address: LivestatusAddress;
  readonly limits: ConnectionLimits;
  /** The address as written in settings and messages. */
  readonly where: string;

  constructor(address: string | LivestatusAddress, options: LivestatusClientOptions = {}) {
    this.address = typeof address === 'string' ? parseLivestatusAddress(address) : address;
    this.where = formatLivestatusAddress(this.address);
    this.limits = {
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_LIMITS.connectTimeoutMs,
      queryTimeoutMs: options.queryTimeoutMs ?? DEFAULT_LIMITS.queryTimeoutMs,
      maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_LIMITS.maxAnswerBytes,
    };
  }

  /** Opens one connection, lets `work` run queries on it (at once or in turn), and closes it whatever happens. */
  /** `bodies`: where answers' bodies are allocated (default: new buffers), for a caller that reuses them. */
  async session<T>(work: (run: RunQuery) => Promise<T>, signal?: AbortSignal, bodies?: (size: number) => Buffer): Promise<T> {
    const connection = await LivestatusConnection.open(this.address, this.limits, signal);
    if (bodies) connection.bodies = bodies;
    try {
      return await work(async <T>(query: LivestatusQuery, reader?: RowReader<T>) => {
        // Validated before anything is sent, so a bad query never leaves half a request on the wire.
        let text: string;
        try {
          text = queryText(query, true);
        } catch (err) {
          throw located(err, this.where);
        }
        const answer = await connection.request(text);
        if (answer.status !== 200) {
          const message = excerpt(answer.body.toString('utf8').split('\n')[0] ?? '', 300);
          throw new LivestatusError('status', `GET ${query.table} failed with status ${answer.status}${message ? `: ${message}` : ''}`, this.where, answer.status);
        }
        return readRows(answer.body, query.table, this.where, reader ?? (asRows as RowReader<T>));
      });
    } finally {
      connection.close();
    }
  }

  /** One query on its own connection. */
  query(query: LivestatusQuery, signal?: AbortSignal): Promise<LivestatusRows> {
    return this.session((run) => run(query), signal);
  }

  /** Sends `[unix time] NAME;args` as a COMMAND; resolves once it was handed to the peer (there is no reply to wait for). */
  async command(line: string, signal?: AbortSignal): Promise<void> {
    let text: string;
    try {
      text = commandText(line);
    } catch (err) {
      throw located(err, this.where);
    }
    const connection = await LivestatusConnection.open(this.address, this.limits, signal);
    await connection.sendAndClose(text);
  }
}
