import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The built module `name` (dist/…/name.js) beside the module at `here` (its import.meta.url). A child
 * process always starts from the build, even when its parent runs from the TypeScript sources (src/…/x.ts,
 * as a development tool or test runner loads them): a child then needs no compiler, and starts as fast as in
 * production. `npm run build` makes the build; without it this says so instead of starting a broken child.
 */
export function builtModuleBeside(here: string, name: string): URL {
  const file = fileURLToPath(here);
  const dir = path.dirname(file);
  const built = path.extname(file) === '.ts' ? path.join(sourceToBuild(dir), `${name}.js`) : path.join(dir, `${name}.js`);
  if (!fs.existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  return pathToFileURL(built);
}

/** The build's folder for a source folder: the package's src/ becomes its dist/ (tsconfig's rootDir and outDir). */
function sourceToBuild(dir: string): string {
  const parts = dir.split(path.sep);
  const at = parts.lastIndexOf('src');
  if (at < 0) throw new Error(`${dir} is not inside a package's src folder`);
  parts[at] = 'dist';
  return parts.join(path.sep);
}
