/**
 * Failed-login throttling (docs/security.md, "Login throttling"). Two kinds of key are counted separately:
 * the account name as typed (lower-cased, whether or not such a user exists, so a lock tells nothing about
 * which names are real) and the client address. Only failures count: successful logins are never slowed.
 *
 * - An account is locked after ACCOUNT_LIMIT failures in a row, an address after ADDRESS_LIMIT.
 * - The first lock lasts `lockMs`; each further failure after a lock has run out locks again for twice as long
 *   (up to 2^MAX_DOUBLINGS times `lockMs`).
 * - A successful login clears its account's count (not its address's: one valid account must not reset the
 *   count an address has built up guessing others). A count is forgotten after FORGET_MS without failures.
 */
import type { Store } from '../db/store.js';
import { addFailure, clearFailures, findFailures, lockUntil, type FailureKind } from '../db/limits.js';

export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 20;
const MAX_DOUBLINGS = 6;
export const FORGET_MS = 24 * 3600 * 1000;

const LIMITS: Record<FailureKind, number> = { account: ACCOUNT_LIMIT, address: ADDRESS_LIMIT };

export class LoginThrottle {
  constructor(private readonly store: Store, private readonly lockMs: number, private readonly now: () => number) {}

  private async lockedUntil(kind: FailureKind, key: string, now: number): Promise<number> {
    const until = (await findFailures(this.store, kind, key))?.lockedUntil ?? 0;
    return until > now ? until : 0;
  }

  private async fail(kind: FailureKind, key: string, now: number): Promise<void> {
    const { failures } = await addFailure(this.store, kind, key, now, FORGET_MS);
    const limit = LIMITS[kind];
    if (failures >= limit) await lockUntil(this.store, kind, key, now + this.lockMs * 2 ** Math.min(failures - limit, MAX_DOUBLINGS));
  }

  /** Milliseconds until a login for this account from this address may be tried again; 0 when it may now. */
  async retryAfterMs(username: string, address: string): Promise<number> {
    const now = this.now();
    const until = Math.max(await this.lockedUntil('account', username.toLowerCase(), now), await this.lockedUntil('address', address, now));
    return until ? until - now : 0;
  }

  async failed(username: string, address: string): Promise<void> {
    const now = this.now();
    await this.fail('account', username.toLowerCase(), now);
    await this.fail('address', address, now);
  }

  async succeeded(username: string): Promise<void> {
    await clearFailures(this.store, 'account', username.toLowerCase());
  }
}
