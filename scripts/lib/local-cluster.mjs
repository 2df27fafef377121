/**
 * Shoebox as a retailer runs it on many machines, on this one (decision 100): PostgreSQL, redis-server and
 * HAProxy from Debian's packages, the patched s3rver, and N instances of the built server behind HAProxy in
 * plain round robin. `npm run start:cluster` keeps it in data/cluster; `npm run soak` makes a throw-away one
 * and kills parts of it on purpose.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './ensure-built.mjs';
import { Failure, freePort, localServices, PACKAGES } from './local-services.mjs';

const BUCKET = 'shoebox';
/** How long an instance may take to stop when asked before it is ended. */
const STOP_LIMIT_MS = 15_000;
/** How long the cluster may take to answer through the balancer at its first start (the demo accounts are made then). */
const READY_LIMIT_MS = 180_000;

/** The balancer as the README describes it: round robin, no stickiness, out of rotation when not ready. */
function haproxyConfig({ port, statsPort, instances }) {
  return [
    'global',
    '  maxconn 4096',
    // One line per request, with how it ended, in the balancer's log file.
    '  log stdout format raw local0 info',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    // The push sockets stay open for as long as the page does.
    '  timeout tunnel 1h',
    // Readiness answers within 500 ms of being read (decision 102); a saturated instance reads it late.
    '  timeout check 3s',
    '  option forwardfor',
    'frontend shoebox',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /health/ready',
    '  http-check expect status 200',
    // A request whose instance refused the connection (killed) goes to another one at its next try, and
    // that instance is out of rotation after three such connections in a row (observe layer4: a killed one
    // refuses them at once) rather than after three failed checks; one connection slow to be accepted by a
    // busy instance does not take it out.
    '  retries 3',
    '  option redispatch 1',
    // Fail open (decision 101): when no instance is ready, as when Redis or the database is out for all of
    // them alike, every instance still gets requests and answers what it can, rather than the balancer's 503.
    '  option allbackups',
    // Which instance answered, for an operator reading a response (and the soak's count of where errors fell).
    '  http-response set-header X-Served-By %s',
    ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check inter 2s fall 3 rise 2 observe layer4 error-limit 3 on-error mark-down`),
    ...instances.map((instance) => `  server ${instance.name}-open 127.0.0.1:${instance.port} backup`),
    'listen stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 5s',
    '',
  ].join('\n');
}

/** A child whose output goes to its log file; `onExit` hears of an end nobody asked for. */
function startChild(name, command, args, { cwd, env, logFile, onExit }) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  child.stopping = false;
  child.on('exit', (code, signal) => {
    if (!child.stopping) onExit?.(`${name} ended (${signal ?? `exit code ${code}`}); its log: ${logFile}`);
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

/** Whether HAProxy's statistics (CSV) show every checked instance UP. */
async function allInRotation(cluster) {
  try {
    const csv = await (await fetch(`${cluster.statsUrl};csv`, { signal: AbortSignal.timeout(2000) })).text();
    const status = new Map(csv.split('\n').map((line) => line.split(',')).filter((f) => f[0] === 'instances').map((f) => [f[1], f[17]]));
    return cluster.instances.every((instance) => status.get(instance.name) === 'UP');
  } catch {
    return false;
  }
}

/**
 * Starts the cluster with its data in `home`: `count` instances, the balancer on `port` (its statistics on
 * the next port), the instances given `env` beside what the cluster sets. Resolves once the balancer answers
 * ready; `stop()` ends everything, in order.
 */
export async function startLocalCluster({ root, home, count, port, env: extraEnv = {}, log }) {
  const services = localServices({ tmpRoot: path.join(root, '.tmp'), log });
  services.ensurePackages([PACKAGES.postgresql, PACKAGES.redis, PACKAGES.haproxy]);
  ensureBuilt(root);
  const logs = path.join(home, 'logs');
  fs.mkdirSync(logs, { recursive: true });
  const url = `http://localhost:${port}`;
  const cluster = { url, home, statsUrl: `http://localhost:${port + 1}/`, logs, instances: [] };
  let stopping = false;

  cluster.stop = async () => {
    if (stopping) return;
    stopping = true;
    log('Stopping the cluster');
    await stopChild(cluster.haproxy);
    await Promise.all(cluster.instances.map((instance) => stopChild(instance.child)));
    await cluster.s3?.close();
    await services.stopRedis(cluster.redis);
    services.stopPostgres(cluster.postgres);
  };

  /** Redis stopped, as an outage: started again on the same port with the same data by `redisBack`. */
  cluster.redisDown = () => services.stopRedis(cluster.redis);
  cluster.redisBack = async () => {
    cluster.redis = await services.startRedis({ keepIn: path.join(home, 'redis'), port: cluster.redis.port });
  };

  try {
    cluster.postgres = await services.startPostgres({ database: 'shoebox', keepIn: path.join(home, 'postgres') });
    cluster.redis = await services.startRedis({ keepIn: path.join(home, 'redis') });
    const { startS3StandIn } = await import(pathToFileURL(path.join(root, 'apps/server/dist/dev/s3-stand-in.js')).href);
    fs.mkdirSync(path.join(home, 's3'), { recursive: true });
    const s3Log = path.join(logs, 's3.log');
    cluster.s3 = await startS3StandIn({ directory: path.join(home, 's3'), bucket: BUCKET, logError: (line) => fs.appendFileSync(s3Log, `${line}\n`) });
    log(`S3-compatible server (s3rver, patched) at ${cluster.s3.config.endpoint}, bucket ${BUCKET} (${path.join(home, 's3')})`);

    for (let i = 1; i <= count; i++) {
      const instance = { name: `instance-${i}`, port: await freePort() };
      const env = {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(instance.port),
        PUBLIC_URL: url,
        TRUST_PROXY: 'true',
        DATABASE_URL: cluster.postgres.url,
        REDIS_URL: cluster.redis.url,
        DATA_DIR: path.join(home, instance.name),
        // One outbox for the cluster: the mailbox of any instance shows every mail (decision 103).
        OUTBOX_DIR: path.join(home, 'outbox'),
        ...cluster.s3.env,
        ...extraEnv,
      };
      const start = () =>
        startChild(instance.name, process.execPath, [path.join(root, 'apps/server/scripts/start-bundle.cjs')], {
          cwd: root,
          env,
          logFile: path.join(logs, `${instance.name}.log`),
          onExit: (message) => log(message),
        });
      instance.child = start();
      /** Ended at once, as a machine that loses its power; `restart` starts it again where it was. */
      instance.kill = () => stopChild(instance.child, 'SIGKILL');
      instance.restart = () => {
        instance.child = start();
      };
      cluster.instances.push(instance);
    }
    const config = path.join(home, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig({ port, statsPort: port + 1, instances: cluster.instances }));
    cluster.haproxy = startChild('HAProxy', 'haproxy', ['-f', config, '-db'], { cwd: root, env: process.env, logFile: path.join(logs, 'haproxy.log'), onExit: (message) => log(message) });

    // Ready once the balancer has every instance in rotation: before that it answers through the unchecked
    // backups (failing open), which would hide an instance that never became ready.
    for (const started = Date.now(); !(await allInRotation(cluster)); ) {
      if (Date.now() - started > READY_LIMIT_MS) throw new Failure(`The cluster did not become ready in ${READY_LIMIT_MS / 1000} s: see ${logs}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return cluster;
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}
