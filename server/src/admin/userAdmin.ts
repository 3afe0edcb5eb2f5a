import type { Store } from '../db/store.js';
import {
  countAdmins, createUser, deleteUser, findUserByName, findUserById, permissionsOf, setUserPasswordHash, updateUserPermissions,
  PERMISSION_FLAGS, type PermissionFlag, type Permissions, type UserRow,
} from '../db/users.js';
import { deleteUserSessions } from '../db/sessions.js';
import { hashPassword } from '../auth/password.js';
import { boolField, str, type Fields } from '../http/input.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { t } from '../http/language.js';

export const FLAGS = Object.keys(PERMISSION_FLAGS) as PermissionFlag[];
const USERNAME = /^[A-Za-z0-9_.@-]+$/;

export interface UserRecord extends Permissions { id: number; username: string; theme: string; language: string }

export function userRecord(u: UserRow): UserRecord {
  return { id: u.id, username: u.username, ...permissionsOf(u), theme: u.theme, language: u.language };
}

export function parseUsername(fields: Fields): string {
  return str(fields, 'username', {
    required: true, max: 64, pattern: USERNAME,
    patternHint: t`The field 'username' may contain only letters, digits and . _ @ -.`,
  });
}

export function parsePassword(fields: Fields): string {
  return str(fields, 'password', { required: true, min: 8, max: 1000 });
}

/** Only the flags that are present; each must be 1/0 (or true/false). */
/** A 400 naming any field outside `allowed` (nsp always passes): typos must not be silently ignored. */
export function onlyFields(fields: Fields, allowed: readonly string[]): void {
  const unknown = Object.keys(fields).filter((k) => k !== 'nsp' && !allowed.includes(k));
  if (unknown.length) throw badRequest(t`Unknown field: ${unknown.join(', ')}.`);
}

export function parseFlags(fields: Fields): Partial<Permissions> {
  const perms: Partial<Permissions> = {};
  for (const flag of FLAGS) if (fields[flag] !== undefined && fields[flag] !== '') perms[flag] = boolField(fields, flag);
  return perms;
}

async function lastAdmin(store: Store, user: UserRow): Promise<boolean> {
  return (await findUserById(store, user.id))?.is_admin === 1 && await countAdmins(store) <= 1;
}

export async function createAccount(store: Store, fields: Fields): Promise<UserRecord> {
  const username = parseUsername(fields);
  const password = parsePassword(fields);
  const perms = parseFlags(fields);
  if (await findUserByName(store, username)) throw new HttpError(409, t`A user named '${username}' already exists.`);
  return userRecord(await createUser(store, username, hashPassword(password), perms));
}

/**
 * Changes flags and/or the password; the last administrator cannot lose the admin flag. Any change ends the
 * user's sessions (a stolen session must not outlive a password reset), except `keepSessionId`: the session of
 * an administrator changing their own account.
 */
export async function updateAccount(store: Store, user: UserRow, fields: Fields, keepSessionId?: string): Promise<UserRecord> {
  const perms = parseFlags(fields);
  const password = fields.password === undefined || fields.password === '' ? undefined : parsePassword(fields);
  if (!Object.keys(perms).length && password === undefined) {
    throw badRequest(t`Give a permission flag or a password to change.`);
  }
  const hash = password === undefined ? undefined : hashPassword(password);
  // Serializable: the CLI or another server may write at the same time, and the last-admin check must hold until the
  // change lands (PostgreSQL aborts one of two racing demotions; SQLite transactions are serializable anyway).
  await store.transaction().setIsolationLevel('serializable').execute(async (trx) => {
    if (perms.isAdmin === false && await lastAdmin(trx, user)) {
      throw new HttpError(409, t`The last administrator must stay an administrator.`);
    }
    await updateUserPermissions(trx, user.id, perms);
    if (hash !== undefined) await setUserPasswordHash(trx, user.id, hash);
    await deleteUserSessions(trx, user.id, keepSessionId);
  });
  return userRecord((await findUserById(store, user.id))!);
}

export async function deleteAccount(store: Store, user: UserRow): Promise<void> {
  await store.transaction().setIsolationLevel('serializable').execute(async (trx) => {
    if (await lastAdmin(trx, user)) throw new HttpError(409, t`The last administrator cannot be deleted.`);
    // The schema cascades too; saying it here keeps the rule visible and independent of the foreign_keys pragma.
    await deleteUserSessions(trx, user.id);
    await deleteUser(trx, user.id);
  });
}

export async function userByName(store: Store, username: string): Promise<UserRow> {
  const user = await findUserByName(store, username);
  if (!user) throw notFound(t`There is no user named '${username}'.`);
  return user;
}

export async function userById(store: Store, id: number): Promise<UserRow> {
  const user = await findUserById(store, id);
  if (!user) throw notFound(t`There is no user with id ${id}.`);
  return user;
}
