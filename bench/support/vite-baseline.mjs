// Builds a baseline app under bench/baselines/<name>/ with the root's Vite into a temp directory.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { BASELINES_DIR } from './paths.mjs';
import { tempDir } from './temp.mjs';

/** Answers the output directory (removed by `remove()` or by the run's cleanup). */
export async function buildBaseline(name) {
  const out = tempDir(`${name}-dist`);
  const cache = tempDir(`${name}-vite-cache`);
  try {
    await build({
      root: path.join(BASELINES_DIR, name),
      configFile: false,
      envDir: false,
      cacheDir: cache.dir,
      logLevel: 'warn',
      mode: 'production',
      plugins: [react()],
      // Same target as apps/web/vite.config.ts, so both are compiled for the same browsers.
      build: { outDir: out.dir, emptyOutDir: true, target: 'es2022', sourcemap: false, reportCompressedSize: false },
    });
  } finally {
    await cache.remove();
  }
  return out;
}
