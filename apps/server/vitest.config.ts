import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// '@shoebox/contracts' resolves to its TypeScript source, so tests never run against a stale build.
const conditions = ['source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
