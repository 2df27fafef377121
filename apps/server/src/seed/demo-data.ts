import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Shoebox } from '../app.js';
import type { Config } from '../config.js';
import { underClusterLease } from '../platform/db/cluster-lease.js';
import type { Db } from '../platform/db/database.js';
import { DEMO_ACCOUNTS, seedDemoAccounts, type DemoAccount } from './demo-accounts.js';
import { seedDemoCampaigns } from './demo-campaigns.js';
import { seedDemoInvoices } from './demo-invoices.js';
import { seedDemoLegacyLibrary } from './demo-legacy-library.js';
import { linkDemoOrderPhotos } from './demo-order-photos.js';
import { seedDemoProjects } from './demo-projects.js';
import { seedDemoWidgets } from './demo-widgets.js';

/**
 * The demo world, part one: the accounts and what they have before anyone signs in (the vouchers their orders
 * carry, invoices, the older system's photos). Every step is idempotent: a restart finds its work done. Machines
 * of one cluster starting together take turns (decision 096): each step checks, then writes.
 */
export async function seedDemoAccountsAndRecords(shoebox: Shoebox): Promise<DemoAccount[]> {
  return underClusterLease(shoebox.db, 'demo-accounts', async () => {
    const accounts = await seedDemoAccounts(shoebox.db);
    await seedDemoCampaigns(shoebox.db);
    await seedDemoInvoices(shoebox.db);
    await seedDemoLegacyLibrary(shoebox.db, shoebox.activation);
    return accounts;
  });
}

/**
 * Whether part one has run on this database before: its accounts are made one after another, so the last one
 * there means all are. One query, where part one itself is some forty.
 */
export async function demoAccountsMade(db: Db): Promise<boolean> {
  const last = DEMO_ACCOUNTS[DEMO_ACCOUNTS.length - 1]!;
  return (await db.selectFrom('identities').select('customer_id').where('email', '=', last.email).executeTakeFirst()) !== undefined;
}

/** How long after the server is ready the demo's background work begins (decision 118). */
const DEMO_BACKGROUND_DELAY_MS = 1_000;

/**
 * The demo world at a start (decision 118): the accounts are made before the server answers when they are not there
 * yet, so signing in works once it is ready. Answers what to call once it answers: a moment later (SQLite's work holds
 * the event loop, and the first requests come first) it tops up the accounts when they were there already, then fills
 * the photo libraries. Each failure is logged as it fails.
 */
export async function seedDemoBeforeReady(shoebox: Shoebox, config: Config): Promise<() => void> {
  const made = await demoAccountsMade(shoebox.db);
  if (!made) await seedDemoAccountsAndRecords(shoebox);
  const afterReady = async () => {
    if (made) await seedDemoAccountsAndRecords(shoebox).catch((err: unknown) => shoebox.app.log.error({ err }, 'Topping up the demo accounts failed'));
    await seedDemoLibraries(shoebox, config, shoebox.app.log).catch(() => {});
  };
  return () => void setTimeout(() => void afterReady(), DEMO_BACKGROUND_DELAY_MS).unref();
}

/**
 * Part two, minutes of image work: the photo libraries through the real ingest, then the orders, projects and
 * photo books made of those photos. A failed step is logged and the next still tried; the promise rejects at the end
 * naming every failed step. A restart part-way continues where it stopped. One machine of a cluster does it
 * (decision 096): the others wait their turn and find it done, or take it over from a machine that stopped.
 */
export async function seedDemoLibraries(shoebox: Shoebox, config: Config, log: FastifyBaseLogger): Promise<void> {
  await underClusterLease(shoebox.db, 'demo-libraries', () => seedDemoLibrariesNow(shoebox, config, log));
}

async function seedDemoLibrariesNow(shoebox: Shoebox, config: Config, log: FastifyBaseLogger): Promise<void> {
  const steps: [string, () => Promise<void>][] = [
    ['photos', async () => (await import('./demo-photos.js')).seedDemoPhotos(shoebox.db, shoebox.uploads, log, path.join(config.dataDir, 'demo-seed'))],
    ['order photos', () => linkDemoOrderPhotos(shoebox.db)],
    ['projects', () => seedDemoProjects(shoebox.db)],
    ['photo books', () => seedDemoWidgets(shoebox.db)],
  ];
  const failed: string[] = [];
  for (const [what, step] of steps) {
    try {
      await step();
    } catch (err) {
      failed.push(what);
      log.error({ err }, `Seeding demo ${what} failed`);
    }
  }
  if (failed.length) throw new Error(`Seeding the demo ${failed.join(', ')} failed`);
}
