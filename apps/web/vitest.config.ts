import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// '@shoebox/contracts' resolves to its TypeScript source (the "source" export condition), as in vite.config.ts,
// so the web's tests never run against a stale contracts build.
const conditions = ['source', ...defaultClientConditions];

/** The web's unit and integration tests: jsdom, Testing Library, MSW. Runs standalone or as a project of the root config. */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    restoreMocks: true,
    // jsdom files spend much of their time loading modules, so two workers pay off even on two cores. (Standalone runs
    // only; under the root config its own setting applies.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 10_000,
  },
});
