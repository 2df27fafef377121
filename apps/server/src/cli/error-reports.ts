/**
 * npm run error-reports -- [--last N] [--customer ID] [--json]
 *
 * The operator's view of the browser's error reports (decision 108), read straight from the database the
 * server uses (DATA_DIR, DATABASE_URL), newest first. With SENTRY_DSN set they go to Sentry instead.
 */
import { parseArgs } from 'node:util';
import { runCommand, UsageError, wholeOption } from './command.js';
import { openServerDatabase } from './server-database.js';
import { errorReportRepository } from '../modules/error-reports/error-report.repository.js';
import { errorReportService, ERROR_REPORTS_KEPT } from '../modules/error-reports/error-report.service.js';

const USAGE = `Usage: npm run error-reports -- [--last N] [--customer ID] [--json]

  --last N        the N newest reports (default 20, at most ${ERROR_REPORTS_KEPT})
  --customer ID   only those a signed-in customer's browser sent
  --json          one JSON object per line, for other tools`;

const DEFAULT_LAST = 20;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { last: { type: 'string' }, customer: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length) throw new UsageError(`error-reports takes no words: ${positionals.join(' ')}`);
  const last = wholeOption(values.last, { name: 'last', fallback: DEFAULT_LAST, min: 1, max: ERROR_REPORTS_KEPT });

  const { db } = await openServerDatabase();
  try {
    const reports = await errorReportService(errorReportRepository(db)).latest(last, values.customer);
    if (values.json) {
      for (const report of reports) console.log(JSON.stringify(report));
      return;
    }
    if (reports.length === 0) console.log('No error reports.');
    for (const r of reports) {
      const who = r.customerId ? `customer ${r.customerId}` : 'not signed in';
      const context = Object.entries(r.context).map(([key, value]) => `${key}=${value}`);
      console.log(`${r.receivedAt}  ${r.name ?? 'Error'}: ${r.message}`);
      console.log(`  ${[who, r.page && `page ${r.page}`, r.correlationId && `correlation ${r.correlationId}`, ...context].filter(Boolean).join(' · ')}`);
    }
  } finally {
    await db.destroy();
  }
}

runCommand(main, USAGE);
