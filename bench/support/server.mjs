// Starting server processes (the real one and the bare baseline) the way an operator would, on a
// free port with a temporary DATA_DIR, and timing spawn -> first 200 from GET /health.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { deferCleanup } from './cleanup.mjs';
import { BARE_SERVER_SCRIPT, REPO_ROOT, START_SCRIPT } from './paths.mjs';
import { sleep } from './stats.mjs';
import { tempDir } from './temp.mjs';
import { freePort } from '../../scripts/lib/local-services.mjs';

// A TCP port nothing listens on right now, chosen by the OS: the one the scripts use.
export { freePort };

const HEALTH_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 5;
const STOP_TIMEOUT_MS = 5_000;

/** Settings the server reads that a developer's shell might carry; the bench measures the defaults. */
const CONFIG_ENV = [
  'HOST', 'PORT', 'PUBLIC_URL', 'EXTRA_ORIGINS', 'DATA_DIR', 'DATABASE_URL', 'LOG_LEVEL', 'OIDC_ISSUER',
  'OIDC_JWKS_URL', 'OIDC_AUDIENCE', 'OIDC_CLIENT_ID', 'SMTP_URL', 'MAIL_FROM', 'SUPPORT_CHAT_ENABLED',
  'SUPPORT_CHAT_URL', 'FEATURE_FLAGS', 'TEST_HOSTS', 'SEED_DEMO_DATA', 'WEB_DIST_DIR', 'TRUST_PROXY', 'NODE_OPTIONS',
  'S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY',
];

/** One GET /health; resolves to the status code, or 0 when nothing answers yet. */
function probeHealth(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: 'localhost', port, path: '/health', agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(0));
  });
}

function waitForExit(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Spawns `node <script>` with the given env and resolves once GET /health answers 200, with the
 * milliseconds from just before spawn() to that answer. The process is stopped by `stop()` (or the
 * run's cleanup).
 */
export async function spawnServer({ script, port, env = {}, label = script }) {
  const baseEnv = { ...process.env };
  for (const key of CONFIG_ENV) delete baseEnv[key];
  let output = '';
  const startedAt = performance.now();
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { ...baseEnv, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = deferCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
  });

  const deadline = startedAt + HEALTH_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`${label} exited (${child.exitCode ?? child.signalCode}) before GET /health answered 200:\n${output}`);
    }
    const status = await probeHealth(port);
    if (status === 200) {
      const startupMs = performance.now() - startedAt;
      return { port, child, startupMs, output: () => output, stop };
    }
    await sleep(POLL_INTERVAL_MS);
  }
  await stop();
  throw new Error(`${label} did not answer GET /health with 200 within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output}`);
}

/**
 * Starts Shoebox as `npm start` does (node scripts/start.mjs) on a free port. Without `dataDir` a
 * fresh temporary one is made and removed when the returned server stops.
 */
export async function startShoebox({ dataDir, env = {} } = {}) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const own = dataDir ? undefined : tempDir('data');
  const server = await spawnServer({
    script: START_SCRIPT,
    port,
    label: 'Shoebox (scripts/start.mjs)',
    env: { NODE_ENV: 'production', PUBLIC_URL: baseUrl, DATA_DIR: dataDir ?? own.dir, LOG_LEVEL: 'warn', ...env },
  });
  return {
    ...server,
    baseUrl,
    async stop() {
      await server.stop();
      await own?.remove();
    },
  };
}

/** Starts bench/support/bare-server.mjs, spawned the same way as Shoebox. */
export async function startBareServer({ dataDir } = {}) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = await spawnServer({
    script: BARE_SERVER_SCRIPT,
    port,
    label: 'bare server',
    env: { NODE_ENV: 'production', PUBLIC_URL: baseUrl, DATA_DIR: dataDir ?? '', LOG_LEVEL: 'warn' },
  });
  return { ...server, baseUrl };
}
