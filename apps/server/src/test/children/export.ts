/**
 * A second process for the export tests: it makes exports from the queue the test names
 * (EXPORT_CHILD_SETUP, JSON), reports "started <backupId>" on stdout when it takes one, and runs until
 * it is killed. The server runs from its build (hooks.mjs).
 */
import { startExportWorker, type ExportWorkerSetup } from '../export-worker.js';

const setup = JSON.parse(process.env.EXPORT_CHILD_SETUP ?? '') as ExportWorkerSetup;
await startExportWorker(setup, (backupId) => process.stdout.write(`started ${backupId}\n`));
// The queue's own timers never hold a process open; this one lives until it is killed.
setInterval(() => {}, 60_000);
