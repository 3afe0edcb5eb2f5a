/**
 * PHAROS_ENGINES: a JSON file naming several engines to watch at once (docs/engines.md). Every mistake in it stops the
 * start with one line and its own exit code, because a silently skipped engine would show a site as empty, or green.
 */
import fs from 'node:fs';
import { parseLivestatusAddress } from '../livestatus/address.js';

export type EngineSpec =
  | { name: string; type: 'nagios'; config: string; staleAfterSeconds?: number }
  | { name: string; type: 'livestatus'; address: string; staleAfterSeconds?: number }
  | { name: string; type: 'demo'; staleAfterSeconds?: number };

/** Exit code of a bad PHAROS_ENGINES file; next to the data directory codes (10–15) in docs/operations.md. */
export const ENGINES_FILE_EXIT_CODE = 16;

export class EnginesFileError extends Error {
  override readonly name = 'EnginesFileError';
  readonly exitCode = ENGINES_FILE_EXIT_CODE;
}

const NAME = /^[a-z0-9-]{1,32}$/;
const KEYS: Record<EngineSpec['type'], readonly string[]> = {
  nagios: ['name', 'type', 'config', 'staleAfterSeconds'],
  livestatus: ['name', 'type', 'address', 'staleAfterSeconds'],
  demo: ['name', 'type', 'staleAfterSeconds'],
};

function entry(raw: unknown, at: string): EngineSpec {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${at} must be an object like {"name": "berlin", "type": "nagios", "config": "/etc/nagios4/nagios.cfg"}`);
  const o = raw as Record<string, unknown>;
  const name = o.name;
  if (typeof name !== 'string' || !NAME.test(name)) throw new Error(`${at} needs a "name" of 1 to 32 characters from a-z, 0-9 and -${typeof name === 'string' ? ` (got '${name}')` : ''}`);
  const where = `${at} ('${name}')`;
  const type = o.type;
  if (type !== 'nagios' && type !== 'livestatus' && type !== 'demo') throw new Error(`${where} has "type" ${JSON.stringify(type ?? null)}; use "nagios", "livestatus" or "demo"`);
  const unknown = Object.keys(o).filter((k) => !KEYS[type].includes(k));
  if (unknown.length) throw new Error(`${where} has unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} for type "${type}"`);
  const stale = o.staleAfterSeconds;
  if (stale !== undefined && (typeof stale !== 'number' || !Number.isInteger(stale) || stale < 1 || stale > 86_400)) throw new Error(`${where} has "staleAfterSeconds" ${JSON.stringify(stale)}; use a whole number of seconds from 1 to 86400`);
  const extra = stale === undefined ? {} : { staleAfterSeconds: stale };
  if (type === 'demo') return { name, type, ...extra };
  if (type === 'nagios') {
    if (typeof o.config !== 'string' || o.config.trim() === '') throw new Error(`${where} needs "config", the path of its nagios.cfg`);
    return { name, type, config: o.config, ...extra };
  }
  if (typeof o.address !== 'string' || o.address.trim() === '') throw new Error(`${where} needs "address", host:port or a unix socket path`);
  try {
    parseLivestatusAddress(o.address.trim());
  } catch (err) {
    throw new Error(`${where} has a bad "address": ${(err as Error).message}`);
  }
  return { name, type, address: o.address.trim(), ...extra };
}

/** Checks the parsed JSON of an engines file; throws an Error with the reason (without the file name). */
export function parseEngineSpecs(json: unknown): EngineSpec[] {
  if (!Array.isArray(json)) throw new Error('it must hold a JSON array of engines');
  if (json.length === 0) throw new Error('it lists no engines');
  const specs = json.map((raw, i) => entry(raw, `entry ${i + 1}`));
  const seen = new Set<string>();
  for (const spec of specs) {
    if (seen.has(spec.name)) throw new Error(`the engine name '${spec.name}' is used twice; names must be unique`);
    seen.add(spec.name);
  }
  return specs;
}

/** Reads and checks PHAROS_ENGINES; the error is one line naming the file and what to fix. */
export function readEnginesFile(file: string): EngineSpec[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new EnginesFileError(`Pharos cannot start: PHAROS_ENGINES file ${file} cannot be read (${String((err as { code?: unknown }).code ?? (err as Error).message)}).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new EnginesFileError(`Pharos cannot start: PHAROS_ENGINES file ${file} is not valid JSON (${(err as Error).message.split('\n')[0]}).`);
  }
  try {
    return parseEngineSpecs(json);
  } catch (err) {
    throw new EnginesFileError(`Pharos cannot start: PHAROS_ENGINES file ${file}: ${(err as Error).message}.`);
  }
}
