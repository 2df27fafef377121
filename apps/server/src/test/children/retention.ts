/**
 * A server process for the storage period kill test (modules/retention): it builds the server on the
 * database and data folder the test names (RETENTION_CHILD_ENV, JSON), whose start enqueues and begins the
 * day's run, reports "started" on stdout, and works until it is killed. The server runs from its build (hooks.mjs).
 */
import { createShoebox } from '../../app.js';
import { loadConfig } from '../../config.js';

await createShoebox(loadConfig(JSON.parse(process.env.RETENTION_CHILD_ENV ?? '') as Record<string, string>));
process.stdout.write('started\n');
// The server's own timers never hold a process open; this one lives until it is killed.
setInterval(() => {}, 60_000);
