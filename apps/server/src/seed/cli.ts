/**
 * npm run seed -- --photos-per-customer 100000 --total 1000000 [--without-files] [--data-dir DIR] [--database-url URL] [--force] [--json]
 *
 * Builds (or reuses) a big photo library for benchmarks; see seed-library.ts. Without --data-dir the
 * library is cached under .tmp/bench-library/, keyed by the parameters, the migrations and the
 * seeding code, and only the newest one is kept there.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, runCommand, UsageError } from './cli-usage.js';
import { defaultLibraryDir, seedLibrary } from './seed-library.js';

const USAGE = `Usage: npm run seed -- --photos-per-customer N --total N [--without-files] [--data-dir DIR] [--database-url URL] [--force] [--json]

  --photos-per-customer N  photos of the bench customer (bench@example.com, password shoebox-demo)
  --total N                photos in the whole database; other customers own the rest
  --without-files          the rows only: the photos have no files (their thumbnails answer not found)
  --data-dir DIR           where to build it (default: a cache under .tmp/bench-library/)
  --database-url URL       postgres://… or a SQLite file (default DIR/shoebox.db)
  --force                  replace whatever DIR holds
  --json                   print the library's manifest as JSON on stdout`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'photos-per-customer': { type: 'string' },
      total: { type: 'string' },
      'without-files': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const photosPerCustomer = count('photos-per-customer', values['photos-per-customer']);
  const total = count('total', values.total);
  if (total < photosPerCustomer) throw new UsageError('--total must be at least --photos-per-customer');

  const cached = values['data-dir'] === undefined;
  const files = !values['without-files'];
  const dataDir = cached ? defaultLibraryDir(photosPerCustomer, total, files) : path.resolve(values['data-dir']!);
  const result = await seedLibrary({
    photosPerCustomer,
    total,
    files,
    dataDir,
    ...(values['database-url'] ? { databaseUrl: values['database-url'] } : {}),
    // The cache folder is ours: an entry with another key is simply rebuilt.
    force: values.force || cached,
    pruneSiblings: cached,
    log: (message) => console.error(`seed: ${message}`),
  });

  if (values.json) {
    console.log(JSON.stringify(result));
    return;
  }
  const how = result.reused ? `Reused (built in ${result.seedSeconds.toFixed(1)} s)` : `Built in ${result.seedSeconds.toFixed(1)} s`;
  console.log(
    [
      `${how}: ${result.photos.total.toLocaleString('en')} photos of ${result.photos.customers} customers in ${result.dataDir}`,
      `  ${result.account.email} (password ${result.account.password}) owns ${result.photos.bench.toLocaleString('en')} photos over ${result.photos.benchMonths} months, ${result.photos.benchUndated.toLocaleString('en')} without a date`,
      `  start a server on it: DATA_DIR=${result.dataDir}${values['database-url'] ? ` DATABASE_URL=${result.database.kind === 'sqlite' ? result.database.file : '…'}` : ''} SEED_DEMO_DATA=false npm start`,
    ].join('\n'),
  );
}

runCommand(main, USAGE);
