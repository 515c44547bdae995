import { defineConfig } from 'vitest/config';

/** Suites: pure rules (unit), HTTP against buildApp (http), the production build (production), real Chromium (browser, sequential). */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/shared/**/*.test.ts', 'tests/unit/**/*.test.ts'], environment: 'node' },
      },
      { test: { name: 'http', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
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
