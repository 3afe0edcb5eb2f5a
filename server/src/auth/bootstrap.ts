import type { Config } from '../config.js';
import type { Store } from '../db/store.js';
import { countUsers, createUser } from '../db/users.js';
import { randomToken } from '../db/tokens.js';
import { hashPassword } from './password.js';

/** On first start, creates `nagiosadmin` with every permission; returns the password when it was generated. */
export async function ensureAdmin(store: Store, config: Config): Promise<string | undefined> {
  if (await countUsers(store) > 0) return undefined;
  const password = config.adminPassword ?? randomToken(12);
  try {
    await createUser(store, 'nagiosadmin', hashPassword(password), {
      isAdmin: true, isAuthorizedForMonitoringSystem: true, canConfigureObjects: true, canAccessCCM: true, canAutoDeploy: true,
    });
  } catch (err) {
    // Several processes starting on one empty database: another one created the administrator first.
    if (await countUsers(store) > 0) return undefined;
    throw err;
  }
  return config.adminPassword ? undefined : password;
}
