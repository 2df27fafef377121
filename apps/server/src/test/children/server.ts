/**
 * A server process of its own, for the tests that kill it with -9 or read what it logs: it builds the
 * server on the database and data folder the test names (SERVER_CHILD_ENV, JSON, as an operator's
 * environment), listens on a free loopback port and reports "listening <port>" on stdout, then serves until
 * it is stopped. The server runs from its build (hooks.mjs); its log, when LOG_LEVEL asks for one, follows
 * on stdout as the production server writes it.
 */
import type { AddressInfo } from 'node:net';
import { createShoebox } from '../../app.js';
import { loadConfig } from '../../config.js';

const shoebox = await createShoebox(loadConfig(JSON.parse(process.env.SERVER_CHILD_ENV ?? '') as Record<string, string>));
await shoebox.app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${(shoebox.app.server.address() as AddressInfo).port}\n`);
