/**
 * Allocation-light helpers for scanning Nagios' line-based files straight from their bytes: a 100k-service
 * status.dat is ~150 MB and ~6 million lines, so the parsers never build a string for the whole file or for keys,
 * and decode only the values they keep. Nothing here keeps a reference to the bytes it was given, so files can be
 * streamed through one reused chunk buffer.
 */

import type { FileHandle } from 'node:fs/promises';

export const NL = 10;
export const TAB = 9;
export const SPACE = 32;
export const CR = 13;
export const HASH = 35;
export const EQUALS = 61;
export const CLOSE_BRACE = 125;

/** Keys are told apart by length and three bytes; an exact compare confirms, so unknown keys never alias known ones. */
function hashBytes(buf: Buffer, start: number, end: number): number {
  const len = end - start;
  return (((len * 131 + (buf[start] ?? 0)) * 131 + (buf[start + (len >> 1)] ?? 0)) * 131 + (buf[end - 1] ?? 0)) | 0;
}

/** FNV-1a over every byte: values such as check commands often share length and ends, which the key hash cannot tell apart. */
function hashAllBytes(buf: Buffer, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (buf[i] ?? 0), 0x01000193);
  return h;
}

function hashText(text: string): number {
  const len = text.length;
  return (((len * 131 + text.charCodeAt(0)) * 131 + text.charCodeAt(len >> 1)) * 131 + text.charCodeAt(len - 1)) | 0;
}

/** Whether the bytes from `start` are exactly the ASCII `text` (`text` must not run past `end`). */
export function bytesAre(buf: Buffer, start: number, end: number, text: string): boolean {
  if (end - start !== text.length) return false;
  for (let i = 0; i < text.length; i++) {
    if (buf[start + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

/** Whether the bytes from `start` begin with the ASCII `text`. */
export function bytesStartWith(buf: Buffer, start: number, text: string): boolean {
  if (start + text.length > buf.length) return false;
  for (let i = 0; i < text.length; i++) {
    if (buf[start + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

/** Maps the keys a parser cares about to small integer ids without decoding the key. */
export class KeyTable {
  private readonly byHash = new Map<number, { key: string; id: number }[]>();

  constructor(keys: readonly string[]) {
    keys.forEach((key, id) => {
      const h = hashText(key);
      const list = this.byHash.get(h);
      if (list) list.push({ key, id });
      else this.byHash.set(h, [{ key, id }]);
    });
  }

  /** False when the key spanning [start, end) is certainly not one of ours: nothing shares its length and sampled bytes. */
  mayContain(buf: Buffer, start: number, end: number): boolean {
    return this.byHash.has(hashBytes(buf, start, end));
  }

  /** The id of the key spanning [start, end), or -1 when it is not one of ours. */
  lookup(buf: Buffer, start: number, end: number): number {
    if (end <= start) return -1;
    const list = this.byHash.get(hashBytes(buf, start, end));
    if (list === undefined) return -1;
    for (const entry of list) {
      if (bytesAre(buf, start, end, entry.key)) return entry.id;
    }
    return -1;
  }
}

/** A byte sequence prepared for fast comparison: little-endian 32-bit words, then the remaining bytes. */
class BytePattern {
  readonly length: number;
  private readonly words: Int32Array;
  private readonly tail: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.length = bytes.length;
    const wordCount = bytes.length >> 2;
    this.words = new Int32Array(wordCount);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let w = 0; w < wordCount; w++) this.words[w] = view.getInt32(w * 4, true);
    // A copy (Buffer#slice would share memory): the bytes usually live in a chunk buffer that is about to be reused.
    this.tail = Uint8Array.from(bytes.subarray(wordCount * 4));
  }

  /** Whether `buf` holds this pattern at `start`; the caller guarantees `start + length <= buf.length`. */
  at(buf: Buffer, view: DataView, start: number): boolean {
    const words = this.words;
    for (let w = 0; w < words.length; w++) {
      if (view.getInt32(start + w * 4, true) !== words[w]) return false;
    }
    const tail = this.tail;
    const at = start + words.length * 4;
    for (let t = 0; t < tail.length; t++) {
      if (buf[at + t] !== tail[t]) return false;
    }
    return true;
  }
}

interface LearnedKey {
  pattern: BytePattern;
  id: number;
  /**
   * For keys we skip whose length and sampled bytes match no wanted key, checking those bytes is enough:
   * a line passing the check cannot hold a wanted key. Wanted keys are always compared in full.
   */
  skipBySample: boolean;
  first: number;
  middle: number;
  last: number;
}

export function viewOf(buf: Buffer): DataView {
  return new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
}

/**
 * Finds a line's key by assuming it is the key seen at the same position in the previous block of the same kind:
 * Nagios writes every block of a kind with the same keys in the same order, so almost every line costs a few
 * 32-bit compares instead of a search plus a table lookup.
 */
export class KeyPredictor {
  /** Offset of the separator after the key matched by the last `match` call, or -1 when the line had none. */
  keyEnd = -1;
  private readonly learned: LearnedKey[] = [];

  constructor(private readonly table: KeyTable, private readonly separator: 'equals' | 'whitespace') {}

  private isSeparator(c: number | undefined): boolean {
    return this.separator === 'equals' ? c === EQUALS : c === TAB || c === SPACE;
  }

  /** The id of the key starting at `start` of the line ending at `lineEnd`, the `index`-th line of its block; -1 for keys we skip. */
  match(buf: Buffer, view: DataView, start: number, lineEnd: number, index: number): number {
    const predicted = this.learned[index];
    if (predicted !== undefined) {
      const pattern = predicted.pattern;
      const end = start + pattern.length;
      if (end < lineEnd && this.isSeparator(buf[end])) {
        if (predicted.skipBySample) {
          // Same length and sampled bytes as a key no table entry shares them with: whatever key this is, it is skipped.
          if (buf[start] === predicted.first && buf[start + (pattern.length >> 1)] === predicted.middle && buf[end - 1] === predicted.last) {
            this.keyEnd = end;
            return -1;
          }
        } else if (pattern.at(buf, view, start)) {
          this.keyEnd = end;
          return predicted.id;
        }
      }
    }
    let end = start;
    while (end < lineEnd && !this.isSeparator(buf[end])) end++;
    if (end >= lineEnd && this.separator === 'equals') {
      this.keyEnd = -1;
      return -1;
    }
    const id = this.table.lookup(buf, start, end);
    this.learned[index] = {
      pattern: new BytePattern(buf.subarray(start, end)), id, skipBySample: id < 0 && end > start && !this.table.mayContain(buf, start, end),
      first: buf[start] ?? 0, middle: buf[start + ((end - start) >> 1)] ?? 0, last: buf[end - 1] ?? 0,
    };
    this.keyEnd = end;
    return id;
  }
}

/** Whole-number field; Nagios writes plain decimal integers, anything else falls back to Number(). */
export function intAt(buf: Buffer, start: number, end: number): number {
  if (start >= end) return 0;
  let i = start;
  let negative = false;
  if (buf[i] === 45) {
    negative = true;
    i++;
  }
  let n = 0;
  for (; i < end; i++) {
    const d = (buf[i] ?? 0) - 48;
    if (d < 0 || d > 9) return numberFallback(buf, start, end);
    n = n * 10 + d;
  }
  return negative ? -n : n;
}

/** Decimal field such as `0.005` or `1.000000`. */
export function floatAt(buf: Buffer, start: number, end: number): number {
  if (start >= end) return 0;
  let i = start;
  let negative = false;
  if (buf[i] === 45) {
    negative = true;
    i++;
  }
  let n = 0;
  let scale = 0;
  for (; i < end; i++) {
    const c = buf[i] ?? 0;
    if (c === 46 && scale === 0) {
      scale = 1;
      continue;
    }
    const d = c - 48;
    if (d < 0 || d > 9) return numberFallback(buf, start, end);
    n = n * 10 + d;
    if (scale) scale *= 10;
  }
  const value = scale ? n / scale : n;
  return negative ? -value : value;
}

function numberFallback(buf: Buffer, start: number, end: number): number {
  const n = Number(buf.toString('latin1', start, end).trim());
  return Number.isFinite(n) ? n : 0;
}

/** 0/1 flag; any non-zero number counts as set. */
export function flagAt(buf: Buffer, start: number, end: number): 0 | 1 {
  return intAt(buf, start, end) === 0 ? 0 : 1;
}

/** Node's internal `Buffer#utf8Slice` skips `toString`'s argument handling, which shows up when decoding ~300k values per file. */
type SliceableBuffer = Buffer & { utf8Slice?: (start: number, end: number) => string };
const hasUtf8Slice = typeof (Buffer.prototype as SliceableBuffer).utf8Slice === 'function';

export function textAt(buf: Buffer, start: number, end: number): string {
  if (start >= end) return '';
  return hasUtf8Slice ? (buf as Required<SliceableBuffer>).utf8Slice(start, end) : buf.toString('utf8', start, end);
}

/**
 * Reuses the string for values that repeat across records (host names, service descriptions, check commands),
 * so a 100k-service file decodes each distinct name once.
 */
export class Interner {
  private readonly cache = new Map<number, { value: string; pattern: BytePattern }>();

  text(buf: Buffer, view: DataView, start: number, end: number): string {
    if (start >= end) return '';
    const h = hashAllBytes(buf, start, end);
    const hit = this.cache.get(h);
    if (hit !== undefined && hit.pattern.length === end - start && hit.pattern.at(buf, view, start)) return hit.value;
    const value = textAt(buf, start, end);
    this.cache.set(h, { value, pattern: new BytePattern(buf.subarray(start, end)) });
    return value;
  }
}

/** Nagios escapes long plugin output with `\n` and `\\` so it fits on one line; this restores the text. */
export function unescapeNewlines(value: string): string {
  if (!value.includes('\\')) return value;
  if (!value.includes('\\\\')) return value.replaceAll('\\n', '\n');
  return value.replace(/\\(\\|n)/g, (_m, c: string) => (c === 'n' ? '\n' : '\\'));
}

/** End of the line starting at `pos` (the newline's offset, or the buffer length). */
export function lineEnd(buf: Buffer, pos: number): number {
  const nl = buf.indexOf(NL, pos);
  return nl < 0 ? buf.length : nl;
}

/** First offset at or after `pos` that is not a tab or space, up to `end`. */
export function skipBlanks(buf: Buffer, pos: number, end: number): number {
  let i = pos;
  while (i < end && (buf[i] === TAB || buf[i] === SPACE)) i++;
  return i;
}

/** Offset just past the value of a line ending at `end`, ignoring a trailing carriage return. */
export function valueEnd(buf: Buffer, valueStart: number, end: number): number {
  return end > valueStart && buf[end - 1] === CR ? end - 1 : end;
}

/**
 * Reads a file in chunks and hands `feed` whole lines only (the final line may lack its newline). Two buffers are
 * reused: while `feed` parses one chunk, the next is read on the libuv thread pool, and the event loop runs between
 * chunks. `feed` must not keep references into the chunk it is given.
 */
export async function streamLines(handle: FileHandle, feed: (chunk: Buffer) => void, chunkBytes = 4 * 1024 * 1024): Promise<void> {
  let cur = Buffer.allocUnsafe(chunkBytes);
  let spare = Buffer.allocUnsafe(chunkBytes);
  let filled = 0;
  let eof = false;
  for (;;) {
    const cut: number = eof ? filled : filled === 0 ? 0 : cur.lastIndexOf(NL, filled - 1) + 1;
    if (cut === 0) {
      if (eof) return;
      if (filled === cur.length) {
        // One line longer than the buffer: grow instead of splitting it.
        const bigger = Buffer.allocUnsafe(cur.length * 2);
        cur.copy(bigger, 0, 0, filled);
        cur = bigger;
        spare = Buffer.allocUnsafe(bigger.length);
      }
      const { bytesRead }: { bytesRead: number } = await handle.read(cur, filled, cur.length - filled, null);
      filled += bytesRead;
      eof = bytesRead === 0;
      continue;
    }
    const carried: number = filled - cut;
    cur.copy(spare, 0, cut, filled);
    const reading: Promise<{ bytesRead: number }> | null = eof ? null : handle.read(spare, carried, spare.length - carried, null);
    try {
      feed(cur.subarray(0, cut));
    } finally {
      // Never leave a read writing into a buffer after we return.
      if (reading) await reading.catch(() => undefined);
    }
    if (!reading) return;
    const { bytesRead }: { bytesRead: number } = await reading;
    [cur, spare] = [spare, cur];
    filled = carried + bytesRead;
    eof = bytesRead === 0;
  }
}
