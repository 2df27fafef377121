import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One vitest run over every package. `npm test` (scripts/test.mjs) builds first, starts a private
 * PostgreSQL cluster and passes TEST_DATABASE_URL and CHROMIUM_PATH; running vitest directly works too,
 * with the PostgreSQL variants skipped (and reported as skipped) when TEST_DATABASE_URL is unset.
 */
export default defineConfig({
  test: {
    // Test files spend much of their time loading modules, so two workers pay off even on two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      {
        test: {
          name: 'e2e',
          root: '.',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          // The demo world every server copies, made once while the other projects run (scripts/demo-world.mjs).
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          // After the other projects, one file at a time: a browser and a server need the machine's two cores.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll's own default gives up after 1 s, a clock sized for an idle machine: a condition gets as
          // long as a locator's wait (the browser context's default timeout, e2e/support/browser.ts).
          expect: { poll: { timeout: 15_000 } },
          // Having no files is fine here: vitest only fails a run that finds no files in any project, and
          // scripts/test.mjs adds --passWithNoTests when a run is filtered to this project alone.
        },
      },
    ],
  },
});
