// `npm install` builds everything (the root `prepare` script); a missing build is made here once, so the
// start commands always work.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const OUTPUTS = ['packages/contracts/dist/index.js', 'apps/server/dist/bundle/main.cjs', 'apps/server/dist/dev/s3-stand-in.js', 'apps/web/dist/index.html'];

export function ensureBuilt(root) {
  if (OUTPUTS.every((file) => existsSync(path.join(root, file)))) return;
  console.log('Building Shoebox (first start)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
