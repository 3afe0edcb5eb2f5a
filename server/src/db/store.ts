import type { Kysely } from 'kysely';
import type { DatabaseHealth } from './health.js';
import type { Tables } from './tables.js';

/** The database engines Pharos stores in. */
export type Dialect = 'sqlite' | 'postgres';

/** The query layer every storage call goes through; a transaction is one too, so query modules take either. */
export type Store = Kysely<Tables>;

/** One database, whichever engine holds it. */
export interface Storage {
  readonly store: Store;
  readonly dialect: Dialect;
  /** Where the data lives, for logs and the admin CLI: a file path, or host:port/database (never the password). */
  readonly location: string;
  /**
   * Runs a job that must not run in two processes at once (housekeeping, outboxes): undefined, without running it,
   * when another process is running it now. Jobs read what they do from the database, so a later turn elsewhere
   * finds the work done.
   */
  exclusive<T>(job: string, run: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
  /** Whether the database answers (a server database: PostgreSQL); absent for a local file, which does not go away. */
  readonly health?: DatabaseHealth;
}

/** One process owns an SQLite file: only overlapping turns of this process need keeping apart. */
export function localExclusive(): Storage['exclusive'] {
  const running = new Set<string>();
  return async (job, run) => {
    if (running.has(job)) return undefined;
    running.add(job);
    try {
      return await run();
    } finally {
      running.delete(job);
    }
  };
}
