/// <reference types="node" />
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { loadConfig } from '../../../server/src/config';
import { createDatabase } from '../../../server/src/platform/db/database';
import { seedDemoAccounts } from '../../../server/src/seed/demo-accounts';
import { databases, type TestDatabase } from '../../../server/src/test/databases';
import { deleteRedisKeys, uniqueRedisPrefix } from '../../../server/src/test/redis';
import { startS3StandIn, type S3StandIn } from '../../../server/src/dev/s3-stand-in';
import { freePort, startServer, type TestServer } from './server';

/**
 * Two server processes as two machines of one deployment: the built server started twice, on one fresh
 * PostgreSQL database of the run's cluster (TEST_DATABASE_URL) and the run's Redis (TEST_REDIS_URL) under a
 * key prefix of their own, with one blob folder (each DATA_DIR's `blobs` is a link to the same folder, as a
 * shared mount would be). The sign-in keys and the signing key of blob links live in the database, so a
 * token or link made by one is good on the other.
 *
 * Customers reach them through one address, as behind a load balancer: a small front that sends the
 * downloads service (/api/downloads) to machine A and everything else (the page, sign-in, the photos
 * service, uploads, blob links and the push socket /api/push) to machine B, or, with `routing:
 * 'round-robin'`, each request and socket to the next machine in turn, as a plain balancer does. Both
 * machines have that address as their PUBLIC_URL, so nothing is cross-origin. With `bucket`, the photos and
 * unfinished uploads are in an S3-compatible bucket (the stand-in) instead of the shared folder.
 */

const postgres = databases.find((d) => d.name === 'postgres')!;

/** Why the two-machine tests cannot run here, or undefined when they can. */
export const twoServersUnavailable: string | undefined = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (npm test sets it): two machines share a PostgreSQL database'
  : !process.env.TEST_REDIS_URL
    ? 'TEST_REDIS_URL is not set (npm test sets it): two machines share a Redis'
    : undefined;

export type Machine = 'A' | 'B';

export interface RoutedRequest {
  machine: Machine;
  method: string;
  path: string;
  /** A WebSocket upgrade. */
  upgrade: boolean;
}

export interface TwoServers {
  /** The address customers use (the front), also both machines' PUBLIC_URL. */
  siteUrl: string;
  /** Serves the downloads service only. */
  a: TestServer;
  /** Serves the page and everything else, the push socket among it. */
  b: TestServer;
  /** Every request the front passed on, in order, with the machine it went to. */
  routed: RoutedRequest[];
  /** The blob folder both machines use. */
  blobDir: string;
  /** The deployment's BullMQ queue of a job kind, as an operator's tool would open it (close it after use). */
  jobQueue(kind: string): Queue;
  stop(): Promise<void>;
}

export interface TwoServersOptions {
  /** 'downloads-on-a' (default): the downloads service on A, the rest on B; 'round-robin': each request to the next machine. */
  routing?: 'downloads-on-a' | 'round-robin';
  /** Photos and unfinished uploads in a bucket instead of a shared folder. */
  bucket?: boolean;
}

/** Which machine serves a path: the downloads service is on A. */
function downloadsOnA(url: string | undefined): Machine {
  const pathname = new URL(url ?? '/', 'http://front').pathname;
  return pathname === SERVICE_BASE_PATHS.downloads || pathname.startsWith(`${SERVICE_BASE_PATHS.downloads}/`) ? 'A' : 'B';
}

/** A plain balancer's choice: the next machine, whatever the request is for. */
function roundRobin(): () => Machine {
  let next = 0;
  return () => (next++ % 2 === 0 ? 'A' : 'B');
}

/** The front: passes each request and WebSocket upgrade on unchanged (Host and Origin included) to its machine. */
async function startFront(portOf: (m: Machine) => number, routed: RoutedRequest[], machineFor: (url: string | undefined) => Machine): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const machine = machineFor(req.url);
    routed.push({ machine, method: req.method ?? 'GET', path: req.url ?? '/', upgrade: false });
    const upstream = http.request({ host: '127.0.0.1', port: portOf(machine), method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    // A client that leaves mid-request leaves the machine too, as a balancer's closed connection does.
    req.on('close', () => {
      if (!req.complete) upstream.destroy();
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const machine = machineFor(req.url);
    routed.push({ machine, method: req.method ?? 'GET', path: req.url ?? '/', upgrade: true });
    const upstream = net.connect(portOf(machine), '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts machines A and B together on a new database, then gives it the demo accounts (no demo photos). */
export async function startTwoServers(o: TwoServersOptions = {}): Promise<TwoServers> {
  if (twoServersUnavailable) throw new Error(twoServersUnavailable);
  const redisUrl = process.env.TEST_REDIS_URL!;
  const redisPrefix = uniqueRedisPrefix('two-servers');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-two-servers-'));
  const blobDir = path.join(dir, 'blobs');
  const dataDir = (machine: Machine) => {
    const data = path.join(dir, machine);
    fs.mkdirSync(data, { recursive: true });
    fs.symlinkSync(blobDir, path.join(data, 'blobs'));
    return data;
  };
  fs.mkdirSync(blobDir);

  const routed: RoutedRequest[] = [];
  const started: Partial<Record<Machine, TestServer>> = {};
  const queues: Queue[] = [];
  const connections: Redis[] = [];
  let database: TestDatabase | undefined;
  let front: Awaited<ReturnType<typeof startFront>> | undefined;
  let bucket: S3StandIn | undefined;

  const stop = async () => {
    await Promise.all(queues.map((q) => q.close()));
    await Promise.all(connections.map((c) => c.quit()));
    // B first: it holds the page's sockets; A may still be finishing a job.
    await started.B?.stop();
    await started.A?.stop();
    await front?.close();
    await bucket?.close();
    await database?.drop();
    await deleteRedisKeys(redisPrefix);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    database = await postgres.create();
    front = await startFront((m) => started[m]?.port ?? 0, routed, o.routing === 'round-robin' ? roundRobin() : downloadsOnA);
    if (o.bucket) {
      fs.mkdirSync(path.join(dir, 'bucket'));
      bucket = await startS3StandIn({ directory: path.join(dir, 'bucket'), bucket: 'shoebox-e2e' });
    }
    const env = (machine: Machine) => ({
      DATABASE_URL: database!.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      PUBLIC_URL: front!.url,
      DATA_DIR: dataDir(machine),
      // One outbox for both, as a cluster without SMTP must have (decision 103).
      OUTBOX_DIR: path.join(dir, 'outbox'),
      // The demo library (320 photos made on first start) is not wanted: the test uploads its own.
      SEED_DEMO_DATA: 'false',
      ...bucket?.env,
    });
    // Both at once on the empty database, as a deployment's machines come up: one runs the migrations and
    // makes the shared keys while the other waits for them.
    const [a, b] = await Promise.allSettled([startServer(env('A')), startServer(env('B'))]);
    if (a.status === 'fulfilled') started.A = a.value;
    if (b.status === 'fulfilled') started.B = b.value;
    if (a.status === 'rejected') throw a.reason;
    if (b.status === 'rejected') throw b.reason;
    const db = await createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    try {
      await seedDemoAccounts(db);
    } finally {
      await db.destroy();
    }
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    siteUrl: front.url,
    a: started.A!,
    b: started.B!,
    routed,
    blobDir,
    jobQueue(kind) {
      // The server's queue prefix (app.ts): REDIS_PREFIX + 'jobs'.
      const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
      const queue = new Queue(kind, { connection, prefix: `${redisPrefix}jobs` });
      connections.push(connection);
      queues.push(queue);
      return queue;
    },
    stop,
  };
}
