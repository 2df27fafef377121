import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { orderStatusPushMessageSchema } from '@shoebox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases.js';
import { insertTestOrder } from '../test/fulfilment-orders.js';
import { newCustomer } from '../test/photo-library.js';
import { authenticatedPush, listenForPush } from '../test/push-client.js';
import { startTestShoebox, type TestShoebox } from '../test/test-server.js';

/** The built command, as `npm run orders` runs it (npm test builds before it tests). */
const CLI = fileURLToPath(new URL('../../dist/cli/orders.js', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run orders -- …` as an operator would beside the server: its database settings, no key given. */
function orders(server: TestShoebox, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { port } = server.app.server.address() as AddressInfo;
  const settings = { DATABASE_URL: server.database.url, DATA_DIR: server.config.dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env };
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, ...settings } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A port nothing listens on: one the system just gave and took back. */
async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Each run is a Node process of its own. */
const CLI_TEST_TIMEOUT_MS = 30_000;

describe.each(databases)('npm run orders against a running server on $name', (kind) => {
  let server: TestShoebox;
  let pushUrl: string;
  beforeAll(async () => {
    if (!kind.available) return;
    server = await startTestShoebox(kind);
    pushUrl = await listenForPush(server.app);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it.skipIf(!kind.available)("advances an order step by step with the server's own key, and the customer's open page hears each step", async () => {
    const me = await newCustomer(server);
    const { orderCode } = await insertTestOrder(server, me.id, { status: 'Received' });
    const page = await authenticatedPush(pushUrl, me.token);
    try {
      const first = await orders(server, ['advance', orderCode]);
      expect(first, first.stderr).toMatchObject({ code: 0 });
      expect(first.stdout).toContain(`Moved order ${orderCode}: Received → Confirmed`);
      await page.receivedCount(2);
      expect(orderStatusPushMessageSchema.parse(JSON.parse(page.received[1]!)).data).toMatchObject({ orderCode, status: 'Confirmed' });

      const moved = await orders(server, ['move', orderCode, 'productionstarted']);
      expect(moved.code, moved.stderr).toBe(0);
      expect(moved.stdout).toContain('Confirmed → ProductionStarted');
      await page.receivedCount(3);

      const shown = await orders(server, ['show', orderCode]);
      expect(shown.stdout).toContain(`Order ${orderCode} is ProductionStarted (the customer sees InProduction). It may go to: ProductionCompleted.`);
    } finally {
      page.ws.terminate();
    }
  }, CLI_TEST_TIMEOUT_MS);

  // The refusals are the command's own words whatever the database: one database is enough.
  it.skipIf(!kind.available || kind.name !== 'sqlite')('says plainly why it refuses, and changes nothing', async () => {
    const me = await newCustomer(server);
    const { orderCode } = await insertTestOrder(server, me.id, { status: 'Dispatched' });
    const statusNow = async () => (await server.db.selectFrom('orders').select('status').where('order_code', '=', orderCode).executeTakeFirstOrThrow()).status;

    const closedPort = await unusedPort();
    // Each run is a process of its own: they run side by side.
    const runs = await Promise.all([
      orders(server, ['advance', orderCode]),
      orders(server, ['move', orderCode, 'Cancelled']),
      orders(server, ['move', orderCode, 'Shipped']),
      orders(server, ['advance', 'NO-SUCH-ORDER']),
      orders(server, ['show', orderCode], { FULFILMENT_API_KEY: randomBytes(32).toString('base64url') }),
      orders(server, ['show', orderCode], { PUBLIC_URL: `http://127.0.0.1:${closedPort}`, PORT: String(closedPort) }),
    ]);
    expect(runs.map((r) => [r.code, r.stderr.trim().split('\n')[0]])).toEqual([
      [1, `Order ${orderCode} is Dispatched: it has no next step.`],
      [1, `Order ${orderCode} cannot move from Dispatched to Cancelled. It moves no further.`],
      [2, `"Shipped" is not an order status. The statuses: Received, Confirmed, ProductionStarted, ProductionCompleted, Dispatched, Cancelled`],
      [1, 'No order has the code NO-SUCH-ORDER.'],
      [1, expect.stringMatching(/^The server refused the back-office key: The back-office service credential is not valid \(correlation id [\w-]+\)\. Give the key it uses/)],
      [1, expect.stringMatching(new RegExp(`^Could not reach the server at http://127\\.0\\.0\\.1:${closedPort} \\(.*\\)\\. Is it running \\(npm start\\)\\?`))],
    ]);
    expect(await statusNow()).toBe('Dispatched');
  }, CLI_TEST_TIMEOUT_MS);
});
