import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'server', environment: 'node', include: ['server/src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/nagios/**/*.test.ts', 'tests/livestatus/**/*.test.ts'], testTimeout: 20000, pool: 'forks' },
      },
    ],
  },
});
