import type { Db } from '../db/database.js';
import {
  createUser, deleteUser, findUserByName, findUserById, permissionsOf, setUserPassword, updateUserPermissions,
  PERMISSION_FLAGS, type PermissionFlag, type Permissions, type UserRow,
} from '../db/users.js';
import { deleteUserSessions } from '../db/sessions.js';
import { boolField, str, type Fields } from '../http/input.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';

export const FLAGS = Object.keys(PERMISSION_FLAGS) as PermissionFlag[];
const USERNAME = /^[A-Za-z0-9_.@-]+$/;

export interface UserRecord extends Permissions { id: number; username: string; theme: string; language: string }

export function userRecord(u: UserRow): UserRecord {
  return { id: u.id, username: u.username, ...permissionsOf(u), theme: u.theme, language: u.language };
}

export function parseUsername(fields: Fields): string {
  return str(fields, 'username', { required: true, max: 64, pattern: USERNAME, patternHint: "The field 'username' may contain only letters, digits and . _ @ -." });
}

export function parsePassword(fields: Fields): string {
  return str(fields, 'password', { required: true, min: 8, max: 1000 });
}

/** Only the flags that are present; each must be 1/0 (or true/false). */
/** A 400 naming any field outside `allowed` (nsp always passes): typos must not be silently ignored. */
export function onlyFields(fields: Fields, allowed: readonly string[]): void {
  const unknown = Object.keys(fields).filter((k) => k !== 'nsp' && !allowed.includes(k));
  if (unknown.length) throw badRequest(`Unknown field: ${unknown.join(', ')}.`);
}

export function parseFlags(fields: Fields): Partial<Permissions> {
  const perms: Partial<Permissions> = {};
  for (const flag of FLAGS) if (fields[flag] !== undefined && fields[flag] !== '') perms[flag] = boolField(fields, flag);
  return perms;
}

function countAdmins(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM users WHERE is_admin = 1').get() as { n: number }).n;
}

function lastAdmin(db: Db, user: UserRow): boolean {
  return findUserById(db, user.id)?.is_admin === 1 && countAdmins(db) <= 1;
}

export function createAccount(db: Db, fields: Fields): UserRecord {
  const username = parseUsername(fields);
  const password = parsePassword(fields);
  const perms = parseFlags(fields);
  if (findUserByName(db, username)) throw new HttpError(409, `A user named '${username}' already exists.`);
  return userRecord(createUser(db, username, password, perms));
}

/**
 * Changes flags and/or the password; the last administrator cannot lose the admin flag. Any change ends the
 * user's sessions (a stolen session must not outlive a password reset), except `keepSessionId`: the session of
 * an administrator changing their own account.
 */
export function updateAccount(db: Db, user: UserRow, fields: Fields, keepSessionId?: string): UserRecord {
  const perms = parseFlags(fields);
  const password = fields.password === undefined || fields.password === '' ? undefined : parsePassword(fields);
  if (!Object.keys(perms).length && password === undefined) throw badRequest('Give a permission flag or a password to change.');
  // Immediate: the CLI may write at the same time, and the last-admin check must hold until the change lands.
  db.transaction(() => {
    if (perms.isAdmin === false && lastAdmin(db, user)) throw new HttpError(409, 'The last administrator must stay an administrator.');
    updateUserPermissions(db, user.id, perms);
    if (password !== undefined) setUserPassword(db, user.id, password);
    deleteUserSessions(db, user.id, keepSessionId);
  }).immediate();
  return userRecord(findUserById(db, user.id)!);
}

export function deleteAccount(db: Db, user: UserRow): void {
  db.transaction(() => {
    if (lastAdmin(db, user)) throw new HttpError(409, 'The last administrator cannot be deleted.');
    // The schema cascades too; saying it here keeps the rule visible and independent of the foreign_keys pragma.
    deleteUserSessions(db, user.id);
    deleteUser(db, user.id);
  }).immediate();
}

export function userByName(db: Db, username: string): UserRow {
  const user = findUserByName(db, username);
  if (!user) throw notFound(`There is no user named '${username}'.`);
  return user;
}

export function userById(db: Db, id: number): UserRow {
  const user = findUserById(db, id);
  if (!user) throw notFound(`There is no user with id ${id}.`);
  return user;
}
