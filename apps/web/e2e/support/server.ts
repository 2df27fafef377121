/// <reference types="node" />
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyDemoWorld, demoWorld } from '../../../../scripts/demo-world.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/scripts/start-bundle.cjs');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface TestServer {
  /** http://localhost:<port>, also the server's PUBLIC_URL. */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on right now, chosen by the operating system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      if (!address || typeof address === 'string') return reject(new Error('No port assigned'));
      probe.close(() => resolve(address.port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** A server on a database or bucket of its own, or without the demo data, starts from nothing, as `npm start` does. */
const startsEmpty = (env: Record<string, string>) => Object.keys(env).some((name) => name === 'DATABASE_URL' || name === 'SEED_DEMO_DATA' || name.startsWith('S3_'));

/**
 * Starts the real server (`node apps/server/scripts/start-bundle.cjs`, as `npm start` does) on a free port with a data directory of its own,
 * a copy of the run's demo world (scripts/demo-world.mjs: every demo account, photo, project and photo book
 * already there), and resolves once GET /health answers 200. Extra environment variables override the
 * defaults (for example SUPPORT_CHAT_ENABLED or FEATURE_FLAGS).
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  for (const file of [serverEntry, webIndex]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-e2e-'));
  if (!startsEmpty(env)) copyDemoWorld(await demoWorld(), dataDir);
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      // A bucket named in the developer's shell would take the photos elsewhere; a spec that wants one says so.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('S3_'))),
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${child.exitCode} before it was healthy:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return { baseUrl, port, dataDir, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`The server did not answer GET /health within ${START_TIMEOUT_MS} ms:\n${output}`);
}
