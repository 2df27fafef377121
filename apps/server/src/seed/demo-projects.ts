import { createHash } from 'node:crypto';
import { PRINT_SIZES, PRINTS_AUTOSELECT_PRODUCT } from '@shoebox/contracts';
import type { Db } from '../platform/db/database.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

/** Saved projects per consumer demo account; Emma has more than one page of 10, so the list pages. */
export const DEMO_PROJECT_COUNTS: Record<string, number> = {
  'emma@example.com': 13,
  'lars@example.com': 3,
  'sofia@example.com': 3,
  'ines@example.com': 3,
};

const TITLES = ['Summer in Lisbon', 'Grandma’s 80th', 'Beach weekend', 'First day of school', 'Christmas cards', 'Garden in bloom', 'Ski trip favourites', 'Road trip', 'Birthday party', 'Autumn walk', 'Wedding day', 'City break', 'New puppy'];
/** Photos in each demo project, taken from the customer's newest. */
const PHOTOS_PER_PROJECT = 3;

/** The same id for the same account and project on every start, so seeding twice is seeding once. */
function demoProjectId(customerId: string, index: number): string {
  const hex = createHash('sha256').update(`demo-project:${customerId}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Gives every consumer demo account a few prints projects, saved over the last weeks, made of its own
 * photos as the embedded prints editor saves them (decision 058): run after the demo photos, so they
 * are there to be continued, and shown with their first photo as the cover. A project the customer
 * deleted stays deleted unless all of theirs are. Projects seeded while the account had no photos yet
 * (a library seeded later, or brought from the older system since) get them, cover included, on a later
 * run, as long as the customer never saved them again.
 */
export async function seedDemoProjects(db: Db, now = Date.now()): Promise<void> {
  for (const account of DEMO_ACCOUNTS.filter((a) => !a.business)) {
    const count = DEMO_PROJECT_COUNTS[account.email] ?? 0;
    const customer = await db.selectFrom('customers').select(['id', 'channel']).where('email', '=', account.email).where('deleted_at', 'is', null).executeTakeFirst();
    if (!customer || count === 0) continue;
    const photos = await db
      .selectFrom('photos')
      .select('id')
      .where('customer_id', '=', customer.id)
      .orderBy('uploaded_at', 'desc')
      .orderBy('id')
      .limit(count * PHOTOS_PER_PROJECT)
      .execute();
    const rows = Array.from({ length: count }, (_, i) => {
      const savedAt = new Date(now - (i * 3 + 1) * 86_400_000 - i * 3_600_000).toISOString();
      // Each project its own photos; a library smaller than the projects need is gone round again, so every project has a cover.
      const mine = Array.from({ length: Math.min(PHOTOS_PER_PROJECT, photos.length) }, (_, n) => photos[(i * PHOTOS_PER_PROJECT + n) % photos.length]!);
      const lines = mine.map((p, n) => ({ photoId: p.id, size: PRINT_SIZES[(i + n) % PRINT_SIZES.length], quantity: 1 + ((i + n) % 3) }));
      const id = demoProjectId(customer.id, i);
      return {
        id,
        customer_id: customer.id,
        name: TITLES[i % TITLES.length]!,
        product_code: PRINTS_AUTOSELECT_PRODUCT,
        channel: customer.channel,
        page_count: Math.max(1, lines.length),
        thumbnail_photo_id: mine[0]?.id ?? null,
        // The embedded editor's own state: the selection it was made from (long expired, so the editor makes a new one of the same photos) and its lines.
        editor_state: JSON.stringify({ tempSelectionId: `demo-${id}`, lines }),
        created_at: new Date(Date.parse(savedAt) - 2 * 86_400_000).toISOString(),
        updated_at: savedAt,
        version: 1,
      };
    });
    const has = await db.selectFrom('projects').select('id').where('customer_id', '=', customer.id).limit(1).executeTakeFirst();
    if (!has) {
      await db.insertInto('projects').values(rows).onConflict((oc) => oc.column('id').doNothing()).execute();
      continue;
    }
    for (const row of rows.filter((r) => r.thumbnail_photo_id !== null)) {
      await db
        .updateTable('projects')
        .set({ thumbnail_photo_id: row.thumbnail_photo_id, page_count: row.page_count, editor_state: row.editor_state })
        .where('id', '=', row.id)
        .where('customer_id', '=', customer.id)
        .where('thumbnail_photo_id', 'is', null)
        .where('version', '=', 1)
        .execute();
    }
  }
}
