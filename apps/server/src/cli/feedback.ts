/**
 * npm run feedback -- [--last N] [--channel CHANNEL] [--json]
 *
 * Customers' feedback from the account area's widget (decision 109), read straight from the database the
 * server uses (DATA_DIR, DATABASE_URL), newest first, with the average rating of what is shown.
 */
import { parseArgs } from 'node:util';
import { findChannel } from '@shoebox/contracts';
import { runCommand, UsageError, wholeOption } from './command.js';
import { openServerDatabase } from './server-database.js';
import { feedbackRepository } from '../modules/feedback/feedback.repository.js';
import { feedbackOf } from '../modules/feedback/feedback.service.js';

const MAX_LAST = 10_000;
const DEFAULT_LAST = 20;
const USAGE = `Usage: npm run feedback -- [--last N] [--channel CHANNEL] [--json]

  --last N            the N newest (default ${DEFAULT_LAST}, at most ${MAX_LAST})
  --channel CHANNEL   only one storefront's (its host or channel code, e.g. www.printhaven.nl)
  --json              one JSON object per line, for other tools`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { last: { type: 'string' }, channel: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length) throw new UsageError(`feedback takes no words: ${positionals.join(' ')}`);
  const last = wholeOption(values.last, { name: 'last', fallback: DEFAULT_LAST, min: 1, max: MAX_LAST });
  const channel = values.channel === undefined ? undefined : findChannel(values.channel)?.code;
  if (values.channel !== undefined && !channel) throw new UsageError(`"${values.channel}" is not a storefront's host or channel code`);

  const { db } = await openServerDatabase();
  try {
    const given = (await feedbackRepository(db).latest(last, channel)).map(feedbackOf);
    if (values.json) {
      for (const feedback of given) console.log(JSON.stringify(feedback));
      return;
    }
    if (given.length === 0) {
      console.log('No feedback yet.');
      return;
    }
    const average = given.reduce((sum, f) => sum + f.rating, 0) / given.length;
    console.log(`${given.length} shown, average rating ${average.toFixed(1)} of 5`);
    for (const f of given) {
      console.log(`${f.receivedAt}  ${'★'.repeat(f.rating)}${'☆'.repeat(5 - f.rating)}  ${f.channel}  ${f.page}  customer ${f.customerId}`);
      for (const line of (f.comment ?? '').split('\n').filter(Boolean)) console.log(`  ${line}`);
    }
  } finally {
    await db.destroy();
  }
}

runCommand(main, USAGE);
