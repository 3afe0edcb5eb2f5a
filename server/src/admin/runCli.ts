import { configFromEnv } from '../config.js';
import { openStorage } from '../db/openStorage.js';
import type { Storage } from '../db/store.js';
import { StartupError } from '../db/startupError.js';
import { HttpError } from '../http/errors.js';
import type { Fields } from '../http/input.js';
import { listUsers, type PermissionFlag } from '../db/users.js';
import os from 'node:os';
import { createAccount, deleteAccount, updateAccount, userByName, userRecord, type AuditActor } from './userAdmin.js';
import { getLicense, parseLicensePatch, updateLicense } from '../db/license.js';
import { getBranding, parseBrandingPatch, updateBranding } from '../db/branding.js';
import { getUpdateSettings, parseUpdatePatch, updateUpdateSettings } from '../db/productUpdate.js';
import { addBanner, listBanners, removeBanner } from '../db/banners.js';
import { parseBanner } from '../settings/banners.js';
import { listDisplays, revokeDisplay, updateDisplay } from '../db/displays.js';
import { copyToPostgres, existingSqliteSource, showMigrated } from './dbCommand.js';
import { POSTGRES_URL } from '../db/openStorage.js';

const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  create-user NAME PASSWORD [--admin] [--monitoring] [--configure] [--ccm] [--deploy]
  set-password NAME PASSWORD
  set-permissions NAME [--admin=1|0] [--monitoring=1|0] [--configure=1|0] [--ccm=1|0] [--deploy=1|0]
  list-users
  disable-user NAME               the user cannot log in and their sessions end; everything they own stays
  enable-user NAME
  delete-user NAME
  set-license key=value...        e.g. is_trial_license=1 trial_days_left=30
  show-license
  add-banner --message TEXT --color info|success|warning|critical [--no-ack]
  remove-banner ID
  list-banners
  set-branding key=value...       copyright, hide_about, hide_legal, hide_footer_left
  show-branding
  set-update key=value...         record an update check: update_url, hide_updates, last_check_succeeded, latest_version
  show-update
  displays list                   paired displays: id, name, user, last seen, parameters
  displays rename ID NAME
  displays revoke ID              the display returns to its pairing code at its next request
  engines                         each engine of the server, as it recorded them at its last start: kind, address,
                                  state, data age (exit 3 if one is not answering, 4 if no engine is known)
  db migrate                      bring the database schema up to date and show its version
  db copy --to postgres://USER:PASSWORD@HOST:PORT/DB
                                  copy every row into a new, empty PostgreSQL database (docs/operations.md)
  help

The database is PHAROS_DATABASE_URL (PostgreSQL) if set, else PHAROS_DATA_DIR/pharos.sqlite (default: ./data).`;

/** User changes from the command line are audited as the system account that ran it. */
function cliActor(): AuditActor {
  let who = 'unknown';
  try {
    who = os.userInfo().username;
  } catch {
    // A container may run under an id without a passwd entry: the change is still recorded.
  }
  return { username: `cli:${who}`, address: 'local' };
}

/** Wrong usage (as opposed to rejected values): exit code 2. */
class UsageError extends Error {}

const FLAG_OPTIONS: Record<string, PermissionFlag> = {
  admin: 'isAdmin', monitoring: 'isAuthorizedForMonitoringSystem', configure: 'canConfigureObjects', ccm: 'canAccessCCM', deploy: 'canAutoDeploy',
};

interface Parsed { positional: string[]; options: Map<string, string | true> }

function parseArgs(args: string[]): Parsed {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) { positional.push(a); continue; }
    const eq = a.indexOf('=');
    if (eq > 0) options.set(a.slice(2, eq), a.slice(eq + 1));
    else if (a === '--message' || a === '--color' || a === '--to') {
      if (args[i + 1] === undefined) throw new UsageError(`${a} needs a value.`);
      options.set(a.slice(2), args[++i]!);
    } else options.set(a.slice(2), true);
  }
  return { positional, options };
}

function takeArgs(p: Parsed, names: string[], allowed: string[]): string[] {
  if (p.positional.length !== names.length) throw new UsageError(`Expected ${names.length ? names.join(' ') : 'no arguments'}.`);
  const unknown = [...p.options.keys()].filter((k) => !allowed.includes(k));
  if (unknown.length) throw new UsageError(`Unknown option: ${unknown.map((k) => `--${k}`).join(', ')}.`);
  return p.positional;
}

function permissionFields(p: Parsed): Fields {
  const fields: Fields = {};
  for (const [option, value] of p.options) fields[FLAG_OPTIONS[option]!] = value === true ? '1' : value;
  return fields;
}

function pairs(args: string[]): Fields {
  if (!args.length) throw new UsageError('Give at least one key=value pair.');
  const fields: Fields = {};
  for (const a of args) {
    const eq = a.indexOf('=');
    if (eq <= 0) throw new UsageError(`'${a}' is not key=value.`);
    fields[a.slice(0, eq)] = a.slice(eq + 1);
  }
  return fields;
}

export interface CliOutput { log(line: string): void; error(line: string): void }

type Command = (storage: Storage, args: string[], out: CliOutput) => Promise<void>;

const print = (out: CliOutput, value: unknown) => out.log(JSON.stringify(value, null, 2));

const commands: Record<string, Command> = {
  async 'create-user'(s, args, out) {
    const p = parseArgs(args);
    const [username, password] = takeArgs(p, ['NAME', 'PASSWORD'], Object.keys(FLAG_OPTIONS));
    const user = await createAccount(s.store, { username, password, ...permissionFields(p) }, cliActor());
    out.log(`Created user '${user.username}' (id ${user.id}).`);
  },
  async 'set-password'(s, args, out) {
    const [username, password] = takeArgs(parseArgs(args), ['NAME', 'PASSWORD'], []);
    await updateAccount(s.store, await userByName(s.store, username!), { password }, undefined, cliActor());
    out.log(`Changed the password of '${username}'.`);
  },
  async 'set-permissions'(s, args, out) {
    const p = parseArgs(args);
    const [username] = takeArgs(p, ['NAME'], Object.keys(FLAG_OPTIONS));
    print(out, await updateAccount(s.store, await userByName(s.store, username!), permissionFields(p), undefined, cliActor()));
  },
  async 'list-users'(s, args, out) {
    takeArgs(parseArgs(args), [], []);
    for (const u of (await listUsers(s.store)).map(userRecord)) {
      const flags = Object.entries(FLAG_OPTIONS).filter(([, f]) => u[f]).map(([o]) => o);
      out.log(`${u.id}\t${u.username}\t${flags.join(',') || '-'}${u.disabled ? '\tdisabled' : ''}`);
    }
  },
  async 'disable-user'(s, args, out) {
    const [username] = takeArgs(parseArgs(args), ['NAME'], []);
    await updateAccount(s.store, await userByName(s.store, username!), { disabled: '1' }, undefined, cliActor());
    out.log(`Disabled user '${username}': they cannot log in, and their sessions have ended.`);
  },
  async 'enable-user'(s, args, out) {
    const [username] = takeArgs(parseArgs(args), ['NAME'], []);
    await updateAccount(s.store, await userByName(s.store, username!), { disabled: '0' }, undefined, cliActor());
    out.log(`Enabled user '${username}'.`);
  },
  async 'delete-user'(s, args, out) {
    const [username] = takeArgs(parseArgs(args), ['NAME'], []);
    await deleteAccount(s.store, await userByName(s.store, username!), cliActor());
    out.log(`Deleted user '${username}'.`);
  },
  async 'set-license'(s, args, out) { print(out, await updateLicense(s.store, parseLicensePatch(pairs(args)))); },
  async 'show-license'(s, args, out) { takeArgs(parseArgs(args), [], []); print(out, await getLicense(s.store)); },
  async 'add-banner'(s, args, out) {
    const p = parseArgs(args);
    takeArgs(p, [], ['message', 'color', 'no-ack']);
    const b = parseBanner({ message: p.options.get('message'), color: p.options.get('color'), acknowledgeable: p.options.has('no-ack') ? '0' : '1' });
    const row = await addBanner(s.store, b.message, b.color, b.acknowledgeable);
    out.log(`Added banner ${row.id}.`);
  },
  async 'remove-banner'(s, args, out) {
    const [raw] = takeArgs(parseArgs(args), ['ID'], []);
    if (!/^\d+$/.test(raw!)) throw new HttpError(400, 'The banner ID must be a whole number.');
    if (!await removeBanner(s.store, Number(raw))) throw new HttpError(404, `There is no banner with id ${raw}.`);
    out.log(`Removed banner ${raw}.`);
  },
  async 'list-banners'(s, args, out) {
    takeArgs(parseArgs(args), [], []);
    for (const b of await listBanners(s.store)) out.log(`${b.id}\t${b.color}\t${b.acknowledgeable ? 'dismissible' : 'permanent'}\t${b.message}`);
  },
  async 'set-branding'(s, args, out) { print(out, await updateBranding(s.store, parseBrandingPatch(pairs(args)))); },
  async 'show-branding'(s, args, out) { takeArgs(parseArgs(args), [], []); print(out, await getBranding(s.store)); },
  async 'set-update'(s, args, out) { print(out, await updateUpdateSettings(s.store, parseUpdatePatch(pairs(args)))); },
  async 'show-update'(s, args, out) { takeArgs(parseArgs(args), [], []); print(out, await getUpdateSettings(s.store)); },
  async displays(s, args, out) {
    const [sub, ...rest] = args;
    const displayId = (raw: string | undefined) => {
      if (!/^\d+$/.test(raw ?? '')) throw new HttpError(400, 'The display ID must be a whole number.');
      return Number(raw);
    };
    if (sub === 'list') {
      takeArgs(parseArgs(rest), [], []);
      for (const d of await listDisplays(s.store)) {
        const seen = d.last_seen ? new Date(d.last_seen).toISOString() : d.token_hash ? 'never' : 'not picked up yet';
        out.log(`${d.id}\t${d.name}\t${d.username}\t${seen}\t${d.params || '-'}`);
      }
    } else if (sub === 'rename') {
      const [raw, name] = takeArgs(parseArgs(rest), ['ID', 'NAME'], []);
      const trimmed = name!.trim();
      if (!trimmed || trimmed.length > 100) throw new HttpError(400, 'The name must be 1 to 100 characters.');
      if (!await updateDisplay(s.store, displayId(raw), { name: trimmed })) throw new HttpError(404, `There is no display with id ${raw}.`);
      out.log(`Renamed display ${raw} to '${trimmed}'.`);
    } else if (sub === 'revoke') {
      const [raw] = takeArgs(parseArgs(rest), ['ID'], []);
      if (!await revokeDisplay(s.store, displayId(raw))) throw new HttpError(404, `There is no display with id ${raw}.`);
      out.log(`Revoked display ${raw}.`);
    } else {
      throw new UsageError('Give list, rename or revoke.');
    }
  },
  async db(s, args, out) {
    const [sub, ...rest] = args;
    const p = parseArgs(rest);
    if (sub === 'migrate') {
      takeArgs(p, [], []);
      await showMigrated(s, out);
    } else if (sub === 'copy') {
      takeArgs(p, [], ['to']);
      const to = p.options.get('to');
      if (typeof to !== 'string' || !POSTGRES_URL.test(to)) throw new UsageError('Give --to postgres://USER:PASSWORD@HOST:PORT/DB.');
      await copyToPostgres(s, to, out);
    } else {
      throw new UsageError('Give migrate or copy.');
    }
  },
};

/**
 * Runs one admin command against the storage `env` names (PHAROS_DATABASE_URL, else PHAROS_DATA_DIR); resolves to the
 * exit code (0 done, 1 refused, 2 wrong usage, 10-20 data dir or database problems as the server).
 */
export async function runCli(argv: string[], out: CliOutput = console, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    out.log(USAGE);
    return command ? 0 : 2;
  }
  const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!run) {
    out.error(`Unknown command '${command}'.\n\n${USAGE}`);
    return 2;
  }
  let storage: Storage | undefined;
  try {
    const config = configFromEnv(env);
    // A copy only reads: opening a mistyped data dir would create it and an empty database to copy.
    if (command === 'db' && args[0] === 'copy' && !config.databaseUrl) existingSqliteSource(config.dataDir);
    storage = await openStorage(config);
    await run(storage, args, out);
    return 0;
  } catch (e) {
    if (e instanceof StartupError) {
      out.error(e.message);
      return e.exitCode;
    }
    if (e instanceof UsageError) {
      out.error(`${command}: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    // HttpErrors carry messages written for people; anything else (a bad env value, an unreadable data dir) is shown as is.
    out.error(`Error: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await storage?.close();
  }
}

