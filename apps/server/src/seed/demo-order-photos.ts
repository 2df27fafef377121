import type { Db } from '../platform/db/database.js';
import { bumpOrderHistory } from '../modules/orders/order.repository.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

/**
 * The demo orders were printed from their customer's photos: once the libraries are seeded, each demo
 * order's files are linked to photos of the account's own library (its newest, each order its own), so an
 * order shows what it was made of (decision 090). Only files not linked yet: running it again changes
 * nothing, and a library still empty (the older system's, until brought over) is left for a later run.
 */
export async function linkDemoOrderPhotos(db: Db): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const customer = await db.selectFrom('customers').select('id').where('email', '=', account.email).where('deleted_at', 'is', null).executeTakeFirst();
    if (!customer) continue;
    const files = await db
      .selectFrom('order_files as f')
      .innerJoin('orders as o', 'o.id', 'f.order_id')
      .select(['f.id', 'f.photo_id'])
      .where('o.customer_id', '=', customer.id)
      .where('o.id', 'like', 'demo-order-%')
      .orderBy('o.created_at', 'desc')
      .orderBy('f.position')
      .execute();
    const unlinked = files.filter((f) => f.photo_id === null);
    if (!unlinked.length) continue;
    const photos = await db.selectFrom('photos').select('id').where('customer_id', '=', customer.id).orderBy('uploaded_at', 'desc').orderBy('id').limit(files.length).execute();
    if (!photos.length) continue;
    await db.transaction().execute(async (trx) => {
      for (const [i, file] of files.entries()) {
        if (file.photo_id !== null) continue;
        await trx.updateTable('order_files').set({ photo_id: photos[i % photos.length]!.id }).where('id', '=', file.id).where('photo_id', 'is', null).execute();
      }
      // With the history's version, as every order write: a running server's kept answers move on.
      await bumpOrderHistory(trx, customer.id);
    });
  }
}
