import { log } from '../log.js';

/** Whether the database answers, as this process last found it (issue 36: logged once when it breaks, once when it mends). */
export interface DatabaseHealth {
  readonly up: boolean;
  /** A query or a connection failed because the database is away. */
  failed(err: unknown): void;
  /** A query was answered. */
  answered(): void;
}

const reasonOf = (err: unknown): string => {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : typeof message === 'string' ? message : 'no answer';
};

export function createDatabaseHealth(what: string, now: () => number = Date.now): DatabaseHealth {
  let downSince: number | undefined;
  return {
    get up() { return downSince === undefined; },
    failed(err) {
      if (downSince !== undefined) return;
      downSince = now();
      log().warn({ database: what, reason: reasonOf(err) }, `Database: ${what} is not answering (${reasonOf(err)}); requests get 503 until it is back`);
    },
    answered() {
      if (downSince === undefined) return;
      const seconds = (now() - downSince) / 1000;
      downSince = undefined;
      log().info({ database: what, downSeconds: seconds }, `Database: ${what} answers again after ${seconds.toFixed(1)} s`);
    },
  };
}
