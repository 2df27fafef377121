// The server starts from one bundle of its build (dist/bundle/main.cjs) instead of ~1,200 module files:
// loading them one by one (finding, reading and compiling each) was most of a restart (decision 083). It is
// CommonJS so that scripts/start-bundle.cjs can start it with V8's code cache (decision 093).
// Packages that read files or native code from beside themselves, or load their own workers, stay
// outside and load from node_modules as before; a child process still starts from dist/ (builtModule).
import { existsSync, readFileSync } from 'node:fs';
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

// Loaded with the first request that needs them, never with a start (decision 118): each is tens to hundreds of
// milliseconds of a restart. A static import of one of them anywhere the start reaches fails the build here.
const LOADED_WHEN_NEEDED = ['@aws-sdk/client-s3', '@sentry/core', 'bullmq', 'graphql', 'heic-convert', 'ioredis', 'mercurius', 'nodemailer', 'oidc-provider', 'pdfkit', 'pg', 'sharp'];
const reached = new Set();
const packagesAtStart = new Set();
const visit = (file) => {
  if (reached.has(file)) return;
  reached.add(file);
  // Top-level requires start a line; the ones inside functions (rolldown's form of import()) are indented.
  for (const [, id] of readFileSync(`${out}/${file}`, 'utf8').matchAll(/^(?:const|let|var) [\w$]+ = require\("([^"]+)"\)/gm)) {
    if (id.startsWith('./')) visit(id.slice(2));
    else packagesAtStart.add(packageOf(id));
  }
  const map = `${out}/${file}.map`;
  for (const source of existsSync(map) ? JSON.parse(readFileSync(map, 'utf8')).sources : []) {
    const inside = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
    if (inside) packagesAtStart.add(inside[1]);
  }
};
visit('main.cjs');
const eager = LOADED_WHEN_NEEDED.filter((name) => packagesAtStart.has(name));
if (eager.length) {
  console.error(`The server's start loads ${eager.join(', ')}: import ${eager.length > 1 ? 'them' : 'it'} with import() where first needed (decision 118).`);
  process.exit(1);
}
