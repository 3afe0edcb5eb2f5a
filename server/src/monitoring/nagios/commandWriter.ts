import fs from 'node:fs';
import { MAX_COMMAND_BYTES } from './externalCommands.js';
import { log } from '../../log.js';

export type Delivery = 'delivered' | 'queued';

export interface CommandWriterOptions {
  /** Commands held while Nagios is not reading; beyond this, submissions are refused. */
  maxQueue?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
}

/** Errors that mean "Nagios is not reading right now": try again later. */
const RETRYABLE = new Set(['ENXIO', 'EAGAIN', 'EWOULDBLOCK', 'ENOENT', 'EPIPE', 'EACCES', 'EPERM', 'EINTR', 'NOT_FIFO']);

/**
 * Writes external command lines to Nagios' command FIFO without ever blocking: the FIFO is opened with O_NONBLOCK,
 * which fails at once (ENXIO) when Nagios has no reader and makes a full pipe fail with EAGAIN instead of waiting.
 * Undelivered lines stay queued, in order, and are retried with backoff.
 */
export class CommandWriter {
  private readonly queue: { line: string }[] = [];
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private delay: number;
  private closed = false;
  private drainWaiters: (() => void)[] = [];
  private readonly maxQueue: number;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  /** Why the last attempt did not deliver everything (null after a full delivery). */
  lastError: string | null = null;

  constructor(private readonly fifoPath: string, options: CommandWriterOptions = {}) {
    this.maxQueue = options.maxQueue ?? 1000;
    this.firstRetryMs = options.firstRetryMs ?? 250;
    this.maxRetryMs = options.maxRetryMs ?? 5000;
    this.delay = this.firstRetryMs;
  }

  pending(): number {
    return this.queue.length;
  }

  /** Queues `line` and makes one delivery attempt; resolves with whether it reached the FIFO, never waiting for a reader. */
  async submit(line: string): Promise<Delivery> {
    if (this.closed) throw new Error('The monitoring source is stopped.');
    if (Buffer.byteLength(line) > MAX_COMMAND_BYTES) throw new Error(`The command is too long (at most ${MAX_COMMAND_BYTES} bytes).`);
    if (this.queue.length >= this.maxQueue) throw new Error('Too many commands are waiting for the monitoring engine; try again later.');
    const entry = { line };
    this.queue.push(entry);
    await this.flush();
    return this.queue.includes(entry) ? 'queued' : 'delivered';
  }

  /** Resolves once every queued command has been written. */
  drained(): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Runs a delivery pass after any pass in progress, so a line queued during a pass is always attempted. */
  private flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const pass = (this.flushing ?? Promise.resolve()).then(() => this.writeQueued());
    this.flushing = pass;
    void pass.finally(() => {
      if (this.flushing === pass) this.flushing = null;
    });
    return pass;
  }

  private async writeQueued(): Promise<void> {
    while (this.queue.length > 0 && !this.closed) {
      let handle: fs.promises.FileHandle | null = null;
      try {
        handle = await fs.promises.open(this.fifoPath, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
        // A regular file in its place would be overwritten from the start, not appended to.
        if (!(await handle.stat()).isFIFO()) throw Object.assign(new Error(`${this.fifoPath} is not a FIFO`), { code: 'NOT_FIFO' });
        while (this.queue.length > 0) {
          const batch = this.nextBatch();
          const { bytesWritten } = await handle.write(batch.bytes);
          // Each batch fits in PIPE_BUF, so the kernel writes all of it or nothing (EAGAIN).
          if (bytesWritten !== batch.bytes.length) throw Object.assign(new Error('short write to the command file'), { code: 'EAGAIN' });
          this.queue.splice(0, batch.count);
        }
        this.lastError = null;
        this.delay = this.firstRetryMs;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? '';
        this.lastError = `${code || 'ERROR'}: ${(err as Error).message}`;
        if (!RETRYABLE.has(code)) log().warn(`Nagios command file: ${this.lastError}`);
        this.scheduleRetry();
        return;
      } finally {
        await handle?.close().catch(() => undefined);
      }
    }
    if (this.queue.length === 0) {
      const waiters = this.drainWaiters;
      this.drainWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** As many whole queued lines as fit in one atomic pipe write. */
  private nextBatch(): { bytes: Buffer; count: number } {
    let text = '';
    let count = 0;
    for (const { line } of this.queue) {
      if (count > 0 && Buffer.byteLength(text + line) > MAX_COMMAND_BYTES) break;
      text += line;
      count++;
    }
    return { bytes: Buffer.from(text), count };
  }

  private scheduleRetry(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delay);
    this.timer.unref();
    this.delay = Math.min(this.delay * 2, this.maxRetryMs);
  }
}
