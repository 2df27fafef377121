/**
 * A server process for the account deletion kill test (modules/account-deletion): it builds the server on
 * the database and data folder the test names (DELETION_CHILD_ENV, JSON), confirms the deletion of
 * DELETION_CHILD_CUSTOMER as the confirmation link does (mark in a transaction, then start), reports
 * "started" on stdout, and deletes until it is killed. The server runs from its build (hooks.mjs).
 */
import { createShoebox } from '../../app.js';
import { loadConfig } from '../../config.js';

const shoebox = await createShoebox(loadConfig(JSON.parse(process.env.DELETION_CHILD_ENV ?? '') as Record<string, string>));
const customerId = process.env.DELETION_CHILD_CUSTOMER ?? '';
await shoebox.db.transaction().execute((trx) => shoebox.accountDeletions.markInTransaction(trx, customerId, new Date().toISOString()));
await shoebox.accountDeletions.start(customerId);
process.stdout.write('started\n');
// The server's own timers never hold a process open; this one lives until it is killed.
setInterval(() => {}, 60_000);
