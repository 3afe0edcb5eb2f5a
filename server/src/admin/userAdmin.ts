import type { Store } from '../db/store.js';
import {
  countAdmins, createUser, deleteUser, findUserByName, findUserById, permissionsOf, setUserDisabled, setUserLanguage,
  setUsername, setUserPasswordHash, setUserTheme, updateUserPermissions,
  PERMISSION_FLAGS, type PermissionFlag, type Permissions, type UserProfile, type UserRow,
} from '../db/users.js';
import { deleteUserSessions } from '../db/sessions.js';
import { recordAudit } from '../db/auditLog.js';
import { hashPassword } from '../auth/password.js';
import { boolField, str, type Fields } from '../http/input.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { availableLanguages, languageName, themeLabel, THEMES } from '../settings/account.js';

export const FLAGS = Object.keys(PERMISSION_FLAGS) as PermissionFlag[];
/** The fields of an account besides its name, password and flags (API, CLI and Manage Users alike). */
export const PROFILE_FIELDS = ['theme', 'language', 'disabled'] as const;
const USERNAME = /^[A-Za-z0-9_.@-]+$/;
/** The flags as the audit log and the CLI's options name them. */
const FLAG_WORDS: Record<PermissionFlag, string> = {
  isAdmin: 'admin', isAuthorizedForMonitoringSystem: 'monitoring', canConfigureObjects: 'configure', canAccessCCM: 'ccm',
  canAutoDeploy: 'deploy',
};

export interface UserRecord extends Permissions {
  id: number; username: string; theme: string; language: string; disabled: boolean;
}

export function userRecord(u: UserRow): UserRecord {
  return {
    id: u.id, username: u.username, ...permissionsOf(u), theme: u.theme, language: u.language, disabled: u.disabled === 1,
  };
}

/** A refusal of one field's value: the message names the field and the rule; `field` lets a form mark that field. */
export class FieldError extends HttpError {
  constructor(status: number, readonly field: string, message: string) {
    super(status, message);
  }
}

/** Runs one field's rule, so that its refusal says which field it was. */
function checked<T>(field: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof HttpError && !(error instanceof FieldError)) throw new FieldError(error.status, field, error.message);
    throw error;
  }
}

/** Who made a change, for the audit log: a signed-in administrator and their address, or the command line. */
export interface AuditActor { username: string; address: string }

export function parseUsername(fields: Fields): string {
  return checked('username', () => str(fields, 'username', {
    required: true, max: 64, pattern: USERNAME,
    patternHint: t`The field 'username' may contain only letters, digits and . _ @ -.`,
  }));
}

export function parsePassword(fields: Fields): string {
  return checked('password', () => str(fields, 'password', { required: true, min: 8, max: 1000 }));
}

/** A 400 naming any field outside `allowed` (nsp always passes): typos must not be silently ignored. */
export function onlyFields(fields: Fields, allowed: readonly string[]): void {
  const unknown = Object.keys(fields).filter((k) => k !== 'nsp' && !allowed.includes(k));
  if (unknown.length) throw badRequest(t`Unknown field: ${unknown.join(', ')}.`);
}

/** Only the flags that are present; each must be 1/0 (or true/false). */
export function parseFlags(fields: Fields): Partial<Permissions> {
  const perms: Partial<Permissions> = {};
  for (const flag of FLAGS) {
    if (fields[flag] !== undefined && fields[flag] !== '') perms[flag] = checked(flag, () => boolField(fields, flag));
  }
  return perms;
}

const present = (fields: Fields, name: string) => fields[name] !== undefined && fields[name] !== '';

/** Theme, language and disabled, each only when present; a theme or language must be one the product has. */
export function parseProfile(fields: Fields): Partial<UserProfile> {
  const profile: Partial<UserProfile> = {};
  if (present(fields, 'theme')) {
    profile.theme = checked('theme', () => {
      const theme = str(fields, 'theme', { max: 40 })!;
      if (!(THEMES as readonly string[]).includes(theme)) {
        const names = THEMES.map((th) => `${th} (${themeLabel(th)})`).join(', ');
        throw badRequest(t`The field 'theme' must be one of: ${names}.`);
      }
      return theme;
    });
  }
  if (present(fields, 'language')) {
    profile.language = checked('language', () => {
      const language = str(fields, 'language', { max: 20 })!;
      const known = availableLanguages();
      if (!known.includes(language)) {
        const names = known.map((l) => `${l} (${languageName(l)})`).join(', ');
        throw badRequest(t`The field 'language' must be one of: ${names}.`);
      }
      return language;
    });
  }
  if (present(fields, 'disabled')) profile.disabled = checked('disabled', () => boolField(fields, 'disabled'));
  return profile;
}

async function lastAdmin(store: Store, user: UserRow): Promise<boolean> {
  const current = await findUserById(store, user.id);
  return current?.is_admin === 1 && current.disabled === 0 && await countAdmins(store) <= 1;
}

function audit(store: Store, actor: AuditActor | undefined, object: string): Promise<void> {
  return actor ? recordAudit(store, { ...actor, action: 'write', object }) : Promise.resolve();
}

function flagWords(perms: Partial<Permissions>): string {
  return FLAGS.filter((f) => perms[f]).map((f) => FLAG_WORDS[f]).join(', ') || 'no permissions';
}

export async function createAccount(store: Store, fields: Fields, actor?: AuditActor): Promise<UserRecord> {
  const username = parseUsername(fields);
  const password = parsePassword(fields);
  const perms = parseFlags(fields);
  const profile = parseProfile(fields);
  if (await findUserByName(store, username)) {
    throw new FieldError(409, 'username', t`A user named '${username}' already exists.`);
  }
  const user = await createUser(store, username, hashPassword(password), perms, profile);
  await audit(store, actor, `user '${user.username}': created (${flagWords(perms)}; theme ${user.theme}, \
language ${user.language}${user.disabled ? ', disabled' : ''})`);
  return userRecord(user);
}

/**
 * Changes the name, flags, password, theme, language or whether the account is disabled. The name stays unique
 * whatever its case (a change of case alone is a rename). The last administrator who can sign
 * in cannot lose the admin flag or be disabled. A change of flags, password or disabled ends the user's sessions (a
 * stolen session must not outlive a password reset), except `keepSessionId`: the session of an administrator changing
 * their own account (unless they disable it). Values equal to the stored ones are no change.
 */
export async function updateAccount(
  store: Store, user: UserRow, fields: Fields, keepSessionId?: string, actor?: AuditActor,
): Promise<UserRecord> {
  const username = fields.username === undefined ? undefined : parseUsername(fields);
  const perms = parseFlags(fields);
  const password = fields.password === undefined || fields.password === '' ? undefined : parsePassword(fields);
  const profile = parseProfile(fields);
  if (username === undefined && !Object.keys(perms).length && password === undefined && !Object.keys(profile).length) {
    throw badRequest(t`Give a username, a permission flag, a password, a theme, a language or disabled to change.`);
  }
  const hash = password === undefined ? undefined : hashPassword(password);
  // Serializable: the CLI or another server may write at the same time, and the last-admin check must hold until the
  // change lands (PostgreSQL aborts one of two racing demotions; SQLite transactions are serializable anyway).
  await store.transaction().setIsolationLevel('serializable').execute(async (trx) => {
    const current = await findUserById(trx, user.id);
    if (!current) throw notFound(t`There is no user with id ${user.id}.`);
    const was = userRecord(current);
    const flags = FLAGS.filter((f) => perms[f] !== undefined && perms[f] !== was[f]);
    const changes = flags.map((f) => `${FLAG_WORDS[f]} ${perms[f] ? 'granted' : 'removed'}`);
    if (username !== undefined && username !== was.username) {
      const holder = await findUserByName(trx, username);
      if (holder && holder.id !== user.id) {
        throw new FieldError(409, 'username', t`A user named '${username}' already exists.`);
      }
    }
    if (perms.isAdmin === false && was.isAdmin && await lastAdmin(trx, user)) {
      throw new FieldError(409, 'isAdmin', t`The last administrator must stay an administrator.`);
    }
    if (profile.disabled === true && !was.disabled && await lastAdmin(trx, user)) {
      throw new FieldError(409, 'disabled', t`The last administrator cannot be disabled.`);
    }
    if (username !== undefined && username !== was.username) {
      await setUsername(trx, user.id, username);
      changes.unshift(`renamed to '${username}'`);
    }
    await updateUserPermissions(trx, user.id, perms);
    if (hash !== undefined) {
      await setUserPasswordHash(trx, user.id, hash);
      changes.push('password set');
    }
    if (profile.theme !== undefined && profile.theme !== was.theme) {
      await setUserTheme(trx, user.id, profile.theme);
      changes.push(`theme ${profile.theme}`);
    }
    if (profile.language !== undefined && profile.language !== was.language) {
      await setUserLanguage(trx, user.id, profile.language);
      changes.push(`language ${profile.language}`);
    }
    const disabling = profile.disabled !== undefined && profile.disabled !== was.disabled;
    if (disabling) {
      await setUserDisabled(trx, user.id, profile.disabled!);
      changes.push(profile.disabled ? 'disabled' : 'enabled');
    }
    if (flags.length || hash !== undefined || disabling) {
      await deleteUserSessions(trx, user.id, profile.disabled ? undefined : keepSessionId);
    }
    if (changes.length) await audit(trx, actor, `user '${was.username}': ${changes.join(', ')}`);
  });
  return userRecord((await findUserById(store, user.id))!);
}

export async function deleteAccount(store: Store, user: UserRow, actor?: AuditActor): Promise<void> {
  await store.transaction().setIsolationLevel('serializable').execute(async (trx) => {
    if (await lastAdmin(trx, user)) throw new HttpError(409, t`The last administrator cannot be deleted.`);
    // The schema cascades too; saying it here keeps the rule visible and independent of the foreign_keys pragma.
    await deleteUserSessions(trx, user.id);
    await deleteUser(trx, user.id);
    await audit(trx, actor, `user '${user.username}': deleted`);
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
