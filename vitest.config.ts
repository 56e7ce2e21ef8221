import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { DATABASE_FREE_TESTS, OWN_DATABASE_SERVER_TESTS } from './apps/server/test/database-free';

export default defineConfig({
  test: {
    // Each server test file gets its own database; two files at a time fit 2 cores without starving PGlite.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts'],
          // The run on PostgreSQL repeats only the tests that use its database (apps/server/test/database-free.ts).
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? [...DATABASE_FREE_TESTS, ...OWN_DATABASE_SERVER_TESTS] : []),
          ],
          setupFiles: ['apps/server/test/database-free-guard.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          // A guard against hangs, not a speed check: on a loaded 2-core machine a first spreadsheet read starts
          // a reader process (tsx compiling it) and can take tens of seconds.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Test files share their worker's module cache: importing the whole server once per worker instead of
          // once per file took import time from minutes to seconds. Each file still gets its own database and
          // app (test/helper.ts), and no test mocks modules, which would leak between files.
          isolate: false,
        },
      },
      {
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          environment: 'node',
        },
      },
    ],
  },
});
