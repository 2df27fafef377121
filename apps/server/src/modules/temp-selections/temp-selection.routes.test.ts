import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  CHANNEL_ID_MISSING_MESSAGE,
  MAX_LIVE_TEMP_SELECTIONS,
  TEMP_SELECTION_MAX_PHOTOS,
  TEMP_SELECTION_VALID_HOURS,
  tempSelectionCreatedSchema,
  tempSelectionSchema,
} from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { insertPhotoRows, newCustomer, PHOTOS_API, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import { AppError } from '../../platform/http/errors.js';
import { tempSelectionRepository } from './temp-selection.repository.js';

const URL = `${PHOTOS_API}/temp-selections`;
const CHANNEL = 'www.printhaven.co.uk';
const HOUR_MS = 60 * 60 * 1000;

describe.each(databases)('temporary selections on $name', (kind) => {
  const server = useLibraryServer(kind);

  const post = (who: TestCustomer, payload: unknown) => server().app.inject({ method: 'POST', url: URL, headers: who.headers, payload: payload as object });
  const get = (who: TestCustomer, id: string) => server().app.inject({ url: `${URL}/${encodeURIComponent(id)}`, headers: who.headers });
  const rowsOf = (customerId: string) => server().db.selectFrom('temp_selections').selectAll().where('customer_id', '=', customerId).execute();
  const photoIdsOf = async (who: TestCustomer, n: number) => (await insertPhotoRows(server(), who.id, Array.from({ length: n }, () => ({})))).map((r) => r.id);
  const expectRefused = (response: { statusCode: number; json(): unknown; headers: Record<string, unknown> }, status: number) => {
    expect(response.statusCode).toBe(status);
    return apiErrorSchema.parse(response.json());
  };
  /** Moves a selection's end into the past, as if its time had run out. */
  const expire = (id: string) => server().db.updateTable('temp_selections').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();

  it('makes a selection of own photos that its owner reads back in the order chosen, on the channel given', async () => {
    const me = await newCustomer(server());
    const photoIds = (await photoIdsOf(me, 3)).reverse();

    const created = await post(me, { photoIds, channel: CHANNEL });
    expect(created.statusCode).toBe(201);
    const { tempSelectionId } = tempSelectionCreatedSchema.parse(created.json());

    const read = await get(me, tempSelectionId);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    const selection = tempSelectionSchema.parse(read.json());
    expect(selection).toMatchObject({ tempSelectionId, photoIds, channel: CHANNEL });
    expect(Date.parse(selection.expiresAt) - Date.parse(selection.createdAt)).toBe(TEMP_SELECTION_VALID_HOURS * HOUR_MS);
    expect(Math.abs(Date.parse(selection.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it('keeps a storefront known by its host under its channel code', async () => {
    const me = await newCustomer(server());
    const created = await post(me, { photoIds: await photoIdsOf(me, 1), channel: 'www.printhaven.se' });
    const { tempSelectionId } = tempSelectionCreatedSchema.parse(created.json());
    expect(tempSelectionSchema.parse((await get(me, tempSelectionId)).json()).channel).toBe('www.printhaven-nordic.se');
  });

  it("refuses no channel or an unknown one with 'Unable to extract channel ID!' and makes nothing", async () => {
    const me = await newCustomer(server());
    const photoIds = await photoIdsOf(me, 1);
    for (const payload of [{ photoIds }, { photoIds, channel: '' }, { photoIds, channel: 'www.nowhere.example' }]) {
      const error = expectRefused(await post(me, payload), 400);
      expect(error).toMatchObject({ status: 400, error: 'bad_request', message: CHANNEL_ID_MISSING_MESSAGE });
      expect(error.issues?.map((i) => i.path)).toEqual(['channel']);
    }
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it('refuses another customer’s photo, an unknown and a deleted one with a 404 that names none, and makes nothing', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const [mine, gone] = await photoIdsOf(me, 2);
    const [theirs] = await photoIdsOf(other, 1);
    expect((await server().app.inject({ method: 'DELETE', url: `${PHOTOS_API}/photos/${gone}`, headers: me.headers })).statusCode).toBe(204);

    for (const stranger of [theirs!, randomUUID(), gone!]) {
      const response = await post(me, { photoIds: [mine, stranger], channel: CHANNEL });
      expect(expectRefused(response, 404)).toMatchObject({ status: 404, error: 'not_found', message: 'Photo not found' });
      expect(response.body).not.toContain(stranger);
    }
    expect(await rowsOf(me.id)).toEqual([]);
    expect(await rowsOf(other.id)).toEqual([]);
  });

  it(`refuses an empty list, more than ${TEMP_SELECTION_MAX_PHOTOS} photos, a photo twice and malformed bodies with 400, and makes nothing`, async () => {
    const me = await newCustomer(server());
    const ids = await photoIdsOf(me, TEMP_SELECTION_MAX_PHOTOS + 1);
    const bodies: unknown[] = [
      { photoIds: [], channel: CHANNEL },
      { photoIds: ids, channel: CHANNEL },
      { photoIds: [ids[0], ids[1], ids[0]], channel: CHANNEL },
      { channel: CHANNEL },
      { photoIds: ids[0], channel: CHANNEL },
      { photoIds: [42], channel: CHANNEL },
      { photoIds: [''], channel: CHANNEL },
      { photoIds: ['x'.repeat(65)], channel: CHANNEL },
      { photoIds: [ids[0]], channel: 7 },
      [ids[0]],
    ];
    for (const body of bodies) expect(expectRefused(await post(me, body), 400).error, JSON.stringify(body).slice(0, 80)).toBe('bad_request');
    const notJson = await server().app.inject({ method: 'POST', url: URL, headers: { ...me.headers, 'content-type': 'application/json' }, payload: '{"photoIds":' });
    expectRefused(notJson, 400);
    // The most a selection holds is accepted.
    expect((await post(me, { photoIds: ids.slice(0, TEMP_SELECTION_MAX_PHOTOS), channel: CHANNEL })).statusCode).toBe(201);
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it('answers another customer’s, an unknown and an expired selection with the same 404', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const { tempSelectionId } = tempSelectionCreatedSchema.parse((await post(me, { photoIds: await photoIdsOf(me, 2), channel: CHANNEL })).json());
    const { tempSelectionId: lapsed } = tempSelectionCreatedSchema.parse((await post(me, { photoIds: await photoIdsOf(me, 1), channel: CHANNEL })).json());
    await expire(lapsed);

    const answers = [await get(other, tempSelectionId), await get(me, randomUUID()), await get(me, lapsed)];
    for (const answer of answers) {
      expect(expectRefused(answer, 404)).toMatchObject({ error: 'not_found', message: 'Temporary selection not found' });
    }
    expect(answers[0]!.body).not.toContain(tempSelectionId);
    expect((await get(me, tempSelectionId)).statusCode).toBe(200);
  });

  it('reads back only the photos still in the library', async () => {
    const me = await newCustomer(server());
    const [kept, deleted] = await photoIdsOf(me, 2);
    const { tempSelectionId } = tempSelectionCreatedSchema.parse((await post(me, { photoIds: [deleted, kept], channel: CHANNEL })).json());
    await server().app.inject({ method: 'DELETE', url: `${PHOTOS_API}/photos/${deleted}`, headers: me.headers });
    expect(tempSelectionSchema.parse((await get(me, tempSelectionId)).json()).photoIds).toEqual([kept]);
    expect(await server().tempSelections.photosOf(me.id, tempSelectionId)).toEqual([kept]);
  });

  it('gives the prints checkout the photos of the customer’s own live selection, and a 404 for anyone else’s or an expired one', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const photoIds = await photoIdsOf(me, 2);
    const { tempSelectionId } = tempSelectionCreatedSchema.parse((await post(me, { photoIds, channel: CHANNEL })).json());
    const { photosOf } = server().tempSelections;

    expect(await photosOf(me.id, tempSelectionId)).toEqual(photoIds);
    for (const [customerId, id] of [[other.id, tempSelectionId], [me.id, randomUUID()]] as const) {
      await expect(photosOf(customerId, id)).rejects.toSatisfy((e) => e instanceof AppError && e.status === 404);
    }
    await expire(tempSelectionId);
    await expect(photosOf(me.id, tempSelectionId)).rejects.toSatisfy((e) => e instanceof AppError && e.status === 404);
  });

  it(`holds at most ${MAX_LIVE_TEMP_SELECTIONS} live selections per customer when asked for all at once; an expired one frees its place`, async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const [photo] = await photoIdsOf(me, 1);
    const answers = await Promise.all(Array.from({ length: MAX_LIVE_TEMP_SELECTIONS + 10 }, () => post(me, { photoIds: [photo], channel: CHANNEL })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(MAX_LIVE_TEMP_SELECTIONS).fill(201), ...Array(10).fill(429)]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(expectRefused(refused, 429).error).toBe('too_many_requests');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(TEMP_SELECTION_VALID_HOURS * 3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(TEMP_SELECTION_VALID_HOURS * 3600);
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(MAX_LIVE_TEMP_SELECTIONS);

    // Another customer is not held back by this one's cap.
    expect((await post(other, { photoIds: await photoIdsOf(other, 1), channel: CHANNEL })).statusCode).toBe(201);

    await expire(rows[0]!.id);
    expect((await post(me, { photoIds: [photo], channel: CHANNEL })).statusCode).toBe(201);
    const after = await rowsOf(me.id);
    expect(after).toHaveLength(MAX_LIVE_TEMP_SELECTIONS);
    expect(after.map((r) => r.id)).not.toContain(rows[0]!.id);
  });

  it('sweeps expired selections away and keeps live ones', async () => {
    const me = await newCustomer(server());
    const photoIds = await photoIdsOf(me, 1);
    const ids = await Promise.all([1, 2].map(async () => tempSelectionCreatedSchema.parse((await post(me, { photoIds, channel: CHANNEL })).json()).tempSelectionId));
    await expire(ids[0]!);
    const repo = tempSelectionRepository(server().db);
    expect(await repo.deleteExpired(new Date().toISOString(), 1000)).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(me.id)).map((r) => r.id)).toEqual([ids[1]]);
  });

  it('answers a call without a valid access token with 401', async () => {
    expect((await server().app.inject({ method: 'POST', url: URL, payload: { photoIds: ['x'], channel: CHANNEL } })).statusCode).toBe(401);
    expect((await server().app.inject({ url: `${URL}/${randomUUID()}` })).statusCode).toBe(401);
  });
});
