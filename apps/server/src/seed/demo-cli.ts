/**
 * npm run seed:demo
 *
 * Makes the whole demo world on the database and data folder the environment names (DATA_DIR, DATABASE_URL,
 * … as `npm start` reads them) and exits once every account, photo, project and photo book is there, where a
 * server seeds its photos in the background after it starts. A folder made this way starts a server that
 * has everything at once: the end-to-end tests copy one per server, and a cluster seeds once for all.
 */
import { createShoebox } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { seedDemoAccountsAndRecords, seedDemoLibraries } from './demo-data.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const shoebox = await createShoebox(config);
  try {
    await seedDemoAccountsAndRecords(shoebox);
    await seedDemoLibraries(shoebox, config, shoebox.app.log);
  } finally {
    await shoebox.close();
  }
  console.log(`The demo data is ready in ${config.dataDir} (${Math.round(performance.now() - startedAt)} ms)`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
