/**
 * One socket to a Livestatus peer, with every limit a broken or hostile peer could otherwise abuse: a connect timeout,
 * a deadline per answer (a slow drip of bytes never completes), a cap on the announced length (checked before reading
 * the body), and a strict header. Any failure destroys the socket: after a protocol error it cannot be trusted again.
 * Queries may be pipelined (sent before earlier answers arrive; answers come in order): over TCP, Icinga 2 writes
 * header and body separately, and waiting for each answer before the next query costs a delayed-ACK pause (~40 ms) each.
 */
import net from 'node:net';
import { LivestatusError } from './errors.js';
import { formatLivestatusAddress, type LivestatusAddress } from './address.js';
import { HEADER_BYTES, couldBeHeader, describeBytes, parseHeader } from './protocol.js';

export interface ConnectionLimits {
  connectTimeoutMs: number;
  /** Deadline for one complete answer, from sending the query. */
  queryTimeoutMs: number;
  /** Largest body accepted; a header announcing more fails at once. */
  maxAnswerBytes: number;
}

export interface Answer {
  status: number;
  body: Buffer;
}

interface Pending {
  resolve(answer: Answer): void;
  reject(error: LivestatusError): void;
  /** Runs while this answer is the one being received. */
  timer: NodeJS.Timeout | null;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Size of the buffer each connection reads into. */
const READ_BYTES = 64 * 1024;

export function byteSize(n: number): string {
  if (n >= 2 ** 30) return `${(n / 2 ** 30).toFixed(1)} GiB`;
  if (n >= 2 ** 20) return `${(n / 2 ** 20).toFixed(1)} MiB`;
  if (n >= 2 ** 10) return `${(n / 2 ** 10).toFixed(1)} KiB`;
  return `${n} bytes`;
}

/** Operator-facing reasons for the usual socket errors. */
function socketReason(err: NodeJS.ErrnoException, address: LivestatusAddress): { code: 'connect' | 'reset'; reason: string } {
  switch (err.code) {
    case 'ECONNREFUSED':
      return { code: 'connect', reason: address.kind === 'unix' ? 'connection refused: nothing listens on the socket (is the engine running?)' : 'connection refused: nothing listens on that port (is the engine running, with Livestatus enabled?)' };
    case 'ENOENT':
      return { code: 'connect', reason: 'the socket file does not exist (is the engine running, with Livestatus enabled?)' };
    case 'EACCES':
    case 'EPERM':
      return { code: 'connect', reason: 'permission denied on the socket (add the user Pharos runs as to the group owning it)' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { code: 'connect', reason: `cannot resolve the host name (${err.code})` };
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return { code: 'connect', reason: `the host is unreachable (${err.code})` };
    case 'ECONNRESET':
    case 'EPIPE':
      return { code: 'reset', reason: `the peer reset the connection (${err.code})` };
    default:
      return { code: 'connect', reason: `${err.code ?? 'socket error'}: ${err.message}` };
  }
}

export class LivestatusConnection {
  /** Bytes of a header not complete yet. */
  private chunks: Buffer[] = [];
  /** Bytes received of the answer being received, its header included. */
  private received = 0;
  /**
   * The body of the answer being received, allocated at its announced length once the header is in: each chunk is
   * copied in as it arrives, instead of one copy of tens of megabytes when the last chunk arrives.
   */
  private body: Buffer | null = null;
  private filled = 0;
  /** Whatever the peer sends is ignored (after a COMMAND, which has no answer). */
  private ignoring = false;
  /** Where the body of an answer is allocated; a caller may hand out reused buffers (LivestatusClient.session). */
  bodies: (size: number) => Buffer = Buffer.allocUnsafe;
  /** Body length from the header; -1 until the header is complete. */
  private length = -1;
  private status = 0;
  /** Queries sent and not yet answered, oldest first. */
  private readonly pending: Pending[] = [];
  private failure: LivestatusError | null = null;
  private readonly where: string;

  private constructor(private readonly socket: net.Socket, private readonly address: LivestatusAddress, private readonly limits: ConnectionLimits, received: { sink?: (chunk: Buffer) => void }) {
    this.where = formatLivestatusAddress(address);
    received.sink = (chunk) => this.onData(chunk);
    socket.on('end', () => this.fail('closed', this.closedReason()));
    // Once connected, any socket error means the exchange broke off.
    socket.on('error', (err: NodeJS.ErrnoException) => this.fail('reset', socketReason(err, address).reason));
    socket.on('close', () => this.fail('closed', this.closedReason()));
  }

  /** Connects within `limits.connectTimeoutMs`; `signal` aborts the attempt. */
  static open(address: LivestatusAddress, limits: ConnectionLimits, signal?: AbortSignal): Promise<LivestatusConnection> {
    const where = formatLivestatusAddress(address);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new LivestatusError('aborted', 'the request was cancelled', where));
        return;
      }
      // Reads land in one buffer per connection, copied out at once (onData): a 30 MB answer no longer arrives as
      // 500 new chunk buffers for the garbage collector, which made Node force full collections.
      const received: { sink?: (chunk: Buffer) => void } = {};
      const onread = { buffer: Buffer.allocUnsafe(READ_BYTES), callback: (n: number, buf: Uint8Array): boolean => {
        received.sink?.(Buffer.from(buf.buffer, buf.byteOffset, n));
        return true;
      } };
      const socket = address.kind === 'unix' ? net.connect({ path: address.path, onread }) : net.connect({ host: address.host, port: address.port, onread });
      const done = (error: LivestatusError | null) => {
        clearTimeout(timer);
        socket.off('connect', onConnect);
        socket.off('error', onError);
        signal?.removeEventListener('abort', onAbort);
        if (!error) {
          const connection = new LivestatusConnection(socket, address, limits, received);
          if (signal) connection.abortOn(signal);
          resolve(connection);
          return;
        }
        // A late error from the abandoned socket must not become an uncaught exception.
        socket.on('error', () => undefined);
        socket.destroy();
        reject(error);
      };
      const onConnect = () => done(null);
      const onError = (err: NodeJS.ErrnoException) => {
        const { code, reason } = socketReason(err, address);
        done(new LivestatusError(code, reason, where));
      };
      const onAbort = () => done(new LivestatusError('aborted', 'the request was cancelled', where));
      const timer = setTimeout(() => {
        const hint = address.kind === 'tcp' ? ' (the host is down, or a firewall drops the packets)' : '';
        done(new LivestatusError('connect_timeout', `no connection within ${seconds(limits.connectTimeoutMs)}${hint}`, where));
      }, limits.connectTimeoutMs);
      socket.once('connect', onConnect);
      socket.once('error', onError);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Sends one query and resolves with its answer. Further queries may be sent before it is answered. */
  request(text: string): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject, timer: null });
      if (this.pending.length === 1) this.startAnswer();
      this.socket.write(text);
    });
  }

  /** The oldest query's answer is due now: reset the framing and start its deadline. */
  private startAnswer(): void {
    const head = this.pending[0];
    this.length = -1;
    if (!head) return;
    head.timer = setTimeout(() => this.fail('timeout', `no complete answer within ${seconds(this.limits.queryTimeoutMs)} (${this.progress()}): the engine is frozen or overloaded, or this is not a Livestatus port`), this.limits.queryTimeoutMs);
  }

  /** Sends text that gets no answer (a COMMAND), then closes; resolves once the peer has it or closed, within the connect timeout. */
  sendAndClose(text: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      // Whatever a peer sends back to a command is ignored: no command has an answer.
      this.ignoring = true;
      const timer = setTimeout(() => {
        this.socket.destroy();
        resolve();
      }, this.limits.connectTimeoutMs);
      this.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.socket.write(text, (err) => {
        if (!err) return;
        clearTimeout(timer);
        const { reason } = socketReason(err as NodeJS.ErrnoException, this.address);
        reject(new LivestatusError('reset', `the command was not delivered: ${reason}`, this.where));
      });
      // EOF ends the request for every implementation; Icinga 2 would otherwise keep the connection open.
      this.socket.end();
    });
  }

  /** Ends the connection; queries still waiting for an answer fail. */
  close(): void {
    this.fail('closed', 'the connection was closed before the answer arrived');
  }

  /** Fails the connection (and its query) when `signal` aborts. */
  abortOn(signal: AbortSignal): void {
    const onAbort = () => this.fail('aborted', 'the request was cancelled');
    signal.addEventListener('abort', onAbort, { once: true });
    this.socket.once('close', () => signal.removeEventListener('abort', onAbort));
  }

  private progress(): string {
    if (this.received === 0) return 'nothing received';
    if (this.length < 0) return `${this.received} bytes received, no complete header`;
    return `${byteSize(this.received - HEADER_BYTES)} of ${byteSize(this.length)} received`;
  }

  private closedReason(): string {
    if (this.pending.length === 0) return 'the peer closed the connection';
    if (this.received === 0) return 'the peer closed the connection without answering (is this a Livestatus port?)';
    return `the peer closed the connection in the middle of the answer (${this.progress()})`;
  }

  private fail(code: LivestatusError['code'], reason: string): void {
    if (this.failure) return;
    this.failure = new LivestatusError(code, reason, this.where);
    this.socket.destroy();
    this.chunks = [];
    this.body = null;
    for (const pending of this.pending.splice(0)) {
      if (pending.timer) clearTimeout(pending.timer);
      pending.reject(this.failure);
    }
  }

  /** `chunk` is a view of the read buffer, overwritten by the next read: whatever is kept is copied. */
  private onData(chunk: Buffer): void {
    if (this.failure || this.ignoring) return;
    if (this.pending.length === 0) {
      this.fail('bad_header', `the peer sent ${byteSize(chunk.length)} nobody asked for`);
      return;
    }
    // One chunk may end one answer and start the next.
    let rest = chunk;
    while (!this.failure) {
      if (this.length < 0) {
        if (rest.length === 0) return;
        if (this.pending.length === 0) {
          this.fail('bad_header', `the peer sent ${byteSize(rest.length)} more than its headers announced`);
          return;
        }
        this.chunks.push(Buffer.from(rest));
        this.received += rest.length;
        if (!this.readHeader()) return;
        const head = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.received);
        this.chunks = [];
        this.body = this.bodies(this.length);
        this.filled = 0;
        this.received = HEADER_BYTES;
        rest = head.subarray(HEADER_BYTES);
      }
      const body = this.body!;
      const take = Math.min(rest.length, body.length - this.filled);
      rest.copy(body, this.filled, 0, take);
      this.filled += take;
      this.received += take;
      rest = rest.subarray(take);
      if (this.filled < body.length) return;
      const pending = this.pending.shift()!;
      if (pending.timer) clearTimeout(pending.timer);
      this.body = null;
      this.received = 0;
      pending.resolve({ status: this.status, body });
      this.startAnswer();
    }
  }

  /** Reads the header once 16 bytes are in; false while incomplete or after failing. */
  private readHeader(): boolean {
    if (this.received === 0) return false;
    const head = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    if (!couldBeHeader(head)) {
      this.fail('bad_header', `the answer does not start with a Livestatus header (got ${describeBytes(head)}): is this a Livestatus port, and does it support ResponseHeader: fixed16?`);
      return false;
    }
    if (head.length < HEADER_BYTES) return false;
    const header = parseHeader(head);
    if (!header) {
      this.fail('bad_header', `the answer does not start with a Livestatus header (got ${describeBytes(head)})`);
      return false;
    }
    if (header.length > this.limits.maxAnswerBytes) {
      this.fail('too_large', `the peer announced an answer of ${byteSize(header.length)}, more than the limit of ${byteSize(this.limits.maxAnswerBytes)} (raise maxAnswerBytes if the engine really has that much data)`);
      return false;
    }
    this.status = header.status;
    this.length = header.length;
    return true;
  }
}
