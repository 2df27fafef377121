// The server starts from one bundle of its build (dist/bundle/main.cjs) instead of ~1,200 module files:
// loading them one by one (finding, reading and compiling each) was most of a restart (decision 083). It is
// CommonJS so that scripts/start-bundle.cjs can start it with V8's code cache (decision 093).
// Packages that read files or native code from beside themselves, or load their own workers, stay
// outside and load from node_modules as before; a child process still starts from dist/ (builtModule).
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const OUTSIDE = new Set([
  '@aws-sdk/client-s3',
  'better-sqlite3',
  'bullmq',
  'heic-convert',
  'ioredis',
  'nodemailer',
  'oidc-provider',
  'pdfkit',
  'pg',
  'sharp',
]);

const packageOf = (id) => (id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0]);
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const out = `${dist}bundle`;

await rm(out, { recursive: true, force: true });
const bundle = await rolldown({
  input: { main: `${dist}main.js` },
  platform: 'node',
  external: (id) => id.startsWith('node:') || (!id.startsWith('.') && !id.startsWith('/') && OUTSIDE.has(packageOf(id))),
  logLevel: 'warn',
});
// Its dynamic imports become requires: code V8 compiled from a cache can no longer call import() (Node 20).
await bundle.write({ dir: out, format: 'cjs', dynamicImportInCjs: false, entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs', sourcemap: true });
await bundle.close();
