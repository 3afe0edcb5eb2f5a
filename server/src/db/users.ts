import { sql } from 'kysely';
import type { Store } from './store.js';
import { addDefaultViews } from './views.js';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  is_admin: number;
  is_authorized_for_monitoring_system: number;
  can_configure_objects: number;
  can_access_ccm: number;
  can_auto_deploy: number;
  theme: string;
  language: string;
  /** 1: the account cannot sign in (Manage Users); 0: it can. */
  disabled: number;
}

/** What a user has besides the flags: set when made, changed on Manage Users or by the user on My Account. */
export interface UserProfile { theme: string; language: string; disabled: boolean }

export const PERMISSION_FLAGS = {
  isAdmin: 'is_admin',
  isAuthorizedForMonitoringSystem: 'is_authorized_for_monitoring_system',
  canConfigureObjects: 'can_configure_objects',
  canAccessCCM: 'can_access_ccm',
  canAutoDeploy: 'can_auto_deploy',
} as const;
export type PermissionFlag = keyof typeof PERMISSION_FLAGS;
export type Permissions = Record<PermissionFlag, boolean>;

export const NO_PERMISSIONS: Permissions = {
  isAdmin: false, isAuthorizedForMonitoringSystem: false, canConfigureObjects: false, canAccessCCM: false, canAutoDeploy: false,
};

export function permissionsOf(user: UserRow): Permissions {
  return {
    isAdmin: user.is_admin === 1,
    isAuthorizedForMonitoringSystem: user.is_authorized_for_monitoring_system === 1,
    canConfigureObjects: user.can_configure_objects === 1,
    canAccessCCM: user.can_access_ccm === 1,
    canAutoDeploy: user.can_auto_deploy === 1,
  };
}

/** Names match whatever the case, as they always did (the SQLite column was NOCASE; PostgreSQL's text is not). */
export function findUserByName(store: Store, username: string): Promise<UserRow | undefined> {
  return store.selectFrom('users').selectAll().where(sql`lower(username)`, '=', sql`lower(${username})`).executeTakeFirst();
}

export function findUserById(store: Store, id: number): Promise<UserRow | undefined> {
  return store.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUsers(store: Store): Promise<UserRow[]> {
  return store.selectFrom('users').selectAll().orderBy(sql`lower(username)`).orderBy('username').execute();
}

export async function countUsers(store: Store): Promise<number> {
  const row = await store.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Administrators who can sign in: a disabled one cannot run anything, so does not count towards the last one. */
export async function countAdmins(store: Store): Promise<number> {
  const row = await store.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_admin', '=', 1).where('disabled', '=', 0).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `passwordHash` from auth/password.ts hashPassword, made before the call: nothing slow may run inside a transaction. */
export async function createUser(
  store: Store, username: string, passwordHash: string, perms: Partial<Permissions>, profile: Partial<UserProfile> = {},
): Promise<UserRow> {
  const p = { ...NO_PERMISSIONS, ...perms };
  return store.transaction().execute(async (trx) => {
    const user = await trx.insertInto('users').values({
      username, password_hash: passwordHash, is_admin: +p.isAdmin, is_authorized_for_monitoring_system: +p.isAuthorizedForMonitoringSystem,
      can_configure_objects: +p.canConfigureObjects, can_access_ccm: +p.canAccessCCM, can_auto_deploy: +p.canAutoDeploy, created_at: Date.now(),
      ...(profile.theme === undefined ? {} : { theme: profile.theme }),
      ...(profile.language === undefined ? {} : { language: profile.language }),
      ...(profile.disabled === undefined ? {} : { disabled: +profile.disabled }),
    }).returningAll().executeTakeFirstOrThrow();
    await addDefaultViews(trx, user.id);
    return user;
  });
}

export async function updateUserPermissions(store: Store, id: number, perms: Partial<Permissions>): Promise<void> {
  const set: Partial<Record<(typeof PERMISSION_FLAGS)[PermissionFlag], number>> = {};
  for (const [flag, column] of Object.entries(PERMISSION_FLAGS)) {
    const v = perms[flag as PermissionFlag];
    if (v !== undefined) set[column] = +v;
  }
  if (Object.keys(set).length) await store.updateTable('users').set(set).where('id', '=', id).execute();
}

/** For a transaction: hash first (it takes ~50 ms), then write the hash inside. */
export async function setUserPasswordHash(store: Store, id: number, hash: string): Promise<void> {
  await store.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
}

export async function setUserTheme(store: Store, id: number, theme: string): Promise<void> {
  await store.updateTable('users').set({ theme }).where('id', '=', id).execute();
}

export async function setUserLanguage(store: Store, id: number, language: string): Promise<void> {
  await store.updateTable('users').set({ language }).where('id', '=', id).execute();
}

export async function setUsername(store: Store, id: number, username: string): Promise<void> {
  await store.updateTable('users').set({ username }).where('id', '=', id).execute();
}

export async function setUserDisabled(store: Store, id: number, disabled: boolean): Promise<void> {
  await store.updateTable('users').set({ disabled: +disabled }).where('id', '=', id).execute();
}

/**
 * What goes with a user when they are deleted: every row the schema deletes with them (ON DELETE CASCADE), counted, for
 * the confirmation. Common tools, sent feedback and the audit log stay (they are not the user's alone).
 */
export interface UserBelongings {
  views: number; dashboards: number; favorites: number; sessions: number; displays: number; schedules: number;
  tools: number; settings: number; bannerAcks: number;
}

export async function userBelongings(store: Store, id: number): Promise<UserBelongings> {
  const count = async (table: 'views' | 'dashboards' | 'favorites' | 'sessions' | 'displays' | 'page_schedules' | 'user_meta' | 'banner_acks') =>
    Number((await store.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', id)
      .executeTakeFirstOrThrow()).n);
  const tools = await store.selectFrom('tools').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('scope', '=', 'personal').where('owner_id', '=', id).executeTakeFirstOrThrow();
  return {
    views: await count('views'), dashboards: await count('dashboards'), favorites: await count('favorites'),
    sessions: await count('sessions'), displays: await count('displays'), schedules: await count('page_schedules'),
    tools: Number(tools.n), settings: await count('user_meta'), bannerAcks: await count('banner_acks'),
  };
}

export async function deleteUser(store: Store, id: number): Promise<void> {
  await store.deleteFrom('users').where('id', '=', id).execute();
}

export async function getUserMeta(store: Store, userId: number, key: string): Promise<string | undefined> {
  const row = await store.selectFrom('user_meta').select('value').where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setUserMeta(store: Store, userId: number, key: string, value: string): Promise<void> {
  await store.insertInto('user_meta').values({ user_id: userId, key, value })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
    .execute();
}

/** The user's meta entries whose key starts with `prefix` (compared exactly, whatever the engine's LIKE does with case). */
export function listUserMetaByPrefix(store: Store, userId: number, prefix: string): Promise<{ key: string; value: string }[]> {
  return store.selectFrom('user_meta').select(['key', 'value']).where('user_id', '=', userId)
    .where(sql<string>`substr(key, 1, ${sql.lit(prefix.length)})`, '=', prefix).execute();
}
