import type { Config } from '../config.js';
import { getSetting, setSetting } from './settings.js';
import type { Store } from './store.js';

/** The settings that decide which engines a process watches (docs/engines.md). */
export type EngineSettings = Pick<Config, 'engines' | 'nagiosCfg' | 'livestatus' | 'demoHosts' | 'demoServicesPerHost' | 'demoTickSeconds'>;

/**
 * What the server started with, recorded in its database at every start (issue 36): `npm run admin -- engines` runs
 * in a shell of its own, whose environment may name other engines than the server's, or none (then it checked the
 * demo fleet and said "ok" while the server's engine was down). Reading this, it checks the server's engines.
 */
export interface EngineSetup {
  settings: EngineSettings;
  /** Where the server answers, when it started, and on which machine and process: for the command's first line. */
  url: string;
  startedAt: number;
  host: string;
  pid: number;
}

const KEY = 'engine_setup';

export function engineSettings(config: Config): EngineSettings {
  const { engines, nagiosCfg, livestatus, demoHosts, demoServicesPerHost, demoTickSeconds } = config;
  return { engines, nagiosCfg, livestatus, demoHosts, demoServicesPerHost, demoTickSeconds };
}

/** The setting that names the engines, as an operator would write it: `PHAROS_ENGINES` (as a list), `PHAROS_NAGIOS_CFG=…`. */
export function describeEngineSettings(s: EngineSettings): string {
  if (s.engines) return `PHAROS_ENGINES (${s.engines.map((e) => e.name).join(', ')})`;
  if (s.nagiosCfg) return `PHAROS_NAGIOS_CFG=${s.nagiosCfg}`;
  if (s.livestatus) return `PHAROS_LIVESTATUS=${s.livestatus}`;
  return 'no engine setting (the built-in demo fleet)';
}

/** Whether two processes watch the same engines. */
export function sameEngines(a: EngineSettings, b: EngineSettings): boolean {
  const key = (s: EngineSettings) => JSON.stringify([s.engines ?? null, s.nagiosCfg ?? null, s.livestatus ?? null,
    s.engines || s.nagiosCfg || s.livestatus ? null : [s.demoHosts, s.demoServicesPerHost]]);
  return key(a) === key(b);
}

export function recordEngineSetup(store: Store, setup: EngineSetup): Promise<void> {
  return setSetting(store, KEY, setup);
}

export function readEngineSetup(store: Store): Promise<EngineSetup | undefined> {
  return getSetting<EngineSetup | undefined>(store, KEY, undefined);
}
