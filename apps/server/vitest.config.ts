import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// '@shoebox/contracts' resolves to its TypeScript source, so tests never run against a stale build.
// Without 'module', packages resolve as Node resolves them: the AWS SDK's 'module' build imports
// files without their extensions, which only a bundler can follow.
const conditions = ['source', ...defaultServerConditions.filter((c) => c !== 'module')];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The run's template databases, made once and copied by each suite (src/test/databases.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // A worker runs its files one after another in one module graph: the server's modules are loaded once
    // per worker, not once per file (half the project's time). Every suite builds its own server, database
    // and folders and mocks no module (docs/testing.md).
    isolate: false,
    // Ceilings for a machine with both cores busy, where a test that takes 5 s idle takes four times that.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll's own default gives up after 1 s; a condition gets as long as waitForCondition gives it (src/test/wait.ts).
    expect: { poll: { timeout: 15_000 } },
  },
});
