/**
 * npm run retention -- dry-run [--at ISO] [--list N] | runs [--last N]
 *
 * The operator's view of the storage period (decision 071), read straight from the database the server
 * uses (DATA_DIR, DATABASE_URL): what the next daily run would remind, empty and confirm, without doing
 * any of it, and what the last runs did.
 */
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { runCommand, UsageError, wholeOption } from './command.js';
import { openServerDatabase } from './server-database.js';
import { planRun, type PlannedAction } from '../modules/retention/retention-plan.js';
import { retentionRepository } from '../modules/retention/retention.repository.js';
import { runDay } from '../modules/retention/retention-schedule.js';

const USAGE = `Usage: npm run retention -- <command>

  dry-run [--at ISO] [--list N]   what the next daily run would do (or a run at the moment ISO): the
                                  reminders it would send, the libraries it would empty, the last mails
                                  it owes; the first N of each are listed (default 20), all are counted
  runs [--last N]                 the last N daily runs (default 7) with where they got to and their counts`;

const DEFAULT_LIST = 20;
const DEFAULT_RUNS = 7;

/** The next run's moment: today's after its hour unless it has finished, else tomorrow's. */
async function nextRunAt(config: Config, finished: (day: string) => Promise<boolean>): Promise<Date> {
  const now = new Date();
  // A machine with runs off still shows what a run now would do.
  if (config.retentionRunHourUtc === null) return now;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), config.retentionRunHourUtc));
  if (now < today) return today;
  if (!(await finished(runDay(now)))) return now;
  return new Date(today.getTime() + 86_400_000);
}

function describe(a: PlannedAction): string {
  if (a.action === 'remind') return `  ${a.customerId}  ${a.email}  reminder ${a.stage} of 3, deletion on ${a.deletionAt.slice(0, 10)}`;
  if (a.action === 'empty') return `  ${a.customerId}  ${a.email}  library emptied (told ${a.deletionAt.slice(0, 10)})`;
  return `  ${a.customerId}  ${a.email}  the mail saying the library was emptied on ${a.emptiedAt.slice(0, 10)}`;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { at: { type: 'string' }, list: { type: 'string' }, last: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const [command, ...rest] = positionals;
  if (!command) throw new UsageError('Which command?');
  if (!['dry-run', 'runs'].includes(command)) throw new UsageError(`Unknown command "${command}"`);
  if (rest.length) throw new UsageError(`${command} takes no further words: ${rest.join(' ')}`);
  const at = values.at === undefined ? undefined : new Date(values.at);
  if (at && Number.isNaN(at.getTime())) throw new UsageError(`--at takes a date and time such as 2027-03-01T07:00:00Z, not "${values.at}"`);
  // Every word is checked before the database is opened, so that bad input is told as such wherever it runs.
  const list = wholeOption(values.list, { name: 'list', fallback: DEFAULT_LIST });
  const last = wholeOption(values.last, { name: 'last', fallback: DEFAULT_RUNS });

  const { config, db } = await openServerDatabase();
  try {
    const repo = retentionRepository(db);
    if (command === 'runs') {
      const runs = await repo.lastRuns(last);
      if (runs.length === 0) console.log('No storage period run has started yet.');
      for (const r of runs) {
        const state = r.finished_at ? `finished ${r.finished_at}` : `under way since ${r.started_at} (at customer ${r.cursor ?? 'none yet'})`;
        console.log(`${r.day}: ${state}; ${r.customers_seen} customers seen, ${r.reminded} reminded, ${r.emptied} libraries emptied (${r.photos_deleted} photos), ${r.reprieved} reprieved by an order, ${r.deferred} mails deferred`);
      }
      return;
    }
    const moment = at ?? (await nextRunAt(config, async (day) => Boolean((await repo.run(day))?.finished_at)));
    const planned = await planRun(repo, moment);
    console.log(`A run at ${moment.toISOString()} would (nothing is changed by this dry run):`);
    for (const [action, title] of [['remind', 'send reminders'], ['empty', 'empty libraries'], ['confirm', 'send the mail saying a library was emptied']] as const) {
      const of = planned.filter((p) => p.action === action);
      console.log(`${title}: ${of.length}`);
      for (const p of of.slice(0, list)) console.log(describe(p));
      if (of.length > list) console.log(`  … and ${of.length - list} more`);
    }
  } finally {
    await db.destroy();
  }
}

runCommand(main, USAGE);
