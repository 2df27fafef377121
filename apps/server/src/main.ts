import { ConfigError, loadConfig } from './config.js';
import { createShoebox } from './app.js';
import { DEMO_ACCOUNTS, DEMO_LIBRARY_OWNER, DEMO_PASSWORD } from './seed/demo-accounts.js';
import { seedDemoBeforeReady } from './seed/demo-data.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const shoebox = await createShoebox(config);
  const seedDemoAfterReady = config.seedDemoData ? await seedDemoBeforeReady(shoebox, config) : undefined;
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
  seedDemoAfterReady?.();

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
