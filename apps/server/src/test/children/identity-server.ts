/**
 * A server process for the kill -9 test of the email change and deletion confirmations
 * (modules/identity-requests): it builds the server on the database and data folder the test names
 * (IDENTITY_CHILD_ENV, JSON), listens on a free loopback port and reports "listening <port>" on stdout,
 * then serves until it is killed. The server runs from its build (hooks.mjs).
 */
import type { AddressInfo } from 'node:net';
import { createShoebox } from '../../app.js';
import { loadConfig } from '../../config.js';

const shoebox = await createShoebox(loadConfig(JSON.parse(process.env.IDENTITY_CHILD_ENV ?? '') as Record<string, string>));
await shoebox.app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${(shoebox.app.server.address() as AddressInfo).port}\n`);
