import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the server-pg project: a URL of the throwaway cluster's maintenance database. */
    postgresUrl: string;
  }
}

/** The server-pg project: one throwaway PostgreSQL for the whole run; each test server gets its own database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgres();
  project.provide('postgresUrl', cluster.url());
  return () => cluster.stop();
}
