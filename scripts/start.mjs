// Starts Shoebox with the embedded defaults. `npm install` already built everything (the root
// `prepare` script); a missing build is made here once, so `npm start` always works.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['packages/contracts/dist/index.js', 'apps/server/dist/bundle/main.cjs', 'apps/web/dist/index.html'];
if (!outputs.every((file) => existsSync(new URL(`../${file}`, import.meta.url)))) {
  console.log('Building Shoebox (first start)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
process.chdir(root);
// The server's bundle: one file to load instead of its ~1,200 modules (decision 083), with V8's code cache (decision 093).
await import('../apps/server/scripts/start-bundle.cjs');
