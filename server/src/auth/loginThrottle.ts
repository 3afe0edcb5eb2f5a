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
export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 20;
const MAX_DOUBLINGS = 6;
const FORGET_MS = 24 * 3600 * 1000;
/** Bounds memory when someone cycles through endless names or addresses: the oldest entries go first. */
const MAX_ENTRIES = 50_000;

interface Entry { failures: number; lockedUntil: number; lastFailure: number }

class Counter {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly limit: number, private readonly lockMs: number) {}

  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && now - e.lastFailure > FORGET_MS && now >= e.lockedUntil) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  lockedUntil(key: string, now: number): number {
    const until = this.live(key, now)?.lockedUntil ?? 0;
    return until > now ? until : 0;
  }

  fail(key: string, now: number): void {
    const e = this.live(key, now) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
    e.failures += 1;
    e.lastFailure = now;
    if (e.failures >= this.limit) e.lockedUntil = now + this.lockMs * 2 ** Math.min(e.failures - this.limit, MAX_DOUBLINGS);
    // Re-inserting keeps the map in order of last failure, so eviction drops the stalest entry.
    this.entries.delete(key);
    this.entries.set(key, e);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(key: string): void {
    this.entries.delete(key);
  }
}

export class LoginThrottle {
  private readonly accounts: Counter;
  private readonly addresses: Counter;

  constructor(lockMs: number, private readonly now: () => number) {
    this.accounts = new Counter(ACCOUNT_LIMIT, lockMs);
    this.addresses = new Counter(ADDRESS_LIMIT, lockMs);
  }

  /** Milliseconds until a login for this account from this address may be tried again; 0 when it may now. */
  retryAfterMs(username: string, address: string): number {
    const now = this.now();
    const until = Math.max(this.accounts.lockedUntil(username.toLowerCase(), now), this.addresses.lockedUntil(address, now));
    return until ? until - now : 0;
  }

  failed(username: string, address: string): void {
    const now = this.now();
    this.accounts.fail(username.toLowerCase(), now);
    this.addresses.fail(address, now);
  }

  succeeded(username: string): void {
    this.accounts.clear(username.toLowerCase());
  }
}
