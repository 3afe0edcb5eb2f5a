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

/** Runs one query inside a session. */
export type RunQuery = (query: LivestatusQuery) => Promise<LivestatusRows>;

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
  async session<T>(work: (run: RunQuery) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const connection = await LivestatusConnection.open(this.address, this.limits, signal);
    try {
      return await work(async (query) => {
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
        return parseRows(answer.body, query.table, this.where);
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
