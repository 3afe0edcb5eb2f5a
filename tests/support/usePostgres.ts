import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type PostgresCluster } from './postgres.js';

/** One cluster for the calling test file: started in beforeAll, stopped in afterAll; call the result inside tests. */
export function usePostgres(): () => PostgresCluster {
  let cluster: PostgresCluster | undefined;
  beforeAll(async () => { cluster = await startPostgres(); }, 60_000);
  afterAll(async () => { await cluster?.stop(); });
  return () => {
    if (!cluster) throw new Error('The test PostgreSQL is not running (usePostgres starts it in beforeAll).');
    return cluster;
  };
}
