import crypto from 'node:crypto';
import type { Db } from './database.js';
import { randomToken } from '../auth/password.js';

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

export function createPairing(db: Db, now: number): { code: string; secret: string; expiresAt: number } {
  db.prepare('DELETE FROM display_pairings WHERE expires_at < ? AND display_id IS NULL').run(now);
  const secret = randomToken();
  for (;;) {
    const code = newPairingCode();
    const taken = db.prepare('SELECT 1 FROM display_pairings WHERE code = ?').get(code);
    if (taken) continue;
    const expiresAt = now + PAIRING_MS;
    db.prepare('INSERT INTO display_pairings (code, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?)').run(code, hashToken(secret), now, expiresAt);
    return { code, secret, expiresAt };
  }
}

export function findPairing(db: Db, code: string): PairingRow | undefined {
  return db.prepare('SELECT * FROM display_pairings WHERE code = ?').get(code) as PairingRow | undefined;
}

export function deletePairing(db: Db, code: string): void {
  db.prepare('DELETE FROM display_pairings WHERE code = ?').run(code);
}

/** The administrator's claim: the display exists from here on, its token is made when the screen picks it up. */
export function claimPairing(db: Db, code: string, display: { name: string; userId: number; params: string }, now: number): DisplayRow {
  return db.transaction(() => {
    const info = db.prepare('INSERT INTO displays (name, user_id, params, nsp, xsrf, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(display.name, display.userId, display.params, randomToken(16), randomToken(16), now);
    const id = Number(info.lastInsertRowid);
    db.prepare('UPDATE display_pairings SET display_id = ? WHERE code = ?').run(id, code);
    return findDisplay(db, id)!;
  })();
}

/** Issues the device token (returned once, stored hashed) and ends the pairing. */
export function issueDeviceToken(db: Db, pairing: PairingRow): { token: string; display: DisplayRow } {
  const token = randomToken();
  db.transaction(() => {
    db.prepare('UPDATE displays SET token_hash = ? WHERE id = ?').run(hashToken(token), pairing.display_id);
    deletePairing(db, pairing.code);
  })();
  return { token, display: findDisplay(db, pairing.display_id!)! };
}

export function findDisplay(db: Db, id: number): DisplayRow | undefined {
  return db.prepare('SELECT * FROM displays WHERE id = ?').get(id) as DisplayRow | undefined;
}

export function findDisplayByToken(db: Db, token: string): DisplayRow | undefined {
  return db.prepare('SELECT * FROM displays WHERE token_hash = ?').get(hashToken(token)) as DisplayRow | undefined;
}

export function listDisplays(db: Db): (DisplayRow & { username: string })[] {
  return db.prepare('SELECT d.*, u.username FROM displays d JOIN users u ON u.id = d.user_id ORDER BY d.name COLLATE NOCASE, d.id').all() as (DisplayRow & { username: string })[];
}

export function touchDisplay(db: Db, id: number, now: number): void {
  db.prepare('UPDATE displays SET last_seen = ? WHERE id = ?').run(now, id);
}

export function updateDisplay(db: Db, id: number, changes: { name?: string; params?: string; userId?: number }): boolean {
  const d = findDisplay(db, id);
  if (!d) return false;
  db.prepare('UPDATE displays SET name = ?, params = ?, user_id = ? WHERE id = ?').run(changes.name ?? d.name, changes.params ?? d.params, changes.userId ?? d.user_id, id);
  return true;
}

/** Revoking deletes the display and with it its token hash: the next request with that token answers 401. */
export function revokeDisplay(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM displays WHERE id = ?').run(id).changes > 0;
}

export function displayInfo(d: DisplayRow): DisplayInfo {
  const parsed: unknown = JSON.parse(d.info);
  return parsed && typeof parsed === 'object' ? (parsed as DisplayInfo) : {};
}

export function queueDisplayCommand(db: Db, id: number, command: DisplayCommand): boolean {
  const d = findDisplay(db, id);
  if (!d) return false;
  const list = (JSON.parse(d.commands) as DisplayCommand[]).filter((c) => c !== command);
  db.prepare('UPDATE displays SET commands = ? WHERE id = ?').run(JSON.stringify([...list, command]), id);
  return true;
}

/** The screen's report: stores what it says about itself and hands over (and clears) its waiting commands. */
export function reportDisplay(db: Db, id: number, info: DisplayInfo, now: number): DisplayCommand[] {
  return db.transaction(() => {
    const d = findDisplay(db, id)!;
    db.prepare("UPDATE displays SET info = ?, last_seen = ?, commands = '[]' WHERE id = ?").run(JSON.stringify(info), now, id);
    return JSON.parse(d.commands) as DisplayCommand[];
  })();
}
