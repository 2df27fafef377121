/**
 * The services a run on this machine needs beside Shoebox, for `npm test` (throw-away) and `npm run
 * start:cluster` (kept in a folder between starts): Debian's packages installed when missing, a private
 * PostgreSQL cluster and a private redis-server on free ports, each stopped with its owner.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isAlive } from '../process-alive.mjs';

export class Failure extends Error {}

const asRoot = process.getuid?.() === 0;
const PG_USER = 'postgres';
/** Written into each throw-away directory, so a later run can tell a live one from an abandoned one. */
const RUNNER_PID_FILE = 'runner.pid';
const REDIS_PID_FILE = 'redis.pid';
/** How long redis-server may take to answer its first PING. */
const REDIS_START_LIMIT_MS = 20_000;

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl')) && fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(base, versions[0], 'bin');
}

/** What a run may need from Debian's packages, and how to tell it is there. */
export const PACKAGES = {
  chromium: { what: 'Chromium (/usr/bin/chromium)', pkg: 'chromium', present: () => fs.existsSync('/usr/bin/chromium') },
  postgresql: { what: 'PostgreSQL (pg_ctl and initdb under /usr/lib/postgresql/*/bin)', pkg: 'postgresql', present: () => Boolean(findPostgresBin()) },
  redis: { what: 'Redis (redis-server)', pkg: 'redis-server', present: () => commandExists('redis-server') },
  haproxy: { what: 'HAProxy (haproxy)', pkg: 'haproxy', present: () => commandExists('haproxy') },
  unzip: { what: 'Info-ZIP (unzip)', pkg: 'unzip', present: () => commandExists('unzip') },
  python3: { what: 'Python 3 (python3)', pkg: 'python3', present: () => commandExists('python3') },
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function osUserIds(user) {
  const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const shellQuote = (s) => `'${String(s).replaceAll("'", `'\\''`)}'`;

/** PostgreSQL refuses to run as root, so as root its tools run as the postgres OS user. */
function asPostgres(command, args) {
  if (!asRoot) return [command, args];
  if (commandExists('runuser')) return ['runuser', ['-u', PG_USER, '--', command, ...args]];
  return ['su', [PG_USER, '-s', '/bin/sh', '-c', [command, ...args].map(shellQuote).join(' ')]];
}

function runQuiet(command, args, options = {}) {
  const [cmd, argv] = asPostgres(command, args);
  return spawnSync(cmd, argv, { encoding: 'utf8', cwd: options.cwd ?? '/', ...options });
}

/** True when `pid` is a redis-server (a pid left in a stale directory may since belong to anything else). */
function isRedisServer(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('redis-server');
  } catch {
    return false;
  }
}

/** Resolves once a Redis at the port answers PING. */
function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      reply += data.toString();
      if (reply.includes('\r\n')) socket.end();
    });
    socket.on('close', () => resolve(reply.startsWith('+PONG')));
    socket.on('error', () => resolve(false));
  });
}

/** The services of one run; `tmpRoot` holds its throw-away directories, `log` tells what happens. */
export function localServices({ tmpRoot, log }) {
  function run(command, args, options = {}) {
    const result = spawnSync(command, args, { stdio: 'inherit', ...options });
    if (result.error) throw new Failure(`${command} could not be started: ${result.error.message}`);
    if (result.status !== 0) throw new Failure(`\`${[command, ...args].join(' ')}\` failed with exit code ${result.status ?? result.signal}`);
  }

  /** Installs the missing ones of `needs` (entries of PACKAGES) from Debian's packages when running as root; otherwise says how. */
  function ensurePackages(needs) {
    const missingNow = () => needs.filter((need) => !need.present());
    let missing = missingNow();
    if (missing.length === 0) return;
    const packages = missing.map((m) => m.pkg);
    const installCommand = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages.join(' ')}`;
    log(`Missing: ${missing.map((m) => m.what).join('; ')}`);
    if (asRoot && commandExists('apt-get')) {
      log(`Installing: ${installCommand}`);
      try {
        run('apt-get', ['update']);
        run('apt-get', ['install', '-y', ...packages], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      } catch (err) {
        log(`Installation failed: ${err.message}`);
      }
      missing = missingNow();
      if (missing.length === 0) return;
    }
    throw new Failure(`Missing ${missing.map((m) => m.what).join(' and ')}.\nInstall with: ${asRoot ? '' : 'sudo '}sh -c '${installCommand}'`);
  }

  /** Stops and removes throw-away clusters whose run died without cleaning up (killed outright). */
  function removeStaleClusters(parents, bin) {
    for (const parent of parents) {
      if (!fs.existsSync(parent)) continue;
      for (const name of fs.readdirSync(parent)) {
        if (!/^(shoebox-)?pg-/.test(name)) continue;
        const dir = path.join(parent, name);
        let stale;
        try {
          const runnerFile = path.join(dir, RUNNER_PID_FILE);
          stale = fs.existsSync(runnerFile) ? !isAlive(Number(fs.readFileSync(runnerFile, 'utf8'))) : Date.now() - fs.statSync(dir).mtimeMs > 60 * 60 * 1000;
        } catch {
          stale = false;
        }
        if (!stale) continue;
        log(`Removing a cluster left by an earlier run: ${dir}`);
        stopPostgres({ dir, data: path.join(dir, 'data'), bin, running: fs.existsSync(path.join(dir, 'data', 'postmaster.pid')) });
      }
    }
  }

  /** A directory the postgres user owns, short enough for its socket: `wanted` (kept), or a new throw-away one. */
  function clusterDir(postgresIds, wanted) {
    const fits = (dir) => path.join(dir, '.s.PGSQL.65535').length < 100 && (!asRoot || runQuiet('test', ['-w', dir]).status === 0);
    const own = (dir) => {
      fs.chmodSync(dir, 0o700);
      if (postgresIds) fs.chownSync(dir, postgresIds.uid, postgresIds.gid);
    };
    if (wanted) {
      fs.mkdirSync(wanted, { recursive: true });
      own(wanted);
      if (!fits(wanted)) throw new Failure(`${wanted} does not suit a PostgreSQL cluster (path too long for its socket, or not reachable by the ${PG_USER} user)`);
      return wanted;
    }
    for (const parent of [tmpRoot, os.tmpdir()]) {
      fs.mkdirSync(parent, { recursive: true });
      const dir = fs.mkdtempSync(path.join(parent, parent === tmpRoot ? 'pg-' : 'shoebox-pg-'));
      own(dir);
      if (fits(dir)) return dir;
      fs.rmSync(dir, { recursive: true, force: true });
      log(`${parent} does not suit a PostgreSQL cluster; trying the next place`);
    }
    throw new Failure('Found no directory for the temporary PostgreSQL cluster');
  }

  /**
   * A private PostgreSQL with a database `database`: throw-away (fast, nothing durable) unless `keepIn` names
   * the folder that keeps it between starts.
   */
  async function startPostgres({ database, keepIn } = {}) {
    const bin = findPostgresBin();
    const postgresIds = asRoot ? osUserIds(PG_USER) : undefined;
    if (asRoot && !postgresIds) throw new Failure(`Running as root, but there is no "${PG_USER}" OS user to run PostgreSQL as. Install with: apt-get install -y postgresql`);
    if (!keepIn) removeStaleClusters([tmpRoot, os.tmpdir()], bin);
    const dir = clusterDir(postgresIds, keepIn);
    if (!keepIn) fs.writeFileSync(path.join(dir, RUNNER_PID_FILE), String(process.pid));
    const data = path.join(dir, 'data');
    const logFile = path.join(dir, 'postgres.log');
    const cluster = { dir, data, bin, running: false, kept: Boolean(keepIn) };
    try {
      const fresh = !fs.existsSync(path.join(data, 'PG_VERSION'));
      if (fresh) {
        const init = runQuiet(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', ...(keepIn ? [] : ['--no-sync'])], { cwd: dir });
        if (init.status !== 0) throw new Failure(`initdb failed:\n${init.stdout}${init.stderr}`);
        const settings = ["listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir.replaceAll("'", "''")}'`, 'max_connections = 200'];
        // A throw-away cluster: durability is not wanted, speed is.
        if (!keepIn) settings.push('fsync = off', 'synchronous_commit = off', 'full_page_writes = off');
        fs.appendFileSync(path.join(data, 'postgresql.conf'), ['', ...settings, ''].join('\n'));
      }
      const port = await freePort();
      const start = runQuiet(path.join(bin, 'pg_ctl'), ['-D', data, '-l', logFile, '-o', `-p ${port}`, '-w', '-t', '60', 'start'], { cwd: dir });
      if (start.status !== 0) {
        const serverLog = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
        throw new Failure(`PostgreSQL did not start:\n${start.stdout}${start.stderr}${serverLog}`);
      }
      cluster.running = true;
      const exists = spawnSync(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-tAc', `SELECT 1 FROM pg_database WHERE datname = '${database}'`], { encoding: 'utf8' });
      if (exists.stdout.trim() !== '1') {
        const create = spawnSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database], { encoding: 'utf8' });
        if (create.status !== 0) throw new Failure(`createdb failed:\n${create.stdout}${create.stderr}`);
      }
      cluster.url = `postgres://postgres@127.0.0.1:${port}/${database}`;
      log(`PostgreSQL ${path.basename(path.dirname(bin))} is running at ${cluster.url} (${dir})`);
      return cluster;
    } catch (err) {
      stopPostgres(cluster);
      throw err;
    }
  }

  function stopPostgres(cluster) {
    if (!cluster) return;
    if (cluster.running) {
      // A kept cluster shuts down cleanly; a throw-away one is ended at once.
      const stop = runQuiet(path.join(cluster.bin, 'pg_ctl'), ['-D', cluster.data, '-m', cluster.kept ? 'fast' : 'immediate', '-w', 'stop'], { cwd: cluster.dir });
      if (stop.status !== 0) log(`pg_ctl stop failed: ${stop.stderr}`);
      cluster.running = false;
    }
    if (cluster.kept) return log(`PostgreSQL stopped (its data stays in ${cluster.dir})`);
    fs.rmSync(cluster.dir, { recursive: true, force: true });
    log(`PostgreSQL stopped and its cluster deleted (${cluster.dir})`);
  }

  /** Stops redis-servers whose run died without cleaning up, and removes their directories. */
  function removeStaleRedis() {
    if (!fs.existsSync(tmpRoot)) return;
    for (const name of fs.readdirSync(tmpRoot)) {
      if (!name.startsWith('redis-')) continue;
      const dir = path.join(tmpRoot, name);
      try {
        const runner = Number(fs.readFileSync(path.join(dir, RUNNER_PID_FILE), 'utf8'));
        if (isAlive(runner)) continue;
        const pid = Number(fs.readFileSync(path.join(dir, REDIS_PID_FILE), 'utf8'));
        if (isRedisServer(pid)) process.kill(pid, 'SIGKILL');
      } catch {
        // A directory without its pid files was never started: nothing runs from it.
      }
      log(`Removing a redis-server directory left by an earlier run: ${dir}`);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /**
   * A private redis-server on its own port (or `port`, to start one again where it was): throw-away (nothing
   * written to disk) unless `keepIn` names the folder that keeps its data.
   */
  async function startRedis({ keepIn, port: wantedPort } = {}) {
    if (!keepIn) removeStaleRedis();
    fs.mkdirSync(keepIn ?? tmpRoot, { recursive: true });
    const dir = keepIn ?? fs.mkdtempSync(path.join(tmpRoot, 'redis-'));
    if (!keepIn) fs.writeFileSync(path.join(dir, RUNNER_PID_FILE), String(process.pid));
    const port = wantedPort ?? (await freePort());
    const durability = keepIn ? ['--appendonly', 'yes'] : ['--save', '', '--appendonly', 'no'];
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, ...durability, '--logfile', path.join(dir, 'redis.log')], {
      stdio: 'ignore',
      cwd: dir,
    });
    const server = { dir, child, port, kept: Boolean(keepIn) };
    fs.writeFileSync(path.join(dir, REDIS_PID_FILE), String(child.pid));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    for (const started = Date.now(); !(await redisAnswers(port)); ) {
      const ended = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 100))]);
      if (ended || Date.now() - started > REDIS_START_LIMIT_MS) {
        const serverLog = fs.existsSync(path.join(dir, 'redis.log')) ? fs.readFileSync(path.join(dir, 'redis.log'), 'utf8') : '';
        stopRedis(server);
        throw new Failure(`redis-server did not start:\n${serverLog}`);
      }
    }
    server.url = `redis://127.0.0.1:${port}`;
    log(`redis-server is running at ${server.url} (${dir})`);
    return server;
  }

  function stopRedis(server) {
    if (!server) return;
    const running = server.child.exitCode === null && server.child.signalCode === null;
    if (server.kept) {
      // Asked to stop, it writes its data out first.
      if (running) server.child.kill('SIGTERM');
      log(`redis-server stopped (its data stays in ${server.dir})`);
      return new Promise((resolve) => (running ? server.child.once('exit', resolve) : resolve()));
    }
    // Nothing in it is kept: it is ended at once.
    if (running) server.child.kill('SIGKILL');
    fs.rmSync(server.dir, { recursive: true, force: true });
    log(`redis-server stopped and its directory deleted (${server.dir})`);
  }

  return { ensurePackages, startPostgres, stopPostgres, startRedis, stopRedis };
}
