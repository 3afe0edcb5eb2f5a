import { mark } from '../http/language.js';
export const STORAGE_UNAVAILABLE = mark('The database is not answering. Pharos keeps trying; try again in a moment.');

/** The database cannot be reached or is restarting: the request may succeed if tried again, so a 503, not a 500. */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
  constructor(cause: unknown) {
    super(STORAGE_UNAVAILABLE, { cause });
  }
}

const LOST_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH', 'ENOENT',
  // PostgreSQL: connection exceptions (08…), no connection to spare (53300), shutting down or starting up (57P01–57P03).
  '08000', '08001', '08003', '08004', '08006', '53300', '57P01', '57P02', '57P03',
]);
const LOST_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down)|connection error|Client was closed/i;

/** Whether an error from the PostgreSQL client means the connection, not the query, failed. */
export function isConnectionLoss(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && LOST_CODES.has(code)) || (typeof message === 'string' && LOST_MESSAGES.test(message));
}

export function isStorageUnavailable(err: unknown): boolean {
  if (err instanceof StorageUnavailableError) return true;
  // SQLite's busy timeout ran out: another process holds the write lock for longer than it should.
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * Issue 36: what a lookup of who is asking (a session, a device token, a pairing code) could not read is "try again"
 * (a 503), never "not signed in" or "no such code": whatever the error, the session, the display and the pairing stay.
 */
export async function lookupOrUnavailable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw err instanceof StorageUnavailableError ? err : new StorageUnavailableError(err);
  }
}
