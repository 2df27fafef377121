/**
 * Helpers for the album API tests: albums (shared ones included) put straight into the database, as
 * the demo seeding does, since the API has no call that shares an album; a snapshot of everything an
 * album is made of, to show that a refused call changed nothing; and the calls themselves over inject.
 */
import { randomUUID } from 'node:crypto';
import { photoPageSchema } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AlbumParticipantsTable, AlbumPhotosTable, AlbumsTable } from '../platform/db/schema.js';
import { PHOTOS_API, type TestCustomer } from './photo-library.js';
import type { TestShoebox } from './test-server.js';

export const ALBUMS = `${PHOTOS_API}/albums`;
export const SHARED_ALBUMS = `${PHOTOS_API}/shared-albums`;
export const USERS = `${PHOTOS_API}/users`;
export const PHOTOS = `${PHOTOS_API}/photos`;

export interface AlbumPhotoSpec {
  photoId: string;
  /** Whose photo it is (its uploader); in a shared album participants' photos sit beside the owner's. */
  ownerId: string;
  /** ISO UTC; default: a minute apart, the first listed newest, as the demo seeding does. */
  addedAt?: string;
}

export interface AlbumSpec {
  ownerId: string;
  name?: string;
  /** ISO UTC; default now. */
  createdAt?: string;
  /** Customer ids the album is shared with, in the order they joined; any makes the album shared. */
  participants?: string[];
  photos?: AlbumPhotoSpec[];
}

/** Inserts an album with its participants and photos in one transaction, as seedDemoAlbums does; answers its id. */
export async function insertAlbum(server: TestShoebox, spec: AlbumSpec): Promise<string> {
  const id = randomUUID();
  const createdAt = spec.createdAt ?? new Date().toISOString();
  const participants = spec.participants ?? [];
  const photos = spec.photos ?? [];
  const base = Date.parse(createdAt);
  await server.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('albums')
      .values({ id, owner_id: spec.ownerId, name: spec.name ?? `Album ${id.slice(0, 8)}`, is_shared: participants.length ? 1 : 0, created_at: createdAt, updated_at: createdAt })
      .execute();
    if (participants.length) {
      await trx
        .insertInto('album_participants')
        .values(participants.map((customer_id, i) => ({ album_id: id, customer_id, joined_at: new Date(base + i * 1000).toISOString() })))
        .execute();
    }
    if (photos.length) {
      await trx
        .insertInto('album_photos')
        .values(
          photos.map((p, i) => ({
            album_id: id,
            photo_id: p.photoId,
            photo_owner_id: p.ownerId,
            added_at: p.addedAt ?? new Date(base - i * 60_000).toISOString(),
            added_order: photos.length - i,
          })),
        )
        .execute();
    }
  });
  return id;
}

/** Everything an album is made of, in a stable order: equal snapshots mean nothing changed. */
export interface AlbumSnapshot {
  album: AlbumsTable | undefined;
  photos: AlbumPhotosTable[];
  participants: AlbumParticipantsTable[];
}

export async function albumSnapshot(server: TestShoebox, albumId: string): Promise<AlbumSnapshot> {
  const { db } = server;
  const [album, photos, participants] = await Promise.all([
    db.selectFrom('albums').selectAll().where('id', '=', albumId).executeTakeFirst(),
    db.selectFrom('album_photos').selectAll().where('album_id', '=', albumId).orderBy('photo_id').execute(),
    db.selectFrom('album_participants').selectAll().where('album_id', '=', albumId).orderBy('customer_id').execute(),
  ]);
  // PostgreSQL and SQLite both answer integers as numbers here; normalised anyway so the two compare alike.
  return { album: album && { ...album, is_shared: Number(album.is_shared) as 0 | 1 }, photos, participants };
}

/** The ids of every album the customer owns, sorted; read from the database, so independent of the API under test. */
export async function ownedAlbumIds(server: TestShoebox, customerId: string): Promise<string[]> {
  const rows = await server.db.selectFrom('albums').select('id').where('owner_id', '=', customerId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call as the customer (or nobody); `payload` undefined sends no body at all. */
export function call(server: TestShoebox, who: TestCustomer | undefined, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A GET that must answer 200, parsed with the contract's schema. */
export async function getOk<T>(server: TestShoebox, who: TestCustomer, url: string, schema: { parse(v: unknown): T }): Promise<T> {
  const response = await call(server, who, 'GET', url);
  expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(200);
  return schema.parse(response.json());
}

/** The ids of the customer's whole library (GET /photos, one page of up to 500), sorted. */
export async function libraryIds(server: TestShoebox, who: TestCustomer): Promise<string[]> {
  const page = await getOk(server, who, `${PHOTOS}?limit=500`, photoPageSchema);
  expect(page.cursor).toBeNull();
  return page.images.map((p) => p.imageId).sort();
}

/** Waits until the clock has moved on by at least a millisecond, so the next write gets a later timestamp. */
export async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() <= start + 1) await new Promise((resolve) => setTimeout(resolve, 1));
}
