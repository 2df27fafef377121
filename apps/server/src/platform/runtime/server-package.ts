import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from wherever this module runs: its TypeScript source
 * (src/…), its build (dist/…) or the bundle the server starts from (bundle/…). Files the server reads or
 * starts beside its code are named from here, never from one module's own address, which a bundle moves.
 */
export const SERVER_PACKAGE_DIR = findPackageDir(path.dirname(fileURLToPath(import.meta.url)));

function findPackageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}
