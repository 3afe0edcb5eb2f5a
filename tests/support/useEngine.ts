import { afterAll, beforeAll } from 'vitest';
import type { EngineProcess } from './processes.js';
import { startedLater } from './startedLater.js';

/**
 * A real engine for one test file: `start` runs in beforeAll and the engine is disposed in afterAll, so a test
 * server started after this call (`useTestServer`) closes before its engine stops. Read it in hooks and tests.
 */
export function useEngine<E extends EngineProcess>(name: string, start: () => Promise<E>): E {
  let engine: E | undefined;
  beforeAll(async () => {
    engine = await start();
  }, 60_000);
  afterAll(async () => {
    await engine?.dispose();
  }, 30_000);
  return startedLater(name, () => engine);
}
