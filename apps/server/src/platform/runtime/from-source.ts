import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether the server runs from its TypeScript sources, as under the tests, rather than from the build. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** The Node options with which a child process or a thread runs the server's TypeScript files (typescript-hooks.mjs). */
export const SOURCE_EXEC_ARGV = [
  '--conditions=source',
  `--import=data:text/javascript,${encodeURIComponent(
    `import { register } from 'node:module'; register(${JSON.stringify(new URL('./typescript-hooks.mjs', import.meta.url).href)});`,
  )}`,
];

/** The Node options for a child process or a thread of this server: the sources' when it runs from them, else none. */
export const childExecArgv = (): string[] => (FROM_SOURCE ? SOURCE_EXEC_ARGV : []);

/** The module `name` beside the module at `here` (its import.meta.url), as this process runs it: name.ts from the sources, name.js from the build. */
export const moduleBeside = (here: string, name: string): URL => new URL(`./${name}${path.extname(fileURLToPath(here))}`, here);
