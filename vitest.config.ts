import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The SQLite file's own suites, and those that start a PostgreSQL of their own (run once, in the server project).
const RUN_ONCE = ['tests/api/startup.test.ts', 'tests/api/killDurability.test.ts', 'tests/api/database.test.ts', 'tests/api/dbCopy.test.ts', 'tests/api/clusterKill.test.ts', 'tests/api/logs.test.ts'];

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest runs cores - 1 workers by default: one on a 2-core machine, where the server tests (in-process test servers,
    // a PostgreSQL, engine daemons) then kept one core idle. Measured on 2 cores: 368 s with one, 222 s with two, 228 s
    // with three.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        // One jsdom per worker instead of one per file: setting up jsdom per file was most of this project's time (89 s
        // of the 147 s it took on 2 cores). The files clean up after themselves (stand-ins taken away after a file).
        test: { name: 'web', environment: 'jsdom', setupFiles: ['src/testSetup.ts'], include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'], exclude: ['src/ui/**'], isolate: false },
      },
      {
        // The react-aria wrappers' own tests each get a fresh copy of react-aria: its focus and transition tracking is
        // module state, which one file's leftovers can hold up in the next (a menu opened by a click then never focused).
        extends: true,
        test: { name: 'web-ui', environment: 'jsdom', setupFiles: ['src/testSetup.ts'], include: ['src/ui/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: { name: 'server', environment: 'node', include: ['server/src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/nagios/**/*.test.ts', 'tests/livestatus/**/*.test.ts'], testTimeout: 20000, pool: 'forks' },
      },
      {
        // Issue 22: the API suites again, each test server on a database of its own in one throwaway PostgreSQL.
        extends: true,
        test: {
          name: 'server-pg', environment: 'node', include: ['tests/api/**/*.test.ts'], exclude: RUN_ONCE,
          globalSetup: ['tests/support/postgresGlobalSetup.ts'], testTimeout: 20000, pool: 'forks',
        },
      },
    ],
  },
});
