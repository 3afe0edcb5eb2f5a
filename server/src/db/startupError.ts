import fs from 'node:fs';
import path from 'node:path';

/**
 * Why the data dir or the database cannot be used, with the process exit code for each kind
 * (docs/operations.md lists them, so scripts and service managers can tell them apart).
 */
export const STARTUP_EXIT_CODES = {
  'not-a-directory': 10,
  'missing-parent': 11,
  'read-only': 12,
  'corrupt-database': 13,
  'locked-database': 14,
  'database-unusable': 15,
  // 16 is a bad PHAROS_ENGINES file (monitoring/engines/enginesFile.ts).
  'database-unreachable': 17,
  'database-refused': 18,
  'database-newer': 19,
  // PHAROS_DATABASE_URL names another database system (mysql://): never tried as PostgreSQL.
  'database-url-invalid': 20,
  // PHAROS_NAGIOS_CFG names a file that cannot be read (a typo, or no read access).
  'engine-config-unreadable': 21,
} as const;

export type StartupProblem = keyof typeof STARTUP_EXIT_CODES;

/** A start-up failure people can act on: `message` is one line naming the path, the problem and what to do. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
  readonly exitCode: number;

  constructor(readonly problem: StartupProblem, readonly path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.exitCode = STARTUP_EXIT_CODES[problem];
  }
}

const codeOf = (err: unknown): string => String((err as { code?: unknown }).code ?? '');
const SET_DIR = 'or set PHAROS_DATA_DIR to another directory';

/** The target exists but this process may not write it. */
export function readOnly(target: string, err: unknown, what: string): StartupError {
  return new StartupError('read-only', target,
    `Pharos cannot start: ${what} ${target} is not writable (${codeOf(err) || 'read-only'}). Give the user running Pharos write access to it (chown/chmod, or remount read-write) ${SET_DIR}.`,
    { cause: err });
}

/** The nearest ancestor of `dir` that exists, to name it in the message. */
function existingAncestor(dir: string): string {
  let at = path.dirname(dir);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

/** `mkdir -p` one level at a time: Node's recursive mkdir never returns where a parent cannot be created (e.g. under /proc). */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let at = dir; !fs.existsSync(at) && path.dirname(at) !== at; at = path.dirname(at)) missing.unshift(at);
  for (const level of missing) {
    try {
      fs.mkdirSync(level);
    } catch (err) {
      // Created meanwhile by another process (the admin CLI and the server may start together): fine.
      if (codeOf(err) !== 'EEXIST') throw err;
    }
  }
}

/** Creates the data dir if needed and checks that it is a writable directory; throws a StartupError otherwise. */
export function prepareDataDir(dir: string): void {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dir);
  } catch (err) {
    if (codeOf(err) === 'ENOTDIR') return missingParent(dir, err);
    if (codeOf(err) !== 'ENOENT') throw readOnly(dir, err, 'the data directory');
  }
  if (stat && !stat.isDirectory()) {
    throw new StartupError('not-a-directory', dir,
      `Pharos cannot start: the data directory ${dir} is a file, not a directory. Move the file away ${SET_DIR}.`);
  }
  if (!stat) {
    try {
      makeDirs(dir);
    } catch (err) {
      const code = codeOf(err);
      if (code === 'ENOENT' || code === 'ENOTDIR') return missingParent(dir, err);
      throw readOnly(existingAncestor(dir), err, `the data directory cannot be created: the parent`);
    }
  }
  try {
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
  } catch (err) {
    throw readOnly(dir, err, 'the data directory');
  }
}

function missingParent(dir: string, err: unknown): never {
  const ancestor = existingAncestor(dir);
  const isFile = fs.existsSync(ancestor) && !fs.statSync(ancestor).isDirectory();
  const why = isFile ? `${ancestor} is a file, not a directory` : `its parent does not exist and cannot be created under ${ancestor}`;
  throw new StartupError('missing-parent', dir,
    `Pharos cannot start: the data directory ${dir} cannot be created: ${why} (${codeOf(err)}). Create the parent directory first ${SET_DIR}.`,
    { cause: err });
}

/** Maps an error from opening or migrating the SQLite file to a StartupError; other errors are returned unchanged. */
export function databaseStartupError(err: unknown, file: string): unknown {
  const code = codeOf(err);
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return new StartupError('corrupt-database', file,
      `Pharos cannot start: the database ${file} is damaged or not an SQLite database (${code}). Restore it from a backup (docs/operations.md), or move it and its -wal/-shm files away to start with an empty database.`,
      { cause: err });
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new StartupError('locked-database', file,
      `Pharos cannot start: the database ${file} is locked by another process (${code}). Stop the other Pharos server or admin command using this data directory, then start again.`,
      { cause: err });
  }
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') {
    return readOnly(file, err, 'the database');
  }
  if (code.startsWith('SQLITE_')) {
    return new StartupError('database-unusable', file,
      `Pharos cannot start: the database ${file} cannot be used (${code}: ${(err as Error).message}). Check free disk space and the disk's health, then start again.`,
      { cause: err });
  }
  return err;
}

/** The schema was migrated by a newer Pharos (either engine). */
export function newerDatabase(where: string, err: { version: number; known: number }): StartupError {
  return new StartupError('database-newer', where,
    `Pharos cannot start: the database ${where} is at schema version ${err.version}, newer than this Pharos (${err.known}). Run the newer Pharos, or restore a backup made before it was upgraded.`,
    { cause: err });
}
