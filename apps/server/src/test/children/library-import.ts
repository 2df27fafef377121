/**
 * A second server process for the library import crash test (modules/library-activation): it builds the server on the database and data
 * folder the test names (IMPORT_CHILD_ENV, JSON), activates the library of IMPORT_CHILD_CUSTOMER,
 * reports "started <true|false>" on stdout, and runs the import until it is killed. The server runs from
 * its build (hooks.mjs).
 */
import { createShoebox } from '../../app.js';
import { loadConfig } from '../../config.js';

const shoebox = await createShoebox(loadConfig(JSON.parse(process.env.IMPORT_CHILD_ENV ?? '') as Record<string, string>));
const customerId = process.env.IMPORT_CHILD_CUSTOMER ?? '';
const { started } = await shoebox.activation.start({ customerId, email: '', idpType: 'shoebox', idpSub: '', isBusiness: false });
process.stdout.write(`started ${started}\n`);
// The server's own timers never hold a process open; this one lives until it is killed.
setInterval(() => {}, 60_000);
