import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { createShoebox } from './app.js';
import { DEMO_PASSWORD, seedDemoAccounts } from './seed/demo-accounts.js';
import { seedDemoCampaigns } from './seed/demo-campaigns.js';
import { seedDemoInvoices } from './seed/demo-invoices.js';
import { DEMO_LIBRARY_OWNER, seedDemoPhotos } from './seed/demo-photos.js';
import { seedDemoLegacyLibrary } from './seed/demo-legacy-library.js';
import { seedDemoProjects } from './seed/demo-projects.js';
import { seedDemoWidgets } from './seed/demo-widgets.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const shoebox = await createShoebox(config);
  const demo = config.seedDemoData ? await seedDemoAccounts(shoebox.db) : [];
  // Before anyone signs in: demo orders carry these vouchers.
  if (config.seedDemoData) await seedDemoCampaigns(shoebox.db);
  if (demo.length) await seedDemoInvoices(shoebox.db);
  // A handful of small files: the account from the older system has them before anyone can sign in.
  if (demo.length) await seedDemoLegacyLibrary(shoebox.db, shoebox.activation);
  await shoebox.app.listen({ host: config.host, port: config.port });

  const lines = [
    '',
    `Shoebox is ready at ${config.publicUrl} (${Math.round(performance.now() - startedAt)} ms)`,
    `  database: ${config.database.kind}, sign-in: ${config.auth.kind}`,
  ];
  if (demo.length) {
    lines.push(`  demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const a of demo) lines.push(`    ${a.email.padEnd(20)} ${a.description}`);
  }
  if (demo.length) lines.push(`  ${DEMO_LIBRARY_OWNER}'s photo library is filled in the background on first start.`);
  console.log(lines.join('\n') + '\n');
  if (demo.length) {
    // The demo projects and photo books are made of the customers' photos, so they follow them.
    seedDemoPhotos(shoebox.db, shoebox.uploads, shoebox.app.log, path.join(config.dataDir, 'demo-seed'))
      .catch((err: unknown) => shoebox.app.log.error({ err }, 'Seeding demo photos failed'))
      .then(() => seedDemoProjects(shoebox.db))
      .catch((err: unknown) => shoebox.app.log.error({ err }, 'Seeding demo projects failed'))
      .then(() => seedDemoWidgets(shoebox.db))
      .catch((err: unknown) => shoebox.app.log.error({ err }, 'Seeding demo photo books failed'));
  }

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
