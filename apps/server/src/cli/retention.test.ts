import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases.js';
import { DELETION_INFO_URL, insertPhotoRows, newCustomer } from '../test/photo-library.js';
import { startTestShoebox, type TestShoebox } from '../test/test-server.js';

/** The built command, as `npm run retention` runs it (npm test builds before it tests). */
const CLI = fileURLToPath(new URL('../../dist/cli/retention.js', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run retention -- …` as an operator would: with the settings given, and nothing else. */
function retention(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Each run is a Node process of its own. */
const CLI_TEST_TIMEOUT_MS = 30_000;
const USAGE_LINE = 'Usage: npm run retention -- <command>';
const DAY_MS = 86_400_000;

// The refusals are the command's own words, before any database is read.
describe('npm run retention refuses bad input', () => {
  let emptyDir: string;
  beforeAll(() => {
    emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-retention-cli-'));
  });
  afterAll(() => fs.rmSync(emptyDir, { recursive: true, force: true }));

  it('with the usage for a wrong command or option, and a plain sentence when there is no database', async () => {
    const env = { DATA_DIR: emptyDir };
    const runs = await Promise.all([
      retention(['purge'], env),
      retention(['dry-run', '--at', 'nonsense'], env),
      retention(['dry-run', '--list', '-1'], env),
      retention(['dry-run', '--list=-1'], env),
      retention(['runs', '--last=lots'], env),
      retention(['dry-run'], env),
    ]);
    expect(runs.map((r) => [r.code, r.stderr.trim().split('\n')[0]])).toEqual([
      [2, 'Unknown command "purge"'],
      [2, '--at takes a date and time such as 2027-03-01T07:00:00Z, not "nonsense"'],
      [2, "Option '--list' argument is ambiguous."],
      [2, '--list takes a whole number, not "-1"'],
      [2, '--last takes a whole number, not "lots"'],
      [1, `No database at ${path.join(emptyDir, 'shoebox.db')}: start the server once (npm start), or run this from the folder it runs in with its DATA_DIR / DATABASE_URL.`],
    ]);
    for (const r of runs.slice(0, 5)) expect(r.stderr).toContain(USAGE_LINE);
    // Nothing was made where there was nothing.
    expect(fs.readdirSync(emptyDir)).toEqual([]);
  }, CLI_TEST_TIMEOUT_MS);
});

describe.each(databases)('npm run retention -- dry-run against the database of a server on $name', (kind) => {
  let server: TestShoebox;
  beforeAll(async () => {
    if (!kind.available) return;
    server = await startTestShoebox(kind, { seed: false });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  const tables = ['customers', 'photos', 'orders', 'storage_periods', 'retention_runs', 'photo_month_counts'] as const;
  const snapshot = async () => {
    const rows = await Promise.all(tables.map((t) => server.db.selectFrom(t).selectAll().execute()));
    return Object.fromEntries(tables.map((t, i) => [t, rows[i]!.map((r) => JSON.stringify(r)).sort()]));
  };

  it.skipIf(!kind.available)('lists the customer to remind and the library to empty, and changes nothing', async () => {
    const toRemind = await newCustomer(server, { registeredAt: new Date(Date.now() - DAY_MS).toISOString() });
    await insertPhotoRows(server, toRemind.id, [{}, {}]);
    const toEmpty = await newCustomer(server, { registeredAt: new Date(Date.now() - 35 * DAY_MS).toISOString() });
    await insertPhotoRows(server, toEmpty.id, [{}]);
    const endOf = async (who: typeof toRemind) => (await server.app.inject({ url: DELETION_INFO_URL, headers: who.headers })).json<{ projectedDeletionDate: string }>().projectedDeletionDate;
    const [remindEnd, told] = [await endOf(toRemind), await endOf(toEmpty)];
    await server.db
      .insertInto('storage_periods')
      .values({ customer_id: toEmpty.id, period_end: told, deletion_at: told, reminders_sent: 3, reminded_at: new Date(Date.parse(told) - DAY_MS).toISOString() })
      .execute();
    // An hour into the UTC day of toRemind's first reminder, 30 days before its end's day (runs go by UTC days: an
    // hour after the end's own time of day is the next day when that time is past 23:00, and the told date moves);
    // toEmpty's told date is past.
    const at = new Date(Math.floor(Date.parse(remindEnd) / DAY_MS) * DAY_MS - 30 * DAY_MS + 3_600_000);
    expect(at.getTime()).toBeGreaterThan(Date.parse(told));
    const before = await snapshot();

    const dry = await retention(['dry-run', '--at', at.toISOString()], { DATABASE_URL: server.database.url, DATA_DIR: server.config.dataDir });

    expect(dry, dry.stderr).toMatchObject({ code: 0 });
    expect(dry.stdout).toContain(`A run at ${at.toISOString()} would (nothing is changed by this dry run):`);
    expect(dry.stdout).toContain(`send reminders: 1\n  ${toRemind.id}  ${toRemind.email}  reminder 1 of 3, deletion on ${remindEnd.slice(0, 10)}`);
    expect(dry.stdout).toContain(`empty libraries: 1\n  ${toEmpty.id}  ${toEmpty.email}  library emptied (told ${told.slice(0, 10)})`);
    expect(await snapshot()).toEqual(before);
  }, CLI_TEST_TIMEOUT_MS);
});
