import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Database } from '../../platform/db/schema.js';

/** What a kept order keeps of its delivery: the country (where the sale was taxed); names, street, town and phone go. */
const SCRUBBED_DELIVERY = {
  delivery_first_name: '',
  delivery_last_name: '',
  delivery_street: '',
  delivery_house_number: '',
  delivery_postal_code: '',
  delivery_city: '',
  delivery_phone: null,
  pickup_point: null,
  request_id: null,
} as const;

/**
 * The rows of one customer across the tables whose owners keep no deletion path of their own (decision
 * 066): each statement takes everything of the customer in that table and is harmless to repeat, so a
 * deletion that stopped anywhere simply runs again.
 */
export function accountDeletionRepository(db: Db) {
  return {
    /** Marks the customer deleted and records the pending deletion, in the caller's transaction; false for an unknown customer. */
    async mark(trx: Transaction<Database>, customerId: string, requestedAt: string): Promise<boolean> {
      const customer = await trx.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
      if (!customer) return false;
      await trx.updateTable('customers').set({ deleted_at: requestedAt }).where('id', '=', customerId).where('deleted_at', 'is', null).execute();
      await trx
        .insertInto('account_deletions')
        .values({ tombstone: randomUUID(), customer_id: customerId, requested_at: requestedAt, finished_at: null })
        .onConflict((oc) => oc.column('customer_id').doNothing())
        .execute();
      return true;
    },

    pending: (customerId: string) => db.selectFrom('account_deletions').select(['tombstone', 'customer_id', 'requested_at']).where('customer_id', '=', customerId).where('finished_at', 'is', null).executeTakeFirst(),

    byTombstone: (tombstone: string) => db.selectFrom('account_deletions').select(['tombstone', 'customer_id', 'requested_at']).where('tombstone', '=', tombstone).where('finished_at', 'is', null).executeTakeFirst(),

    unfinished: () => db.selectFrom('account_deletions').select(['tombstone', 'customer_id']).where('finished_at', 'is', null).execute(),

    email: async (customerId: string) => (await db.selectFrom('customers').select('email').where('id', '=', customerId).executeTakeFirst())?.email,

    ownAlbums: (customerId: string) => db.selectFrom('albums').select(['id', 'is_shared']).where('owner_id', '=', customerId).execute(),

    joinedAlbumIds: async (customerId: string) => (await db.selectFrom('album_participants').select('album_id').where('customer_id', '=', customerId).execute()).map((r) => r.album_id),

    uploadIds: async (customerId: string) => (await db.selectFrom('uploads').select('id').where('customer_id', '=', customerId).execute()).map((r) => r.id),

    /** Forgets photo files already removed, so the blob sweeper does not look for them again. */
    async blobDeletionsDone(prefixes: string[]) {
      if (prefixes.length) await db.deleteFrom('blob_deletions').where('prefix', 'in', prefixes).execute();
    },

    /** What is left of a library once its photos and their files are gone: counts, version, and the records of files under `photoRoot`. */
    async libraryLeftovers(customerId: string, photoRoot: string) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('photo_month_counts').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('photo_library_versions').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('photo_blob_intents').where('prefix', 'like', `${photoRoot}/%`).execute();
        await trx.deleteFrom('blob_deletions').where('prefix', 'like', `${photoRoot}/%`).execute();
      });
    },

    /** Uploads, downloads, exports, the older system's library, selections, projects: every row, in one transaction. */
    async libraryRecords(customerId: string) {
      await db.transaction().execute(async (trx) => {
        const downloads = (await trx.selectFrom('downloads').select('id').where('customer_id', '=', customerId).execute()).map((r) => r.id);
        const backups = (await trx.selectFrom('backups').select('id').where('customer_id', '=', customerId).execute()).map((r) => r.id);
        // Their jobs would only find nothing to do; the library import's payload names the customer.
        const jobIds = [...downloads, ...backups];
        await trx
          .deleteFrom('jobs')
          .where('state', '!=', 'running')
          .where((eb) => eb.or([...(jobIds.length ? [eb('id', 'in', jobIds)] : []), eb('payload', 'like', `%${customerId}%`)]))
          .execute();
        await trx.deleteFrom('uploads').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('unfinished_upload_totals').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('downloads').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('download_pending_totals').where('customer_id', '=', customerId).execute();
        if (backups.length) await trx.deleteFrom('backup_chunks').where('backup_id', 'in', backups).execute();
        await trx.deleteFrom('backups').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('legacy_photos').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('library_activations').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('temp_selections').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('temp_selection_turns').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('projects').where('customer_id', '=', customerId).execute();
      });
    },

    /** Sign-in records, email change and deletion requests, mailing lists that know the customer by email, and the sign-in provider's sessions, grants and tokens. */
    async signInRecords(customerId: string, email: string) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('login_attempts').where('key', '=', `email:${email}`).execute();
        await trx.deleteFrom('identity_requests').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('identity_request_counts').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('newsletter_subscriptions').where('email', '=', email).execute();
        await trx.deleteFrom('newsletter_requests').where('key', '=', `address:${email}`).execute();
        // A sign-up waiting for its confirmation under the customer's address holds a name and a password (decision 091).
        await trx.deleteFrom('account_registrations').where('email', '=', email).execute();
        // The provider keeps the account only inside its JSON payloads; a customer id is a uuid, so LIKE needs no escaping.
        const grants = await trx.selectFrom('oidc_models').select('id').where('model', '=', 'Grant').where('payload', 'like', `%${customerId}%`).execute();
        if (grants.length) await trx.deleteFrom('oidc_models').where('grant_id', 'in', grants.map((g) => g.id)).execute();
        await trx.deleteFrom('oidc_models').where('payload', 'like', `%${customerId}%`).execute();
      });
    },

    /**
     * Orders and invoices issued on or after `keepFrom` stay for the books under the tombstone, without
     * names, addresses, phone numbers or email; older ones, past their keeping time, go.
     */
    async detachOrders(customerId: string, tombstone: string, keepFrom: string) {
      await db.transaction().execute(async (trx) => {
        // Which photos each product printed names the customer's photos: it goes with every order, kept or not (decision 113).
        await trx.deleteFrom('order_product_photos').where('order_id', 'in', trx.selectFrom('orders').select('id').where('customer_id', '=', customerId)).execute();
        const expired = (await trx.selectFrom('orders').select('id').where('customer_id', '=', customerId).where('created_at', '<', keepFrom).execute()).map((r) => r.id);
        if (expired.length) {
          await trx.deleteFrom('order_files').where('order_id', 'in', expired).execute();
          await trx.deleteFrom('order_products').where('order_id', 'in', expired).execute();
          await trx.deleteFrom('orders').where('id', 'in', expired).execute();
        }
        const kept = trx.selectFrom('orders').select('id').where('customer_id', '=', customerId);
        // A file's name is the customer's own and its photo is gone; its size and place in the order stay.
        await trx.updateTable('order_files').set({ photo_id: null, file_name: '' }).where('order_id', 'in', kept).execute();
        await trx.updateTable('order_products').set({ customer_id: tombstone }).where('customer_id', '=', customerId).execute();
        await trx.updateTable('orders').set({ ...SCRUBBED_DELIVERY, customer_id: tombstone }).where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('order_history_versions').where('customer_id', '=', customerId).execute();

        const expiredInvoices = trx.selectFrom('historical_invoices').select('id').where('customer_id', '=', customerId).where('issued_at', '<', keepFrom);
        await trx.deleteFrom('historical_invoices').where('id', 'in', expiredInvoices).execute();
        const usedGroups = trx.selectFrom('historical_invoices').select('invoice_group_id').where('customer_id', '=', customerId).where('invoice_group_id', 'is not', null);
        await trx.deleteFrom('invoice_groups').where('customer_id', '=', customerId).where('id', 'not in', usedGroups.$narrowType<{ invoice_group_id: string }>()).execute();
        for (const table of ['historical_invoices', 'invoice_groups'] as const) {
          const rows = await trx.selectFrom(table).select(['id', 'billed_to']).where('customer_id', '=', customerId).execute();
          for (const row of rows) await trx.updateTable(table).set({ customer_id: tombstone, billed_to: businessOnly(row.billed_to) }).where('id', '=', row.id).execute();
        }
      });
    },

    /** Whether anything the library holds is still there: an upload that was being stored when the deletion began. */
    async libraryEmpty(customerId: string): Promise<boolean> {
      const photo = await db.selectFrom('photos').select('id').where('customer_id', '=', customerId).limit(1).executeTakeFirst();
      const upload = await db.selectFrom('uploads').select('id').where('customer_id', '=', customerId).limit(1).executeTakeFirst();
      return !photo && !upload;
    },

    /** The last step: the sign-in identities and the customer go, and the deletion keeps only its tombstone and when it ended. */
    async finish(tombstone: string, customerId: string, at: string) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('identities').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('customers').where('id', '=', customerId).execute();
        await trx.updateTable('account_deletions').set({ customer_id: null, finished_at: at }).where('tombstone', '=', tombstone).execute();
      });
    },
  };
}
export type AccountDeletionRepository = ReturnType<typeof accountDeletionRepository>;

/** Whom an invoice was billed to, as the law keeps it (decision 066): the business and its VAT number; the contact person and email go. */
function businessOnly(billedTo: string): string {
  const { company = null, vat = null } = JSON.parse(billedTo) as { company?: string | null; vat?: string | null };
  return JSON.stringify({ company, vat });
}
