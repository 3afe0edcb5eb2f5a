/**
 * `npm run admin -- engines`: each engine of the server with its kind, address, state and the age of its data. It
 * opens the engines itself (a first read each, as the server does at start), so it answers whether or not a server
 * runs. Which engines: those the server recorded in its database when it last started, not this shell's environment,
 * which may name others or none (issue 36: without PHAROS_ENGINES it checked the demo fleet and said "ok" while the
 * server's engine was down). The first line always says what is checked and where that came from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Config } from '../config.js';
import {
  describeEngineSettings, engineSettings, readEngineSetup, sameEngines, type EngineSettings, type EngineSetup,
} from '../db/engineSetup.js';
import { openStorage } from '../db/openStorage.js';
import type { Tables } from '../db/tables.js';
import { createMonitoringSource } from '../monitoring/create.js';
import type { EngineStatus, MonitoringSource } from '../monitoring/source.js';

/** Exit codes (docs/operations.md): every engine answers; one or more do not; nothing was checked (see below). */
export const ENGINES_OK = 0;
export const ENGINES_NOT_ANSWERING = 3;
/** No server recorded its engines in this database and this environment names none: there is nothing real to check. */
export const ENGINES_UNKNOWN = 4;

/** One engine without PHAROS_ENGINES: described from the source itself. */
function single(source: MonitoringSource, settings: EngineSettings, startError: string | null): EngineStatus {
  const problem = startError ?? source.dataProblem?.() ?? null;
  const running = !startError && source.engineRunning();
  const address = settings.nagiosCfg ?? settings.livestatus ?? 'simulated';
  const reason = startError ?? (running ? problem : `The engine is not running${problem ? `: ${problem}` : ''}`);
  return { name: source.kind, kind: source.kind, address, state: running ? (problem ? 'failing' : 'ok') : 'stale', updated: source.snapshot().updated, reason };
}

export function engineLines(statuses: EngineStatus[], now: number): string[] {
  const rows = statuses.map((e) => [e.name, e.kind, e.address, e.state === 'stale' ? 'not answering' : e.state, e.updated ? `${Math.max(0, now - e.updated)} s` : 'no data', e.reason ?? '']);
  const head = ['NAME', 'KIND', 'ADDRESS', 'STATE', 'DATA AGE', 'REASON'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows].map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd());
}

interface Recorded { setup: EngineSetup | undefined; where: string; why?: string }

/**
 * What the server recorded, read without changing anything: an SQLite file that does not exist is not created (a
 * mistyped PHAROS_DATA_DIR must not become an empty database), and is read only.
 */
async function recordedSetup(config: Config): Promise<Recorded> {
  if (config.databaseUrl) {
    let storage;
    try {
      storage = await openStorage(config);
    } catch (err) {
      return { setup: undefined, where: 'PHAROS_DATABASE_URL', why: (err as Error).message };
    }
    try {
      return { setup: await readEngineSetup(storage.store), where: `PostgreSQL ${storage.location}` };
    } finally {
      await storage.close();
    }
  }
  const file = path.join(config.dataDir, 'pharos.sqlite');
  const where = `SQLite ${file}`;
  if (!fs.existsSync(file)) return { setup: undefined, where, why: 'no such file' };
  let store: Kysely<Tables> | undefined;
  try {
    store = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new Database(file, { readonly: true, fileMustExist: true }) }) });
    return { setup: await readEngineSetup(store), where };
  } catch (err) {
    return { setup: undefined, where, why: (err as Error).message };
  } finally {
    await store?.destroy();
  }
}

const timeText = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

/** Opens the engines of `settings` (a first read each), prints their table, and answers the exit code. */
async function check(config: Config, settings: EngineSettings, print: (line: string) => void): Promise<number> {
  const source = createMonitoringSource({ ...config, ...settings });
  try {
    let startError: string | null = null;
    try {
      await source.start();
    } catch (err) {
      // One engine that cannot start (a mistyped nagios.cfg) is an engine not answering, with the reason.
      startError = (err as Error).message;
    }
    const statuses = source.engines?.() ?? [single(source, settings, startError)];
    for (const line of engineLines(statuses, Math.floor(Date.now() / 1000))) print(line);
    return statuses.some((s) => s.state === 'stale') ? ENGINES_NOT_ANSWERING : ENGINES_OK;
  } finally {
    await source.stop();
  }
}

/**
 * Exit code 0 when every engine answers, 3 when one or more do not (for scripts and monitoring checks), 4 when there
 * is nothing real to check.
 */
export async function runEnginesCommand(config: Config, print: (line: string) => void = console.log): Promise<number> {
  const here = engineSettings(config);
  const recorded = await recordedSetup(config);
  const { setup } = recorded;
  if (setup) {
    print(`Checking the engines of the Pharos server at ${setup.url} (started ${timeText(setup.startedAt)} on ${setup.host}, `
      + `process ${setup.pid}), as it recorded them in ${recorded.where}: ${describeEngineSettings(setup.settings)}.`);
    if (setup.host !== os.hostname()) {
      print(`This runs on ${os.hostname()}: the addresses and files below are looked up from here, not from ${setup.host}.`);
    }
    if (!sameEngines(here, setup.settings)) {
      print(`This shell's environment names other engines (${describeEngineSettings(here)}); those are not checked.`);
    }
    return check(config, setup.settings, print);
  }
  const unknown = `No Pharos server has recorded its engines in ${recorded.where}${recorded.why ? ` (${recorded.why})` : ''}`;
  if (!here.engines && !here.nagiosCfg && !here.livestatus) {
    print(`${unknown}, and this shell's environment names no engine: there is nothing to check (the built-in demo fleet would `
      + 'say nothing about a real engine). Run this with the server\'s PHAROS_DATA_DIR or PHAROS_DATABASE_URL, or with its engine settings.');
    return ENGINES_UNKNOWN;
  }
  print(`${unknown}: checking the engines this shell's environment names, ${describeEngineSettings(here)}, which may not be the server's.`);
  return check(config, here, print);
}
