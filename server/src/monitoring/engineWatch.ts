import { log } from '../log.js';
import { engineStates } from './engineStates.js';
import type { MonitoringSource } from './source.js';

/** How often the engines' states are compared: a silent engine is in the log within seconds of the screens. */
const WATCH_MS = 2000;

/** Why an engine is down, as its source says: the several-engines status, a refused update, or not running. */
function reasonOf(source: MonitoringSource, name: string): string {
  const status = source.engines?.().find((s) => s.name === name);
  return status?.reason ?? source.dataProblem?.() ?? 'the engine is not running';
}

/**
 * Issue 36: says once, by name, when an engine goes silent (warn) and when it answers again (info), for every kind of
 * engine alike. An engine already down at start is said once too.
 */
export function watchEngines(source: MonitoringSource, everyMs = WATCH_MS, now: () => number = Date.now): () => void {
  const downSince = new Map<string, number>();
  const seen = new Set<string>();
  const check = () => {
    for (const engine of engineStates(source)) {
      const first = !seen.has(engine.name);
      seen.add(engine.name);
      const since = downSince.get(engine.name);
      if (!engine.up && since === undefined) {
        downSince.set(engine.name, now());
        const reason = reasonOf(source, engine.name);
        log().warn({ engine: engine.name, reason }, `Engine '${engine.name}' ${first ? 'is not answering' : 'went silent'}: ${reason}`);
      } else if (engine.up && since !== undefined) {
        downSince.delete(engine.name);
        const seconds = Math.round((now() - since) / 1000);
        log().info({ engine: engine.name, downSeconds: seconds }, `Engine '${engine.name}' answers again after ${seconds} s`);
      }
    }
  };
  check();
  const timer = setInterval(check, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
