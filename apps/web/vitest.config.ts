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
  resolve: {
    conditions,
    // tus-js-client's browser build, as the browser gets it, with a stack jsdom can send (src/test/tus-in-jsdom.ts).
    alias: [{ find: /^tus-js-client$/, replacement: fileURLToPath(new URL('./src/test/tus-in-jsdom.ts', import.meta.url)) }],
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    // happy-dom: the same tests at about two thirds of jsdom's time (decision 121); a file that needs jsdom says so in its first line.
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    restoreMocks: true,
    // Several condition waits (CONDITION_TIMEOUT_MS each) fit in one test on a busy machine.
    testTimeout: 45_000,
  },
});
