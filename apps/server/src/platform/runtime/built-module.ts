import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_PACKAGE_DIR } from './server-package.js';

/**
 * The built module at `modulePath` (under dist/, without its extension, e.g. 'retention-process'). A child
 * process always starts from the build, whether its parent runs from the TypeScript sources (a development
 * tool or the test runner), from the build or from the bundle: a child then needs no compiler, and starts as
 * fast as in production. `npm run build` makes the build; without it this says so instead of starting a broken child.
 */
export function builtModule(modulePath: string): URL {
  const built = path.join(SERVER_PACKAGE_DIR, 'dist', `${modulePath}.js`);
  if (!fs.existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  return pathToFileURL(built);
}
