// Starts Shoebox with the embedded defaults.
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './lib/ensure-built.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureBuilt(root);
process.chdir(root);
// The server's bundle: one file to load instead of its ~1,200 modules (decision 083), with V8's code cache (decision 093).
await import('../apps/server/scripts/start-bundle.cjs');
