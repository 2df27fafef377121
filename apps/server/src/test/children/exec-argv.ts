/** The Node options of a test's own child process: its TypeScript glue compiled, the server from its build (hooks.mjs). */
export const TEST_CHILD_EXEC_ARGV = [
  `--import=data:text/javascript,${encodeURIComponent(
    `import { register } from 'node:module'; register(${JSON.stringify(new URL('./hooks.mjs', import.meta.url).href)});`,
  )}`,
];
