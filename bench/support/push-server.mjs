// A Shoebox server process for the push bench, built as apps/server/src/main.ts builds one (the built
// server, the demo accounts, listening on PORT), with the parent's commands over IPC: publish an
// archive-finished event through the server's own event bus, or, for the baselines, a raw Redis
// PUBLISH or a plain WebSocket send. Each answer carries the wall-clock time taken just before the
// publish, comparable with the parent's on this machine.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createShoebox } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { seedDemoAccounts } from '../../apps/server/dist/seed/demo-accounts.js';
import { REPO_ROOT } from './paths.mjs';

const serverRequire = createRequire(path.join(REPO_ROOT, 'apps/server/package.json'));
const { WebSocketServer } = serverRequire('ws');
const { Redis } = serverRequire('ioredis');

const now = () => performance.timeOrigin + performance.now();

const archiveFinished = (userId, seq) => ({
  id: randomUUID(),
  timestamp: new Date().toISOString(),
  key: 'archive.generation.finished',
  message: { userId, downloadId: `bench-${seq}` },
});

const config = loadConfig();
const shoebox = await createShoebox(config);
await seedDemoAccounts(shoebox.db);
await shoebox.app.listen({ host: config.host, port: config.port });

const bare = new WebSocketServer({ host: '127.0.0.1', port: 0 });
await new Promise((resolve) => bare.once('listening', resolve));
const raw = config.redisUrl ? new Redis(config.redisUrl) : null;

process.on('message', async ({ kind, seq, userId, channel }) => {
  let sentAt;
  if (kind === 'event') {
    const event = archiveFinished(userId, seq);
    sentAt = now();
    await shoebox.events.publish(userId, event);
  } else if (kind === 'raw-redis') {
    sentAt = now();
    await raw.publish(channel, String(seq));
  } else if (kind === 'bare-ws') {
    const frame = archiveFinished(userId, seq);
    sentAt = now();
    for (const client of bare.clients) client.send(JSON.stringify(frame));
  }
  process.send({ seq, sentAt });
});

process.on('SIGTERM', async () => {
  for (const client of bare.clients) client.terminate();
  bare.close();
  raw?.disconnect();
  await shoebox.close();
  process.exit(0);
});
process.send({ ready: true, barePort: bare.address().port });
