#!/usr/bin/env node
/**
 * `npm run start:cluster [-- --instances N]`: Shoebox as a retailer runs it on many machines, on this one
 * (decision 100). PostgreSQL, redis-server and HAProxy from Debian's packages (installed when missing), an
 * S3-compatible server (the patched s3rver), and N instances (2 by default) of the built server behind
 * HAProxy: plain round robin, no stickiness, readiness checks as the README's balancer example. Everything is
 * kept in data/cluster between starts (the demo data is made once, by one instance); Ctrl-C stops it all.
 *
 * PORT (default 3000) is the balancer's; HAProxy's statistics page is on PORT + 1.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './lib/ensure-built.mjs';
import { Failure, freePort, localServices, PACKAGES } from './lib/local-services.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const home = path.join(root, 'data', 'cluster');
const BUCKET = 'shoebox';
/** How long an instance may take to stop when asked before it is ended. */
const STOP_LIMIT_MS = 15_000;
/** How long the cluster may take to answer through the balancer at its first start (the demo accounts are made then). */
const READY_LIMIT_MS = 180_000;

const log = (message) => console.log(`[cluster] ${message}`);
const services = localServices({ tmpRoot: path.join(root, '.tmp'), log });

function instancesWanted(argv) {
  const at = argv.findIndex((arg) => arg === '--instances' || arg.startsWith('--instances='));
  if (at === -1) return 2;
  const value = Number(argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 16) throw new Failure('--instances takes a whole number from 1 to 16');
  return value;
}

/** The balancer as the README describes it: round robin, no stickiness, out of rotation when not ready. */
function haproxyConfig({ port, statsPort, instances }) {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // The push sockets stay open for as long as the page does.
    '  timeout tunnel 1h',
    '  timeout check 1s',
    '  option forwardfor',
    'frontend shoebox',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /health/ready',
    '  http-check expect status 200',
    ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check inter 2s fall 3 rise 2`),
    'listen stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 5s',
    '',
  ].join('\n');
}

/** A child whose output goes to its log file; `onExit` hears of an end nobody asked for. */
function startChild(name, command, args, { env, logFile, onExit }) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  child.stopping = false;
  child.on('exit', (code, signal) => {
    if (!child.stopping) onExit?.(`${name} ended (${signal ?? `exit code ${code}`}); its log: ${path.relative(root, logFile)}`);
  });
  return child;
}

function stopChild(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.stopping = true;
  return new Promise((resolve) => {
    const limit = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
    child.once('exit', () => {
      clearTimeout(limit);
      resolve();
    });
    child.kill(signal);
  });
}

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 0;
  }
}

async function main() {
  const count = instancesWanted(process.argv.slice(2));
  const port = Number(process.env.PORT ?? 3000);
  const statsPort = port + 1;
  services.ensurePackages([PACKAGES.postgresql, PACKAGES.redis, PACKAGES.haproxy]);
  ensureBuilt(root);
  const logs = path.join(home, 'logs');
  fs.mkdirSync(logs, { recursive: true });

  const running = { instances: [] };
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    log('Stopping the cluster');
    await stopChild(running.haproxy);
    await Promise.all(running.instances.map((instance) => stopChild(instance.child)));
    await running.s3?.close();
    services.stopRedis(running.redis);
    services.stopPostgres(running.postgres);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => void stopAll().then(() => process.exit(0)));
  }

  try {
    running.postgres = await services.startPostgres({ database: 'shoebox', keepIn: path.join(home, 'postgres') });
    running.redis = await services.startRedis({ keepIn: path.join(home, 'redis') });
    const { startS3StandIn } = await import(pathToFileURL(path.join(root, 'apps/server/dist/dev/s3-stand-in.js')).href);
    fs.mkdirSync(path.join(home, 's3'), { recursive: true });
    running.s3 = await startS3StandIn({ directory: path.join(home, 's3'), bucket: BUCKET });
    log(`S3-compatible server (s3rver, patched) at ${running.s3.config.endpoint}, bucket ${BUCKET} (${path.join(home, 's3')})`);

    const publicUrl = `http://localhost:${port}`;
    for (let i = 1; i <= count; i++) {
      const instance = { name: `instance-${i}`, port: await freePort() };
      const env = {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(instance.port),
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: 'true',
        DATABASE_URL: running.postgres.url,
        REDIS_URL: running.redis.url,
        DATA_DIR: path.join(home, instance.name),
        ...running.s3.env,
      };
      instance.child = startChild(instance.name, process.execPath, [path.join(root, 'apps/server/scripts/start-bundle.cjs')], {
        env,
        logFile: path.join(logs, `${instance.name}.log`),
        onExit: (message) => log(message),
      });
      running.instances.push(instance);
    }
    const config = path.join(home, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig({ port, statsPort, instances: running.instances }));
    running.haproxy = startChild('HAProxy', 'haproxy', ['-f', config, '-db'], { env: process.env, logFile: path.join(logs, 'haproxy.log'), onExit: (message) => log(message) });

    for (const started = Date.now(); (await answers(`${publicUrl}/health/ready`)) !== 200; ) {
      if (Date.now() - started > READY_LIMIT_MS) throw new Failure(`The cluster did not become ready in ${READY_LIMIT_MS / 1000} s: see ${path.relative(root, logs)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    log(`Shoebox is ready at ${publicUrl}: ${count} instances behind HAProxy (round robin), ${running.instances.map((i) => `${i.name} on ${i.port}`).join(', ')}`);
    log(`HAProxy statistics at http://localhost:${statsPort}/; logs in ${path.relative(root, logs)}/; Ctrl-C stops everything`);
  } catch (err) {
    await stopAll();
    throw err;
  }
}

main().catch((err) => {
  console.error(`[cluster] ${err instanceof Failure ? err.message : (err.stack ?? err)}`);
  process.exit(1);
});
