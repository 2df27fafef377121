import { ConfigError, loadConfig, type Config } from './config.js';
import { createShoebox, type Shoebox } from './app.js';
import { DEMO_ACCOUNTS, DEMO_LIBRARY_OWNER, DEMO_PASSWORD } from './seed/demo-accounts.js';
import { demoAccountsMade, seedDemoAccountsAndRecords, seedDemoLibraries } from './seed/demo-data.js';

/** How long after the server is ready the demo's background work begins (decision 118). */
const DEMO_BACKGROUND_DELAY_MS = 1_000;

/** Tops up the demo accounts when they were made before, then fills the photo libraries; each failure is logged as it fails. */
async function seedDemoInBackground(shoebox: Shoebox, config: Config, topUp: boolean): Promise<void> {
  try {
    if (topUp) await seedDemoAccountsAndRecords(shoebox);
  } catch (err) {
    shoebox.app.log.error({ err }, 'Topping up the demo accounts failed');
  }
  await seedDemoLibraries(shoebox, config, shoebox.app.log).catch(() => {});
}

async function main(): Promise<void> {
  const config = loadConfig();
  const shoebox = await createShoebox(config);
  // The demo accounts are made before the server answers, so signing in works once it is ready; on a restart they
  // exist, and topping up what a newer build adds to them waits until after (decision 118).
  const demoMade = config.seedDemoData && (await demoAccountsMade(shoebox.db));
  if (config.seedDemoData && !demoMade) await seedDemoAccountsAndRecords(shoebox);
  const demo = config.seedDemoData ? DEMO_ACCOUNTS : [];
  await shoebox.app.listen({ host: config.host, port: config.port });

  const lines = [
    '',
    // From the process's start, module loading included: what a restart costs an operator.
    `Shoebox is ready at ${config.publicUrl} (${Math.round(performance.now())} ms after the process started)`,
    `  database: ${config.database.kind}, sign-in: ${config.auth.kind}`,
  ];
  if (demo.length) {
    lines.push(`  demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const a of demo) lines.push(`    ${a.email.padEnd(20)} ${a.description}`);
  }
  if (demo.length) lines.push(`  ${DEMO_LIBRARY_OWNER}'s photo library is filled in the background on first start.`);
  console.log(lines.join('\n') + '\n');
  // Each failed step is logged as it fails.
  // Begun a moment after the server answers: SQLite's work holds the event loop, and the first requests come first.
  if (demo.length) setTimeout(() => void seedDemoInBackground(shoebox, config, demoMade), DEMO_BACKGROUND_DELAY_MS).unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    shoebox.app.log.info({ signal }, 'Shutting down');
    await shoebox.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
