import { randomUUID } from 'node:crypto';
import { apiErrorSchema, downloadCreatedSchema, MAX_PHOTOS_PER_DOWNLOAD, signedUrlSchema, type PushMessage } from '@shoebox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadCalls, downloadRow, downloadSetups, useDownloadServer, insertDownloadRow } from '../../test/downloads.js';
import { insertPhotoRows, newCustomer, PHOTOS_API, storePhotos } from '../../test/photo-library.js';
import { waitForCondition } from '../../test/wait.js';
import { downloadRepository } from './download.repository.js';
import { MAX_KEPT_ARCHIVE_BYTES, MAX_LIVE_DOWNLOADS, MAX_PENDING_DOWNLOADS, PENDING_DOWNLOADS_RETRY_AFTER_SECONDS } from './download.service.js';

describe.each(downloadSetups)('asking for a zip of own photos on $name', (setup) => {
  const server = useDownloadServer(setup);
  const calls = downloadCalls(server);
  const events: { userId: string; message: PushMessage }[] = [];
  let unsubscribe: (() => void) | undefined;
  beforeAll(() => {
    if (setup.kind.available) unsubscribe = server().events.subscribe((userId, message) => events.push({ userId, message }));
  });
  afterAll(() => unsubscribe?.());

  const rowsOf = (customerId: string) => server().db.selectFrom('downloads').selectAll().where('customer_id', '=', customerId).execute();
  const eventsFor = (downloadId: string) => events.filter((e) => 'key' in e.message && e.message.message.downloadId === downloadId).map((e) => ('key' in e.message ? e.message.key : ''));

  /** The push messages come through the event bus, after the archive is ready; a second archive's would follow within the pause. */
  const eventsSettled = async (downloadId: string) => {
    await waitForCondition(() => expect(eventsFor(downloadId)).toContain('archive.generation.finished'));
    await new Promise((resolve) => setTimeout(resolve, 300));
  };

  it('answers 202 with the id, name and photos asked for; the same request again answers the same archive and makes it once', async () => {
    const me = await newCustomer(server());
    const photos = await storePhotos(server(), me.id, [{}, {}]);
    const body = { id: randomUUID(), name: 'Summer', photos: photos.map((p) => p.photoId).reverse() };

    const first = await calls.post(me, body);
    expect(first.statusCode).toBe(202);
    expect(downloadCreatedSchema.parse(first.json())).toEqual({ id: body.id, name: 'Summer', photos: body.photos });
    const again = await calls.post(me, body);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());

    expect(await calls.settled(me, body.id)).toMatchObject({ id: body.id, name: 'Summer', photosCount: 2, state: 'ready' });
    // Asked for after it was made: still the same archive, not a second one.
    expect((await calls.post(me, body)).json()).toEqual(first.json());
    expect(await rowsOf(me.id)).toHaveLength(1);
    await eventsSettled(body.id);
    expect(eventsFor(body.id)).toEqual(['archive.generation.started', 'archive.generation.finished']);
  });

  it('identical requests at once make one archive and one job', async () => {
    const me = await newCustomer(server());
    const photos = await storePhotos(server(), me.id, [{}, {}, {}]);
    const body = { id: randomUUID(), photos: photos.map((p) => p.photoId) };

    const answers = await Promise.all(Array.from({ length: 8 }, () => calls.post(me, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(202));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await rowsOf(me.id)).toHaveLength(1);
    expect(await calls.settled(me, body.id)).toMatchObject({ state: 'ready', photosCount: 3 });
    await eventsSettled(body.id);
    expect(eventsFor(body.id)).toEqual(['archive.generation.started', 'archive.generation.finished']);
  });

  it('refuses another customer’s photo, an unknown and a deleted one with a 404 that names none, and makes nothing', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const [mine, gone] = await insertPhotoRows(server(), me.id, [{}, {}]);
    const [theirs] = await insertPhotoRows(server(), other.id, [{}]);
    const deleted = await server().app.inject({ method: 'DELETE', url: `${PHOTOS_API}/photos/${gone!.id}`, headers: me.headers });
    expect(deleted.statusCode).toBe(204);

    for (const stranger of [theirs!.id, randomUUID(), gone!.id]) {
      const response = await calls.post(me, { id: randomUUID(), photos: [mine!.id, stranger] });
      expect(response.statusCode).toBe(404);
      const error = apiErrorSchema.parse(response.json());
      expect(error).toMatchObject({ status: 404, error: 'not_found' });
      expect(response.body).not.toContain(stranger);
    }
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it('refuses an empty list, more than 100 photos, a photo listed twice, a bad id or name with 400, and makes nothing', async () => {
    const me = await newCustomer(server());
    const rows = await insertPhotoRows(server(), me.id, Array.from({ length: MAX_PHOTOS_PER_DOWNLOAD + 1 }, () => ({})));
    const ids = rows.map((r) => r.id);
    const bodies = [
      { id: randomUUID(), photos: [] },
      { id: randomUUID(), photos: ids },
      { id: randomUUID(), photos: [ids[0], ids[1], ids[0]] },
      { id: 'not-a-uuid', photos: [ids[0]] },
      { photos: [ids[0]] },
      { id: randomUUID(), name: '', photos: [ids[0]] },
      { id: randomUUID(), name: 'x'.repeat(500), photos: [ids[0]] },
      { id: randomUUID(), photos: 'all' },
    ];
    for (const body of bodies) {
      const response = await calls.post(me, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(apiErrorSchema.parse(response.json()).issues?.length).toBeGreaterThan(0);
    }
    // Exactly the limit is fine.
    expect((await calls.post(me, { id: randomUUID(), photos: ids.slice(0, MAX_PHOTOS_PER_DOWNLOAD) })).statusCode).toBe(202);
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it('the same id with other photos, or an id another customer used: 409 that says nothing of the archive', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const [a, b] = await insertPhotoRows(server(), me.id, [{}, {}]);
    const [theirs] = await insertPhotoRows(server(), other.id, [{}]);
    const id = randomUUID();
    expect((await calls.post(other, { id, name: 'Private name', photos: [theirs!.id] })).statusCode).toBe(202);

    const stolen = await calls.post(me, { id, photos: [a!.id] });
    expect(stolen.statusCode).toBe(409);
    expect(apiErrorSchema.parse(stolen.json()).error).toBe('download_id_in_use');
    expect(stolen.body).not.toContain('Private name');
    expect(stolen.body).not.toContain(theirs!.id);

    const mine = randomUUID();
    expect((await calls.post(me, { id: mine, photos: [a!.id] })).statusCode).toBe(202);
    const changed = await calls.post(me, { id: mine, photos: [a!.id, b!.id] });
    expect(changed.statusCode).toBe(409);
    expect(apiErrorSchema.parse(changed.json()).error).toBe('download_id_in_use');
    expect((await rowsOf(me.id)).map((r) => JSON.parse(r.photos))).toEqual([[{ photoId: a!.id, ownerId: me.id }]]);
  });

  it(`refuses a further archive while ${MAX_PENDING_DOWNLOADS} are in the making with 429 and Retry-After, and makes nothing`, async () => {
    const me = await newCustomer(server());
    const [photo] = await insertPhotoRows(server(), me.id, [{}]);
    // Archives in the making whose jobs never run: they hold their places.
    for (let i = 0; i < MAX_PENDING_DOWNLOADS; i++) await insertDownloadRow(server(), me.id);
    await server().db.insertInto('download_pending_totals').values({ customer_id: me.id, pending: MAX_PENDING_DOWNLOADS }).execute();

    const response = await calls.post(me, { id: randomUUID(), photos: [photo!.id] });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe(String(PENDING_DOWNLOADS_RETRY_AFTER_SECONDS));
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ error: 'too_many_pending_downloads', params: { limit: MAX_PENDING_DOWNLOADS } });
    expect(await rowsOf(me.id)).toHaveLength(MAX_PENDING_DOWNLOADS);
  });

  it('refuses a further archive while the customer keeps the most archives at once with 429, and makes nothing; one past its time frees a place', async () => {
    const me = await newCustomer(server());
    const [photo] = await insertPhotoRows(server(), me.id, [{}]);
    // Finished archives still offered: made one after another, each freeing its place in the making.
    const now = Date.now();
    const kept = [];
    for (let i = 0; i < MAX_LIVE_DOWNLOADS; i++) {
      kept.push(await insertDownloadRow(server(), me.id, { state: 'ready', size: 1, finished_at: new Date(now).toISOString(), expires_at: new Date(now + 60 * 60_000).toISOString() }));
    }
    await insertDownloadRow(server(), me.id, { state: 'failed', error: 'archive_failed', finished_at: new Date(now).toISOString() });

    const refused = await calls.post(me, { id: randomUUID(), photos: [photo!.id] });
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({ error: 'too_many_downloads', params: { limit: MAX_LIVE_DOWNLOADS } });
    expect(await rowsOf(me.id)).toHaveLength(MAX_LIVE_DOWNLOADS + 1);

    await server().db.updateTable('downloads').set({ expires_at: new Date(now - 1).toISOString() }).where('id', '=', kept[0]!.id).execute();
    expect((await calls.post(me, { id: randomUUID(), photos: [photo!.id] })).statusCode).toBe(202);
  });

  it('answers a selection asked again under a new id with its live archive, in any order, and makes it once', async () => {
    const me = await newCustomer(server());
    const [a, b, c] = await insertPhotoRows(server(), me.id, [{}, {}, {}]);
    const first = await calls.post(me, { id: randomUUID(), name: 'Summer', photos: [a!.id, b!.id] });
    expect(first.statusCode).toBe(202);
    const again = await calls.post(me, { id: randomUUID(), photos: [b!.id, a!.id] });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    // Another selection is another archive.
    expect((await calls.post(me, { id: randomUUID(), photos: [a!.id, b!.id, c!.id] })).json().id).not.toBe(first.json().id);
    expect(await rowsOf(me.id)).toHaveLength(2);
    // Once it has expired, or failed, the selection makes a new one.
    await server().db.updateTable('downloads').set({ state: 'failed', error: 'archive_failed' }).where('id', '=', first.json().id).execute();
    await server().db.updateTable('download_pending_totals').set({ pending: 0 }).where('customer_id', '=', me.id).execute();
    const fresh = await calls.post(me, { id: randomUUID(), photos: [a!.id, b!.id] });
    expect(fresh.json().id).not.toBe(first.json().id);
  });

  it('refuses an archive that would take the bytes kept past their cap with 429, counting originals before they are made; one past its time frees them', async () => {
    const me = await newCustomer(server());
    const [photo] = await insertPhotoRows(server(), me.id, [{}]);
    const now = Date.now();
    const made = await insertDownloadRow(server(), me.id, { state: 'ready', size: MAX_KEPT_ARCHIVE_BYTES / 2, expires_at: new Date(now + 60 * 60_000).toISOString() });
    // One in the making counts by its originals.
    await insertDownloadRow(server(), me.id, { planned_bytes: MAX_KEPT_ARCHIVE_BYTES / 2 - 500 });

    const refused = await calls.post(me, { id: randomUUID(), photos: [photo!.id] });
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({ error: 'downloads_too_large', params: { maxBytes: MAX_KEPT_ARCHIVE_BYTES } });
    expect(await rowsOf(me.id)).toHaveLength(2);

    await server().db.updateTable('downloads').set({ expires_at: new Date(now - 1).toISOString() }).where('id', '=', made.id).execute();
    expect((await calls.post(me, { id: randomUUID(), photos: [photo!.id] })).statusCode).toBe(202);
  });

  it('the cap on the bytes kept holds when many archives are asked for at once', async () => {
    const me = await newCustomer(server());
    const repo = downloadRepository(server().db);
    const caps = { pending: 100, kept: 100, bytes: 4_000 };
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => repo.create(downloadRow(me.id, { planned_bytes: 1_000 }), caps)));
    expect(outcomes.filter((o) => o.created)).toHaveLength(4);
    expect(outcomes.filter((o) => 'full' in o && o.full === 'bytes')).toHaveLength(8);
    expect(await rowsOf(me.id)).toHaveLength(4);
  });

  it('identical selections asked for at once under different ids make one archive', async () => {
    const me = await newCustomer(server());
    const repo = downloadRepository(server().db);
    const refs = [{ photoId: randomUUID(), ownerId: me.id }];
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => repo.create(downloadRow(me.id, { refs }), { pending: 100, kept: 100, bytes: Infinity })));
    expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    expect(outcomes.filter((o) => 'identical' in o)).toHaveLength(7);
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it('the cap on archives in the making holds when many are asked for at once', async () => {
    const me = await newCustomer(server());
    const repo = downloadRepository(server().db);
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => repo.create(downloadRow(me.id), { pending: 3, kept: Infinity, bytes: Infinity })));
    expect(outcomes.filter((o) => o.created)).toHaveLength(3);
    expect(outcomes.filter((o) => 'full' in o)).toHaveLength(9);
    expect(await rowsOf(me.id)).toHaveLength(3);
    // Finishing one frees one place, once.
    const [first] = await rowsOf(me.id);
    expect(await repo.markReady(first!.id, { size: 1, leftOut: 0, finishedAt: new Date().toISOString(), expiresAt: new Date().toISOString() })).toBe(true);
    expect(await repo.markFailed(first!.id, 'archive_failed', new Date().toISOString())).toBe(false);
    const after = await Promise.all(Array.from({ length: 4 }, () => repo.create(downloadRow(me.id), { pending: 3, kept: Infinity, bytes: Infinity })));
    expect(after.filter((o) => o.created)).toHaveLength(1);
  });

  it('lists only the caller’s archives, newest first, an archive past its time as expired', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const hour = 60 * 60 * 1000;
    const t = (ago: number) => new Date(Date.now() - ago * hour).toISOString();
    const expired = await insertDownloadRow(server(), me.id, { state: 'ready', size: 1234, created_at: t(80), finished_at: t(80), expires_at: t(8) });
    const failed = await insertDownloadRow(server(), me.id, { state: 'failed', error: 'photos_missing', created_at: t(3), finished_at: t(3) });
    const ready = await insertDownloadRow(server(), me.id, {
      name: 'Holiday',
      state: 'ready',
      size: 3_000_000_000,
      photos_count: 3,
      left_out: 1,
      created_at: t(2),
      finished_at: t(2),
      expires_at: t(-70),
    });
    const pending = await insertDownloadRow(server(), me.id, { created_at: t(1) });
    await insertDownloadRow(server(), other.id);

    expect(await calls.items(me)).toEqual([
      { id: pending.id, name: null, photosCount: 1, size: null, state: 'pending', created: pending.created_at, expires: null, error: null },
      { id: ready.id, name: 'Holiday', photosCount: 2, size: 3_000_000_000, state: 'ready', created: ready.created_at, expires: ready.expires_at, error: null },
      { id: failed.id, name: null, photosCount: 1, size: null, state: 'failed', created: failed.created_at, expires: null, error: 'photos_missing' },
      { id: expired.id, name: null, photosCount: 1, size: 1234, state: 'expired', created: expired.created_at, expires: expired.expires_at, error: null },
    ]);
  });

  it('gives a link only to the caller’s finished archive while it lasts: 409 while it is made, 404 otherwise', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const hour = 60 * 60 * 1000;
    const ready = await insertDownloadRow(server(), me.id, { state: 'ready', size: 22, expires_at: new Date(Date.now() + hour).toISOString() });
    const lapsed = await insertDownloadRow(server(), me.id, { state: 'ready', size: 22, expires_at: new Date(Date.now() - 1000).toISOString() });
    const swept = await insertDownloadRow(server(), me.id, { state: 'expired', size: 22, expires_at: new Date(Date.now() - hour).toISOString() });
    const failed = await insertDownloadRow(server(), me.id, { state: 'failed', error: 'archive_failed' });
    const pending = await insertDownloadRow(server(), me.id);

    const link = await calls.url(me, ready.id);
    expect(link.statusCode).toBe(200);
    const url = new URL(signedUrlSchema.parse(link.json()).url);
    expect(url.pathname).toContain(`archives/${me.id}/${ready.id}.zip`);
    expect(url.searchParams.get('d')).toBe(`${ready.id}.zip`);

    expect((await calls.url(other, ready.id)).statusCode).toBe(404);
    for (const id of [lapsed.id, swept.id, failed.id, randomUUID()]) {
      const response = await calls.url(me, id);
      expect(response.statusCode).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error).toBe('not_found');
    }
    const notYet = await calls.url(me, pending.id);
    expect(notYet.statusCode).toBe(409);
    expect(apiErrorSchema.parse(notYet.json()).error).toBe('download_not_ready');
    expect((await calls.url(me, 'not-a-uuid')).statusCode).toBe(400);
  });
});
