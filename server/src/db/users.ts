import type { Db } from './database.js';
import { addDefaultViews } from './views.js';
import { hashPassword } from '../auth/password.js';

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
}

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

export function findUserByName(db: Db, username: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function listUsers(db: Db): UserRow[] {
  return db.prepare('SELECT * FROM users ORDER BY username').all() as UserRow[];
}

export function countUsers(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
}

export function createUser(db: Db, username: string, password: string, perms: Partial<Permissions>): UserRow {
  const p = { ...NO_PERMISSIONS, ...perms };
  const hash = hashPassword(password);
  const id = db.transaction(() => {
    const info = db.prepare(`INSERT INTO users (username, password_hash, is_admin, is_authorized_for_monitoring_system,
        can_configure_objects, can_access_ccm, can_auto_deploy, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(username, hash, +p.isAdmin, +p.isAuthorizedForMonitoringSystem, +p.canConfigureObjects, +p.canAccessCCM, +p.canAutoDeploy, Date.now());
    const userId = Number(info.lastInsertRowid);
    addDefaultViews(db, userId);
    return userId;
  })();
  return findUserById(db, id)!;
}

export function updateUserPermissions(db: Db, id: number, perms: Partial<Permissions>): void {
  for (const [flag, column] of Object.entries(PERMISSION_FLAGS)) {
    const v = perms[flag as PermissionFlag];
    if (v !== undefined) db.prepare(`UPDATE users SET ${column} = ? WHERE id = ?`).run(+v, id);
  }
}

export function setUserPassword(db: Db, id: number, password: string): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hashPassword(password), id);
}

export function setUserTheme(db: Db, id: number, theme: string): void {
  db.prepare('UPDATE users SET theme = ? WHERE id = ?').run(theme, id);
}

export function setUserLanguage(db: Db, id: number, language: string): void {
  db.prepare('UPDATE users SET language = ? WHERE id = ?').run(language, id);
}

export function deleteUser(db: Db, id: number): void {
  db.prepare('DELETE FROM users WHERE id = ?').run(id);
}

export function getUserMeta(db: Db, userId: number, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM user_meta WHERE user_id = ? AND key = ?').get(userId, key) as { value: string } | undefined;
  return row?.value;
}

export function setUserMeta(db: Db, userId: number, key: string, value: string): void {
  db.prepare('INSERT INTO user_meta (user_id, key, value) VALUES (?, ?, ?) ON CONFLICT(user_id, key) DO UPDATE SET value = excluded.value')
    .run(userId, key, value);
}
