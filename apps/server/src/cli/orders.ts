/**
 * npm run orders -- move <orderCode> <Status> | advance <orderCode> | show <orderCode> [--url URL] [--key KEY]
 *
 * Moves an order along through the RUNNING server's back-office endpoint (decision 055), so the push
 * reaches the customer's open pages from the server that made the change. The key is FULFILMENT_API_KEY,
 * or the one the server keeps in its database, read with the same settings (DATA_DIR, DATABASE_URL).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import {
  apiErrorSchema,
  BACK_OFFICE_ORDER_PATH,
  BACK_OFFICE_ORDER_STATUS_PATH,
  backOfficeOrderSchema,
  customerOrderStatus,
  nextOrderStatus,
  ORDER_STATUSES,
  SERVICE_BASE_PATHS,
  type BackOfficeOrder,
  type OrderStatus,
} from '@shoebox/contracts';
import { loadConfig, type Config } from '../config.js';
import { Refused, runCommand, UsageError } from './command.js';
import { FULFILMENT_KEY_SECRET } from '../modules/fulfilment/back-office-credential.js';
import { createDatabase } from '../platform/db/database.js';

const USAGE = `Usage: npm run orders -- <command> [--url URL] [--key KEY]

  show <orderCode>            where the order stands and where it may go next
  move <orderCode> <Status>   move it to Status (${ORDER_STATUSES.join(', ')})
  advance <orderCode>         move it one step forward (Received → Confirmed → ProductionStarted →
                              ProductionCompleted → Dispatched)

  --url URL   the running server (default: PUBLIC_URL, else http://localhost:$PORT)
  --key KEY   the back-office key (default: FULFILMENT_API_KEY, else the key the server made and keeps
              in its database, found with DATA_DIR / DATABASE_URL as the server reads them)`;

function statusNamed(raw: string): OrderStatus {
  const status = ORDER_STATUSES.find((s) => s.toLowerCase() === raw.toLowerCase());
  if (!status) throw new UsageError(`"${raw}" is not an order status. The statuses: ${ORDER_STATUSES.join(', ')}`);
  return status;
}

async function backOfficeKey(config: Config, given: string | undefined): Promise<string> {
  if (given) return given;
  if (config.fulfilmentApiKey) return config.fulfilmentApiKey;
  if (config.database.kind === 'sqlite' && !fs.existsSync(config.database.file)) {
    throw new Refused(`No database at ${config.database.file}: start the server once (npm start) so it makes its back-office key, run this from the folder it runs in, or give --key / FULFILMENT_API_KEY.`);
  }
  const db = await createDatabase(config.database);
  try {
    const row = await db.selectFrom('secrets').select('value').where('name', '=', FULFILMENT_KEY_SECRET).executeTakeFirst();
    if (!row) throw new Refused('The server has not made its back-office key yet: start it once (npm start), or give --key / FULFILMENT_API_KEY.');
    return row.value;
  } finally {
    await db.destroy();
  }
}

function client(baseUrl: string, key: string) {
  const base = `${baseUrl.replace(/\/$/, '')}${SERVICE_BASE_PATHS.orders}`;
  const urlOf = (path: string, code: string) => `${base}${path.replace(':code', encodeURIComponent(code))}`;

  async function call(method: 'GET' | 'POST', url: string, orderCode: string, body?: unknown): Promise<BackOfficeOrder> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new Refused(`Could not reach the server at ${baseUrl} (${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}). Is it running (npm start)? Another address: --url.`);
    }
    const text = await response.text();
    if (response.ok) return backOfficeOrderSchema.parse(JSON.parse(text));
    const parsed = apiErrorSchema.safeParse(safeJson(text));
    const detail = parsed.success ? `${parsed.data.message} (correlation id ${parsed.data.correlationId})` : `${response.status} ${text.slice(0, 200)}`;
    switch (response.status) {
      case 401:
        throw new Refused(`The server refused the back-office key: ${detail}. Give the key it uses (--key, FULFILMENT_API_KEY), or run this with the server's own settings.`);
      case 404:
        throw new Refused(`No order has the code ${orderCode}.`);
      case 429:
        throw new Refused(`Refused: ${detail}. Try again in ${response.headers.get('retry-after') ?? 'a few'} seconds.`);
      default:
        throw new Refused(`Refused (${response.status}): ${detail}`);
    }
  }

  return {
    order: (orderCode: string) => call('GET', urlOf(BACK_OFFICE_ORDER_PATH, orderCode), orderCode),
    move: (orderCode: string, status: OrderStatus) => call('POST', urlOf(BACK_OFFICE_ORDER_STATUS_PATH, orderCode), orderCode, { status }),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const describeOrder = (o: BackOfficeOrder) =>
  `Order ${o.orderCode} is ${o.status} (the customer sees ${customerOrderStatus(o.status)}). ${o.nextStatuses.length ? `It may go to: ${o.nextStatuses.join(', ')}.` : 'It moves no further.'}`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const [command, orderCode, status, ...rest] = positionals;
  if (!command) throw new UsageError('Which command?');
  if (!['show', 'move', 'advance'].includes(command)) throw new UsageError(`Unknown command "${command}"`);
  if (!orderCode) throw new UsageError(`${command} needs an order code`);
  const expected = command === 'move' ? 1 : 0;
  if ((status === undefined ? 0 : 1) + rest.length !== expected) throw new UsageError(`${command} takes ${command === 'move' ? 'an order code and a status' : 'an order code only'}`);
  const target = command === 'move' ? statusNamed(status!) : undefined;

  const config = loadConfig();
  const orders = client(values.url ?? config.publicUrl, await backOfficeKey(config, values.key));

  if (command === 'show') {
    console.log(describeOrder(await orders.order(orderCode)));
    return;
  }
  const before = await orders.order(orderCode);
  const to = target ?? nextOrderStatus(before.status);
  if (!to) throw new Refused(`Order ${orderCode} is ${before.status}: it has no next step.`);
  if (!before.nextStatuses.includes(to)) {
    throw new Refused(`Order ${orderCode} cannot move from ${before.status} to ${to}. ${before.nextStatuses.length ? `It may go to: ${before.nextStatuses.join(', ')}.` : 'It moves no further.'}`);
  }
  const after = await orders.move(orderCode, to);
  console.log(`Moved order ${orderCode}: ${before.status} → ${after.status}. ${describeOrder(after)}`);
}

runCommand(main, USAGE);
