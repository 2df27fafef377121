import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SERVICE_BASE_PATHS } from '@shoebox/contracts';
import type { Db } from '../../platform/db/database.js';
import { databases } from '../../test/databases.js';
import { newCustomer, storePhotos, useLibraryServer, type TestCustomer } from '../../test/photo-library.js';
import { blobDirOf, type TestShoebox } from '../../test/test-server.js';
import { identityRepository } from '../identities/identity.repository.js';

/** Tables that hold nothing of any one customer: every other table must be seeded below, and emptied of the customer by a deletion. */
const NO_CUSTOMER_DATA = new Set([
  'secrets',
  'campaigns',
  'campaign_offers',
  'article_groups',
  'back_office_auth_failures',
  'kysely_migration',
  'kysely_migration_lock',
  // Order codes kept out of the gallery: an order code names an order, which the books keep under its tombstone.
  'blocked_orders',
  // A storage period run keeps only counts and its place in the order of customer ids, a position that names nobody once the customer is gone (decision 071).
  'retention_runs',
  // Addresses mailed at somebody else's request, as hashes with no customer id, forgotten a day after the last mail (decision 076).
  'mail_recipients',
  'mail_recipient_sends',
  // The cluster's machines: their leases and their settings' digests (decisions 096, 097).
  'cluster_leases',
  'cluster_instances',
  // Error reports counted per client address and for the whole service, in one-minute windows (decision 108).
  'error_report_counts',
]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (msAgo = 0) => new Date(Date.now() - msAgo).toISOString();

async function tableNames(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.filter((t) => !t.isView).map((t) => t.name).sort();
}

/** Every row of every table, as JSON text per table. */
async function everyRow(db: Db): Promise<Map<string, string[]>> {
  const rows = new Map<string, string[]>();
  for (const table of await tableNames(db)) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    rows.set(table, result.rows.map((r) => JSON.stringify(r)));
  }
  return rows;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}

/** The customer's data in every table there is, with bytes in the blob store and the upload folder; answers every id it made. */
async function seedEverything(server: TestShoebox, customer: TestCustomer): Promise<string[]> {
  const { db } = server;
  const blobDir = blobDirOf(server);
  const putBlob = (key: string) => {
    fs.mkdirSync(path.dirname(path.join(blobDir, key)), { recursive: true });
    fs.writeFileSync(path.join(blobDir, key), `bytes of ${key}`);
  };
  const cid = customer.id;
  const photos = await storePhotos(server, cid, [{ width: 64, height: 48 }, { width: 72, height: 54 }, { width: 80, height: 60 }]);
  const photoIds = photos.map((p) => p.photoId);
  const [albumId, sharedAlbumId, uploadId, downloadId, backupId, legacyId, orderId, oldOrderId, projectId, invoiceGroupId, invoiceId, selectionId] = Array.from({ length: 12 }, () => randomUUID());
  const strayIntent = `photos/${cid}/${randomUUID()}`;
  putBlob(`${strayIntent}/original.jpg`);
  await db.insertInto('photo_blob_intents').values({ prefix: strayIntent, started_at: iso() }).execute();

  await db.insertInto('albums').values([
    { id: albumId, owner_id: cid, name: 'Holidays', is_shared: 0, created_at: iso(), updated_at: iso() },
    { id: sharedAlbumId, owner_id: cid, name: 'Family', is_shared: 1, created_at: iso(), updated_at: iso() },
  ]).execute();
  await db.insertInto('album_photos').values(photoIds.slice(0, 2).map((photoId, i) => ({ album_id: albumId, photo_id: photoId, photo_owner_id: cid, added_at: iso(), added_order: i + 1 }))).execute();
  await db.insertInto('album_photos').values({ album_id: sharedAlbumId, photo_id: photoIds[2]!, photo_owner_id: cid, added_at: iso(), added_order: 1 }).execute();

  const uploadsDir = server.config.uploadsDir;
  fs.writeFileSync(path.join(uploadsDir, uploadId), 'half an upload');
  fs.writeFileSync(path.join(uploadsDir, `${uploadId}.json`), JSON.stringify({ id: uploadId, size: 100, offset: 14, metadata: {} }));
  await db.insertInto('uploads').values({ id: uploadId, customer_id: cid, file_name: 'beach.jpg', album_id: albumId, status: 'receiving', photo_id: null, error: null, created_at: iso(), finished_at: null, declared_bytes: 100, duplicate: 0, machine_id: null }).execute();
  await db.insertInto('unfinished_upload_totals').values({ customer_id: cid, uploads: 1, bytes: 100 }).execute();

  putBlob(`archives/${cid}/${downloadId}.zip`);
  await db.insertInto('downloads').values({ id: downloadId, customer_id: cid, name: 'Holidays', photos: JSON.stringify(photoIds.map((photoId) => ({ photoId, ownerId: cid }))), photos_count: 3, state: 'ready', size: 10, left_out: 0, error: null, created_at: iso(), finished_at: iso(), expires_at: iso(-DAY_MS) }).execute();
  await db.insertInto('download_pending_totals').values({ customer_id: cid, pending: 0 }).execute();
  // A job of the customer's that has not run yet: it must not run for an account that is gone.
  await db.insertInto('jobs').values({ kind: 'download.archive', id: downloadId, payload: JSON.stringify({ downloadId }), state: 'queued', attempts: 0, run_after: '2999-01-01T00:00:00.000Z', lease_owner: null, lease_until: null, last_error: null, created_at: iso(), updated_at: iso() }).execute();

  putBlob(`exports/${cid}/${backupId}/1.zip`);
  await db.insertInto('backups').values({ id: backupId, customer_id: cid, status: 'processed', requested_at: iso(), processed_at: iso(), email: customer.email, locale: 'en-GB', chunks_done: 1, resume_after: null, photos_count: 3, skipped_photos: 0, mail_sent_at: iso(), error: null, library_version: null }).execute();
  await db.insertInto('backup_chunks').values({ id: randomUUID(), backup_id: backupId, iteration: 1, blob_key: `exports/${cid}/${backupId}/1.zip`, size: 10, photos: 3 }).execute();

  putBlob(`legacy-photos/${cid}/${legacyId}/original`);
  await db.insertInto('library_activations').values({ customer_id: cid, status: 'NOT_ACTIVE', import_id: null, started_at: null, finished_at: null }).execute();
  await db.insertInto('legacy_photos').values({ id: legacyId, customer_id: cid, file_name: 'old.jpg', uploaded_at: iso(), bytes: 10, state: 'pending', photo_id: null, failure: null, done_at: null }).execute();

  await db.insertInto('temp_selections').values({ id: selectionId, customer_id: cid, photo_ids: JSON.stringify(photoIds), channel: 'www.printhaven.co.uk', created_at: iso(), expires_at: iso(-DAY_MS) }).execute();
  await db.insertInto('temp_selection_turns').values({ customer_id: cid, last_created_at: iso() }).execute();

  await db.insertInto('projects').values({ id: projectId, customer_id: cid, name: 'Our book', created_at: iso(), updated_at: iso(), thumbnail_photo_id: photoIds[0]! }).execute();

  const order = (id: string, createdAt: string) => ({
    id,
    customer_id: cid,
    order_code: `SO-${id.slice(0, 8)}`,
    status: 'Delivered',
    created_at: createdAt,
    delivery_first_name: 'Test',
    delivery_last_name: 'Customer',
    delivery_street: 'Acacia Avenue',
    delivery_house_number: '22',
    delivery_postal_code: 'AB1 2CD',
    delivery_city: 'Leeds',
    delivery_country_code: 'GB',
    delivery_phone: '+44 113 496 0000',
    pickup_point: JSON.stringify({ name: 'Corner shop', address: 'Acacia Avenue 1' }),
    request_id: randomUUID(),
  });
  await db.insertInto('orders').values([order(orderId, iso(400 * DAY_MS)), order(oldOrderId, iso(12 * 366 * DAY_MS))]).execute();
  await db.insertInto('order_products').values([orderId, oldOrderId].map((id, i) => ({ code: `P-${id.slice(0, 8)}`, order_id: id, customer_id: cid, position: i, status: 'Delivered', created_at: iso(), payment_changed_at: null, title: 'Prints', product_type: 'prints', article_name: 'print-10x15', quantity: 3, price_amount: 300, voucher_code: null, voucher_title: null, voucher_discount_amount: null }))).execute();
  await db.insertInto('order_files').values({ id: randomUUID(), order_id: orderId, position: 0, photo_id: photoIds[0]!, file_name: `${customer.email}-beach.jpg`, bytes: 10, uploaded_at: iso() }).execute();
  await db.insertInto('order_history_versions').values({ customer_id: cid, version: 3 }).execute();
  // Which photo the product printed, and its print file (decision 113).
  await db.insertInto('order_product_photos').values({ product_code: `P-${orderId.slice(0, 8)}`, position: 0, order_id: orderId, photo_id: photoIds[0]!, copies: 3 }).execute();
  const printFileId = randomUUID();
  putBlob(`product-files/${cid}/${printFileId}.pdf`);
  await db.insertInto('product_files').values({ id: printFileId, product_code: `P-${orderId.slice(0, 8)}`, purpose: 'product.pdf', customer_id: cid, state: 'ready', created_at: iso(), finished_at: iso(), bytes: 10, pages: 1, left_out: 0, failure: null }).execute();

  const billedTo = JSON.stringify({ company: 'Test Ltd', vat: 'GB123456789', name: 'Test Customer', email: customer.email });
  await db.insertInto('invoice_groups').values({ id: invoiceGroupId, customer_id: cid, invoice_number: `G-${invoiceGroupId.slice(0, 6)}`, channel: 'www.printhaven.co.uk', issued_at: iso(400 * DAY_MS), billed_to: billedTo }).execute();
  await db.insertInto('historical_invoices').values({ id: invoiceId, customer_id: cid, invoice_group_id: invoiceGroupId, invoice_number: `I-${invoiceId.slice(0, 6)}`, order_code: `SO-${orderId.slice(0, 8)}`, channel: 'www.printhaven.co.uk', currency: 'GBP', issued_at: iso(400 * DAY_MS), lines: '[]', total_excl_vat: 250, vat: 50, total_incl_vat: 300, billed_to: billedTo }).execute();

  await db.insertInto('newsletter_subscriptions').values({ email: customer.email, channel: 'www.printhaven.co.uk', token_hash: randomUUID(), requested_at: iso(), expires_at: iso(-DAY_MS), confirmed_at: iso() }).execute();
  await db.insertInto('newsletter_requests').values({ key: `address:${customer.email}`, window_start: iso(), count: 1 }).execute();
  await db.insertInto('login_attempts').values({ key: `email:${customer.email}`, window_started_at: iso(), failures: 2 }).execute();
  const grantId = randomUUID();
  await db.insertInto('oidc_models').values([
    { model: 'Session', id: randomUUID(), payload: JSON.stringify({ accountId: cid }), grant_id: null, user_code: null, uid: randomUUID(), expires_at: iso(-DAY_MS), consumed_at: null },
    { model: 'Grant', id: grantId, payload: JSON.stringify({ accountId: cid, clientId: 'shoebox-web' }), grant_id: null, user_code: null, uid: null, expires_at: iso(-DAY_MS), consumed_at: null },
    { model: 'RefreshToken', id: randomUUID(), payload: JSON.stringify({ accountId: cid, grantId }), grant_id: grantId, user_code: null, uid: null, expires_at: iso(-DAY_MS), consumed_at: null },
  ]).execute();

  await db.insertInto('customer_addresses').values({ id: randomUUID(), customer_id: cid, first_name: 'Test', last_name: 'Customer', street: 'Acacia Avenue', house_number: '22', postal_code: 'AB1 2CD', city: 'Leeds', country_code: 'GB', phone: null, is_default: 1, created_at: iso() }).execute();
  await db.insertInto('customer_payment_methods').values({ customer_id: cid, kind: 'card', brand: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2030, holder: 'Test Customer', masked_email: null, updated_at: iso() }).execute();
  await db.insertInto('identity_requests').values({ id: randomUUID(), customer_id: cid, kind: 'email_change', token_hash: randomUUID(), new_email: `new-${customer.email}`, channel: 'www.printhaven.co.uk', created_at: iso(), expires_at: iso(-DAY_MS), closed_at: null, mailed_at: iso() }).execute();
  await db.insertInto('identity_request_counts').values({ customer_id: cid, kind: 'account_deletion', window_start: iso(), count: 1 }).execute();
  await db.insertInto('account_registrations').values({ id: randomUUID(), email: customer.email, first_name: 'Test', last_name: 'Customer', password_hash: 'hash', channel: 'www.printhaven.co.uk', token_hash: randomUUID(), created_at: iso(), expires_at: iso(-DAY_MS), closed_at: null }).execute();
  const widgetId = randomUUID();
  await db.insertInto('widgets').values({ id: widgetId, customer_id: cid, product_code: `SO-${orderId.slice(0, 8)}`, product_type: 'photobook', title: 'Our book', cover_photo_id: photoIds[0]!, created_at: iso(), updated_at: iso() }).execute();
  await db.insertInto('widget_pages').values({ widget_id: widgetId, position: 0, caption: 'Beach', photo_ids: JSON.stringify(photoIds) }).execute();
  await db.insertInto('widget_shares').values({ id: randomUUID(), widget_id: widgetId, customer_id: cid, token_hash: randomUUID(), vendor_id: 'printhaven', sender_name: 'Test', personal_message: 'Look', recipient_email: 'friend@example.com', created_at: iso(), expires_at: iso(-DAY_MS), sent_at: iso() }).execute();
  await db.insertInto('widget_share_counts').values({ customer_id: cid, window_start: iso(), count: 1 }).execute();
  await db.insertInto('storage_periods').values({ customer_id: cid, period_end: iso(), deletion_at: iso(), reminders_sent: 1, reminded_at: iso() }).execute();
  await db.insertInto('error_reports').values({ id: randomUUID(), received_at: iso(), customer_id: cid, message: 'Failed to fetch', name: 'TypeError', correlation_id: null, page: `/my-photos/photo/${photoIds[0]}`, context: '{}' }).execute();
  await db.insertInto('feedback').values({ id: randomUUID(), customer_id: cid, channel: 'www.printhaven.co.uk', received_at: iso(), rating: 4, comment: 'Lovely', page: `/my-photos/photo/${photoIds[0]}` }).execute();
  await db.insertInto('feedback_counts').values({ customer_id: cid, day: iso().slice(0, 10), count: 1 }).execute();
  await db.insertInto('gallery_entries').values({ id: randomUUID(), widget_id: widgetId, customer_id: cid, category_id: 'family', title: 'Our book', channel: 'www.printhaven.co.uk', created_at: iso(), updated_at: iso() }).execute();

  return [cid, customer.email, ...photoIds, albumId, sharedAlbumId, uploadId, downloadId, backupId, legacyId, projectId, selectionId];
}

async function untilFinished(server: TestShoebox, customerId: string, timeoutMs = 60_000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(50)) {
    const left = await server.db.selectFrom('account_deletions').select('finished_at').where('customer_id', '=', customerId).executeTakeFirst();
    const customer = await server.db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
    if (!left && !customer) return;
  }
  const job = await server.db.selectFrom('jobs').select(['state', 'attempts', 'last_error']).where('kind', '=', 'account.delete').orderBy('updated_at', 'desc').executeTakeFirst();
  throw new Error(`The deletion of ${customerId} did not finish within ${timeoutMs} ms; its job: ${JSON.stringify(job)}`);
}

const mentioning = (rows: string[], ids: string[]) => rows.filter((row) => ids.some((id) => row.includes(id)));

describe.each(databases)('account deletion on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('takes every table\'s rows, blobs and upload files of the customer, keeps the orders and invoices the law needs without any personal data, and leaves another customer as they were', async () => {
    const leaving = await newCustomer(server());
    const staying = await newCustomer(server());
    const leavingIds = await seedEverything(server(), leaving);
    const stayingIds = await seedEverything(server(), staying);
    const { db } = server();
    // Shared albums across the two: the leaver's album the stayer takes part in (and added a photo to), and the other way round.
    const [leaverShared, stayerShared] = [leavingIds[6]!, stayingIds[6]!];
    const [leaverPhoto, stayerPhoto] = [leavingIds[2]!, stayingIds[2]!];
    await db.insertInto('album_participants').values([
      { album_id: leaverShared, customer_id: staying.id, joined_at: iso() },
      { album_id: stayerShared, customer_id: leaving.id, joined_at: iso() },
    ]).execute();
    await db.insertInto('album_photos').values([
      { album_id: leaverShared, photo_id: stayerPhoto, photo_owner_id: staying.id, added_at: iso(), added_order: 2 },
      { album_id: stayerShared, photo_id: leaverPhoto, photo_owner_id: leaving.id, added_at: iso(), added_order: 2 },
    ]).execute();

    await db.transaction().execute((trx) => server().accountDeletions.markInTransaction(trx, leaving.id, iso()));
    // At once, before the job has run: the account is gone to the customer and to sign-in.
    const me = await server().app.inject({ method: 'GET', url: `${SERVICE_BASE_PATHS.customers}/customers/me`, headers: leaving.headers });
    expect(me.statusCode).toBe(404);
    expect(await identityRepository(db).findByEmail(leaving.email)).toBeUndefined();

    // The blob sweeper takes these within seconds: written just before they are looked for.
    await db.insertInto('blob_deletions').values({ prefix: `photos/${leaving.id}/${randomUUID()}`, requested_at: iso() }).execute();
    // Every table that can hold a customer's data holds some of this one's: a table added later and not seeded here fails.
    const before = await everyRow(db);
    const unseeded = [...before].filter(([table, rows]) => !NO_CUSTOMER_DATA.has(table) && mentioning(rows, leavingIds).length === 0).map(([t]) => t);
    expect(unseeded).toEqual([]);
    const blobDir = blobDirOf(server());
    const stayerFilesBefore = filesUnder(blobDir).filter((f) => f.includes(staying.id));
    // The stayer's shared album loses its only participant, and is then the stayer's own again, as when a participant leaves it.
    const ownAgain = (row: string) => (row.includes(`"id":"${stayerShared}"`) ? row.replace('"is_shared":1', '"is_shared":0') : row);
    const stayerRowsBefore = new Map([...before].map(([table, rows]) => [table, mentioning(rows, stayingIds).filter((row) => mentioning([row], leavingIds).length === 0).map(ownAgain)]));

    await server().accountDeletions.start(leaving.id);
    await untilFinished(server(), leaving.id);

    const after = await everyRow(db);
    const left = [...after].flatMap(([table, rows]) => mentioning(rows, leavingIds).map((row) => `${table}: ${row}`));
    expect(left).toEqual([]);
    expect(filesUnder(blobDir).filter((f) => f.includes(leaving.id))).toEqual([]);
    expect(filesUnder(server().config.uploadsDir).filter((f) => f.includes(leavingIds[7]!))).toEqual([]);

    // Kept for the books under a tombstone: the recent order and invoice, scrubbed; the order past the keeping time is gone.
    const tombstone = await db.selectFrom('account_deletions').selectAll().where('finished_at', 'is not', null).where('requested_at', '<=', iso()).orderBy('finished_at', 'desc').executeTakeFirstOrThrow();
    expect(tombstone.customer_id).toBeNull();
    const kept = await db.selectFrom('orders').selectAll().where('customer_id', '=', tombstone.tombstone).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ delivery_first_name: '', delivery_last_name: '', delivery_street: '', delivery_house_number: '', delivery_phone: null, pickup_point: null, delivery_country_code: 'GB', total_amount: expect.any(Number) });
    const invoices = await db.selectFrom('historical_invoices').selectAll().where('customer_id', '=', tombstone.tombstone).execute();
    expect(invoices).toHaveLength(1);
    expect(JSON.parse(invoices[0]!.billed_to)).toEqual({ company: 'Test Ltd', vat: 'GB123456789' });

    // The stayer: everything as it was, but for the leaver's shared album, which ended for them; their photo stays in their library.
    const stayerRowsAfter = new Map([...after].map(([table, rows]) => [table, mentioning(rows, stayingIds)]));
    for (const [table, rows] of stayerRowsBefore) expect(stayerRowsAfter.get(table)?.sort(), table).toEqual(rows.sort());
    expect(filesUnder(blobDir).filter((f) => f.includes(staying.id))).toEqual(stayerFilesBefore);
    expect(await db.selectFrom('photos').select('id').where('id', '=', stayerPhoto).executeTakeFirst()).toBeDefined();
    expect(await db.selectFrom('albums').select('id').where('id', '=', leaverShared).executeTakeFirst()).toBeUndefined();
    const me2 = await server().app.inject({ method: 'GET', url: `${SERVICE_BASE_PATHS.customers}/customers/me`, headers: staying.headers });
    expect(me2.statusCode).toBe(200);
  }, 120_000);

  it('marks once: a second confirmation of the same account changes nothing, and a restart finds an unfinished deletion and ends it', async () => {
    const leaving = await newCustomer(server());
    await storePhotos(server(), leaving.id, [{ width: 64, height: 48 }]);
    const { db } = server();
    await db.transaction().execute((trx) => server().accountDeletions.markInTransaction(trx, leaving.id, iso()));
    const first = await db.selectFrom('account_deletions').selectAll().where('customer_id', '=', leaving.id).executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => server().accountDeletions.markInTransaction(trx, leaving.id, iso(-1000)));
    expect(await db.selectFrom('account_deletions').selectAll().where('customer_id', '=', leaving.id).execute()).toEqual([first]);
    // Not started (the process stopped between the confirmation's commit and the enqueue): the periodic pass finds it.
    await server().accountDeletions.resumeUnfinished();
    await untilFinished(server(), leaving.id);
  }, 60_000);

  it('answers an unknown customer\'s mark without marking anything', async () => {
    const { db } = server();
    const unknown = randomUUID();
    await db.transaction().execute((trx) => server().accountDeletions.markInTransaction(trx, unknown, iso()));
    expect(await db.selectFrom('account_deletions').selectAll().where('customer_id', '=', unknown).execute()).toEqual([]);
  });
});

