import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { countUsers, createUser } from '../db/users.js';
import { randomToken } from './password.js';

/** On first start, creates `nagiosadmin` with every permission; returns the password when it was generated. */
export function ensureAdmin(db: Db, config: Config): string | undefined {
  if (countUsers(db) > 0) return undefined;
  const password = config.adminPassword ?? randomToken(12);
  createUser(db, 'nagiosadmin', password, {
    isAdmin: true, isAuthorizedForMonitoringSystem: true, canConfigureObjects: true, canAccessCCM: true, canAutoDeploy: true,
  });
  return config.adminPassword ? undefined : password;
}
