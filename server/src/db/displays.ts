import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from './store.js';
import { randomToken } from './tokens.js';

export interface DisplayRow {
  id: number;
  name: string;
  user_id: number;
  /** The wallboard's URL parameters, as a query string without the '?'. */
  params: string;
  /** SHA-256 of the device token; null between the claim and the display picking its token up. */
  token_hash: string | null;
  nsp: string;
  xsrf: string;
  created_at: number;
  last_seen: number | null;
  info: string;
  commands: string;
}

export const DISPLAY_COMMANDS = ['identify', 'reload'] as const;
export type DisplayCommand = (typeof DISPLAY_COMMANDS)[number];
/** What a screen reports about itself with each poll; all text, shown to administrators as is (escaped). */
export interface DisplayInfo { version?: string; item?: string; connection?: string; screen?: string }

export interface PairingRow { code: string; secret_hash: string; created_at: number; expires_at: number; display_id: number | null }

/** No 0/O, 1/I/L, 2/Z, 5/S or 8/B: a code read off a TV across a room is typed right the first time. */
export const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const CODE_LENGTH = 8;
export const PAIRING_MS = 10 * 60_000;

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

export function equalHashes(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Upper-cases and drops spaces and dashes, so "acde-fghj" as typed matches. */
export const normaliseCode = (input: string): string => input.toUpperCase().replace(/[\s-]/g, '');

export async function createPairing(store: Store, now: number): Promise<{ code: string; secret: string; expiresAt: number }> {
  await store.deleteFrom('display_pairings').where('expires_at', '<', now).where('display_id', 'is', null).execute();
  const secret = randomToken();
  const expiresAt = now + PAIRING_MS;
  // A code another screen holds (on any process) inserts nothing: draw again.
  for (;;) {
    const code = newPairingCode();
    const inserted = await store.insertInto('display_pairings').values({ code, secret_hash: hashToken(secret), created_at: now, expires_at: expiresAt })
      .onConflict((oc) => oc.column('code').doNothing()).returning('code').executeTakeFirst();
    if (inserted) return { code, secret, expiresAt };
  }
}

export function findPairing(store: Store, code: string): Promise<PairingRow | undefined> {
  return store.selectFrom('display_pairings').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function deletePairing(store: Store, code: string): Promise<boolean> {
  const result = await store.deleteFrom('display_pairings').where('code', '=', code).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Thrown inside a transaction to roll it back when another request got there first. */
class Raced extends Error {}

/**
 * The administrator's claim: the display exists from here on, its token is made when the screen picks it up.
 * Undefined when the code was claimed meanwhile (two administrators, possibly on two processes).
 */
export async function claimPairing(store: Store, code: string, display: { name: string; userId: number; params: string }, now: number): Promise<DisplayRow | undefined> {
  try {
    return await store.transaction().execute(async (trx) => {
      const row = await trx.insertInto('displays')
        .values({ name: display.name, user_id: display.userId, params: display.params, nsp: randomToken(16), xsrf: randomToken(16), created_at: now })
        .returningAll().executeTakeFirstOrThrow();
      const claimed = await trx.updateTable('display_pairings').set({ display_id: row.id }).where('code', '=', code).where('display_id', 'is', null).executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) throw new Raced();
      return row;
    });
  } catch (err) {
    if (err instanceof Raced) return undefined;
    throw err;
  }
}

/**
 * Issues the device token (returned once, stored hashed) and ends the pairing. Undefined when the pairing is gone
 * meanwhile (picked up by a concurrent poll, or the display revoked before it was picked up).
 */
export async function issueDeviceToken(store: Store, pairing: PairingRow): Promise<{ token: string; display: DisplayRow } | undefined> {
  const token = randomToken();
  return store.transaction().execute(async (trx) => {
    if (pairing.display_id === null || !(await deletePairing(trx, pairing.code))) return undefined;
    const display = await trx.updateTable('displays').set({ token_hash: hashToken(token) }).where('id', '=', pairing.display_id).returningAll().executeTakeFirst();
    return display && { token, display };
  });
}

export function findDisplay(store: Store, id: number): Promise<DisplayRow | undefined> {
  return store.selectFrom('displays').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDisplayByToken(store: Store, token: string): Promise<DisplayRow | undefined> {
  return store.selectFrom('displays').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
}

export function listDisplays(store: Store): Promise<(DisplayRow & { username: string })[]> {
  return store.selectFrom('displays as d').innerJoin('users as u', 'u.id', 'd.user_id').selectAll('d').select('u.username')
    .orderBy(sql`lower(d.name)`).orderBy('d.id').execute();
}

/** Displays heard from since `since` (ms): the walls on duty now (the metrics' pharos_displays_active). */
export async function countActiveDisplays(store: Store, since: number): Promise<number> {
  const row = await store.selectFrom('displays').select((eb) => eb.fn.countAll<number>().as('n')).where('last_seen', '>', since).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function touchDisplay(store: Store, id: number, now: number): Promise<void> {
  await store.updateTable('displays').set({ last_seen: now }).where('id', '=', id).execute();
}

export async function updateDisplay(store: Store, id: number, changes: { name?: string; params?: string; userId?: number }): Promise<boolean> {
  const set = { name: changes.name, params: changes.params, user_id: changes.userId };
  if (Object.values(set).every((v) => v === undefined)) return (await findDisplay(store, id)) !== undefined;
  // Undefined values are left out of the UPDATE, so what is not changed keeps its value.
  const result = await store.updateTable('displays').set(set).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revoking deletes the display and with it its token hash: the next request with that token answers 401. */
export async function revokeDisplay(store: Store, id: number): Promise<boolean> {
  const result = await store.deleteFrom('displays').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function displayInfo(d: DisplayRow): DisplayInfo {
  const parsed: unknown = JSON.parse(d.info);
  return parsed && typeof parsed === 'object' ? (parsed as DisplayInfo) : {};
}

/**
 * Rewrites a display's command queue only if nobody changed it since it was read (another process may queue or hand
 * over commands at the same moment), reading again until that holds. False when the display is gone.
 */
async function swapCommands(store: Store, id: number, next: (queued: DisplayCommand[]) => { commands: DisplayCommand[]; info?: string; last_seen?: number }): Promise<DisplayCommand[] | false> {
  for (;;) {
    const d = await findDisplay(store, id);
    if (!d) return false;
    const queued = JSON.parse(d.commands) as DisplayCommand[];
    const { commands, ...rest } = next(queued);
    const result = await store.updateTable('displays').set({ ...rest, commands: JSON.stringify(commands) })
      .where('id', '=', id).where('commands', '=', d.commands).executeTakeFirst();
    if (result.numUpdatedRows > 0n) return queued;
  }
}

export async function queueDisplayCommand(store: Store, id: number, command: DisplayCommand): Promise<boolean> {
  return (await swapCommands(store, id, (queued) => ({ commands: [...queued.filter((c) => c !== command), command] }))) !== false;
}

/** The screen's report: stores what it says about itself and hands over (and clears) its waiting commands. */
export async function reportDisplay(store: Store, id: number, info: DisplayInfo, now: number): Promise<DisplayCommand[]> {
  return (await swapCommands(store, id, () => ({ commands: [], info: JSON.stringify(info), last_seen: now }))) || [];
}
