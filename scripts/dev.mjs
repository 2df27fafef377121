// Development: the server rebuilt on change (tsc --watch + node --watch) and Vite's dev server
// with hot reload on http://localhost:5173, which proxies the API to the server on :3000.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (cmd, args, env = {}) =>
  spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development', ...env } });

const children = [
  run('npx', ['tsc', '-b', '-w', '--preserveWatchOutput', 'packages/contracts', 'apps/server']),
  run('node', ['--watch-path=apps/server/dist', 'apps/server/dist/main.js'], { EXTRA_ORIGINS: 'http://localhost:5173' }),
  run('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web']),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
