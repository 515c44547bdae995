import { defineConfig } from 'vitest/config';
import { PG_TEST_URL } from './tests/helpers/pg-test.js';

/** SQLite's own machinery (its file, migrations, backups, group commit): nothing of it runs on PostgreSQL. */
const PG_EXCLUDED = [
  'tests/server/upgrade.test.ts',
  'tests/server/db-async.test.ts',
  'tests/server/backup*.test.ts',
  'tests/server/records-commit.test.ts',
  'tests/server/analytics-backfill.test.ts',
];

/** Suites: pure rules (unit), HTTP against buildApp (http), the production build (production), real Chromium (browser, sequential). */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/shared/**/*.test.ts', 'tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'http',
          include: ['tests/server/**/*.test.ts'],
          // PostgreSQL's own machinery (its upgrade, pg_dump) runs on http-pg only.
          exclude: ['tests/server/pg-*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        // The same HTTP tests on PostgreSQL: a throwaway cluster (tests/helpers/pg-cluster.ts); DATABASE_URL
        // picks the engine when each worker starts. Tests of SQLite itself stay on the http project.
        test: {
          name: 'http-pg',
          include: ['tests/server/**/*.test.ts'],
          exclude: PG_EXCLUDED,
          environment: 'node',
          testTimeout: 20_000,
          globalSetup: ['tests/helpers/pg-cluster.ts'],
          env: { DATABASE_URL: PG_TEST_URL },
        },
      },
      {
        test: {
          name: 'production',
          include: ['tests/production/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits for the page or the server; its 1 s default is too short on a busy machine.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
