// Module hooks for a test's own child process (a second server to kill, a fixture job process): the
// test's TypeScript glue (under src/test/, a fixtures/ folder or a *.test.ts file) is compiled here, once
// per content (kept in node_modules/.cache), and every other module of the server is taken from its build
// (src/x.ts → dist/x.js), as production runs it. `npm test` builds first.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sourceDir = path.join(serverRoot, 'src');
const buildDir = path.join(serverRoot, 'dist');
const cacheDir = path.resolve(serverRoot, '../../node_modules/.cache/shoebox-test-children');

const COMPILER_OPTIONS = { module: 'esnext', target: 'es2022', verbatimModuleSyntax: true, inlineSourceMap: true };

/** The test's own code, compiled from its source; everything else under src/ runs from the build. */
const isTestCode = (file) => {
  const relative = path.relative(sourceDir, file).split(path.sep);
  return relative[0] === 'test' || relative.includes('fixtures') || file.endsWith('.test.ts');
};

export async function resolve(specifier, context, nextResolve) {
  const relative = specifier.startsWith('.') || specifier.startsWith('file:');
  if (!relative || !context.parentURL?.startsWith('file:')) return nextResolve(specifier, context);
  const target = specifier.startsWith('file:') ? fileURLToPath(specifier) : path.resolve(path.dirname(fileURLToPath(context.parentURL)), specifier);
  if (!target.startsWith(sourceDir + path.sep) || !/\.(js|ts)$/.test(target)) return nextResolve(specifier, context);
  const source = target.replace(/\.js$/, '.ts');
  if (isTestCode(source) && fs.existsSync(source)) return { url: pathToFileURL(source).href, format: 'module', shortCircuit: true };
  if (isTestCode(target) && fs.existsSync(target)) return nextResolve(specifier, context);
  const built = path.join(buildDir, path.relative(sourceDir, source)).replace(/\.ts$/, '.js');
  if (!fs.existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  return { url: pathToFileURL(built).href, format: 'module', shortCircuit: true };
}

let typescript;

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const source = await fs.promises.readFile(new URL(url), 'utf8');
  const key = createHash('sha256').update(url).update('\0').update(source).digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  try {
    return { format: 'module', source: await fs.promises.readFile(cached, 'utf8'), shortCircuit: true };
  } catch {
    // not compiled yet
  }
  typescript ??= (await import('typescript')).default;
  const { outputText } = typescript.transpileModule(source, { compilerOptions: COMPILER_OPTIONS, fileName: fileURLToPath(url) });
  await fs.promises.mkdir(cacheDir, { recursive: true });
  // Written under a name of its own, then renamed: two children compiling the same file never read half of one.
  const partial = `${cached}.${process.pid}.tmp`;
  await fs.promises.writeFile(partial, outputText);
  await fs.promises.rename(partial, cached);
  return { format: 'module', source: outputText, shortCircuit: true };
}
