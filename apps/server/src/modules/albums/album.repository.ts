import type { SortKey, SortOrder } from '@shoebox/contracts';
import { PostgresIntrospector, sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { keysetPage, type Cursor } from '../../platform/db/keyset.js';
import type { AlbumsTable, PhotosTable } from '../../platform/db/schema.js';
import { lockLiveCustomer } from '../customers/customer.service.js';

export type AlbumPhotoRow = PhotosTable & { added_at: string; added_order: number };

export function albumRepository(db: Db) {
  // SQLite runs one transaction at a time; on PostgreSQL concurrent ones must lock what they rely on.
  const locksRows = db.introspection instanceof PostgresIntrospector;
  return {
    /**
     * Records a new album unless its owner already has `cap`, counted under the customer's row lock so albums
     * created at once count one at a time. 'gone' when the account is deleted.
     */
    insertCapped(row: AlbumsTable, cap: number): Promise<'created' | 'full' | 'gone'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockLiveCustomer(trx, row.owner_id))) return 'gone';
        const owned = await trx.selectFrom('albums').select((eb) => eb.fn.countAll<number | string>().as('n')).where('owner_id', '=', row.owner_id).executeTakeFirstOrThrow();
        if (Number(owned.n) >= cap) return 'full';
        await trx.insertInto('albums').values(row).execute();
        return 'created';
      });
    },

    find: (id: string) => db.selectFrom('albums').selectAll().where('id', '=', id).executeTakeFirst(),

    isParticipant: async (albumId: string, customerId: string) =>
      Boolean(await db.selectFrom('album_participants').select('album_id').where('album_id', '=', albumId).where('customer_id', '=', customerId).executeTakeFirst()),

    /** Of the photos, those in a shared album the customer owns or takes part in, with whose each one is. */
    sharedPhotoOwners: (customerId: string, photoIds: string[]) =>
      photoIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('album_photos')
            .innerJoin('albums', 'albums.id', 'album_photos.album_id')
            .select(['album_photos.photo_id', 'album_photos.photo_owner_id'])
            .distinct()
            .where('album_photos.photo_id', 'in', photoIds)
            .where('albums.is_shared', '=', 1)
            .where((eb) =>
              eb.or([
                eb('albums.owner_id', '=', customerId),
                eb.exists(
                  eb
                    .selectFrom('album_participants')
                    .select('album_participants.album_id')
                    .whereRef('album_participants.album_id', '=', 'albums.id')
                    .where('album_participants.customer_id', '=', customerId),
                ),
              ]),
            )
            .execute(),

    /** The customer's own albums, newest first. */
    listOwned(ownerId: string, cursor: Cursor | undefined, limit: number) {
      const q = db.selectFrom('albums').selectAll().where('owner_id', '=', ownerId);
      return keysetPage(q, { value: 'created_at', id: 'id' }, 'desc', cursor, limit).execute();
    },

    /** Albums others shared with the customer, newest first. */
    listRead(customerId: string, cursor: Cursor | undefined, limit: number) {
      const q = db
        .selectFrom('albums')
        .innerJoin('album_participants', 'album_participants.album_id', 'albums.id')
        .selectAll('albums')
        .where('album_participants.customer_id', '=', customerId);
      return keysetPage(q, { value: 'albums.created_at', id: 'albums.id' }, 'desc', cursor, limit).execute();
    },

    async photoCounts(albumIds: string[]): Promise<Map<string, number>> {
      if (albumIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('album_photos')
        .select(['album_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('album_id', 'in', albumIds)
        .groupBy('album_id')
        .execute();
      return new Map(rows.map((r) => [r.album_id, Number(r.n)]));
    },

    /** Each album's cover: its first photo by date added, newest first (of the latest addition, the first chosen). */
    async covers(albumIds: string[]): Promise<Map<string, PhotosTable>> {
      if (albumIds.length === 0) return new Map();
      const rows = await sql<PhotosTable & { album_id: string }>`
        select * from (
          select ap.album_id as album_id, p.*, row_number() over (partition by ap.album_id order by ap.added_at desc, ap.added_order, p.id) as rn
          from album_photos ap join photos p on p.id = ap.photo_id
          where ap.album_id in (${sql.join(albumIds)})
        ) ranked where rn = 1`.execute(db);
      return new Map(rows.rows.map((r) => [r.album_id, r]));
    },

    async rename(id: string, name: string) {
      await db.updateTable('albums').set({ name, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    },

    async delete(id: string) {
      await db.deleteFrom('albums').where('id', '=', id).execute();
    },

    /**
     * Adds those of the photos that belong to the album's owner, numbered after the album's last photo in the
     * order given; already present ones stay once, where they were. Answers the ids that were not the owner's.
     */
    addPhotos: (albumId: string, ownerId: string, photoIds: string[]) =>
      db.transaction().execute(async (trx) => {
        // Held until commit, so a photo deleted from the library meanwhile is either not found here or deleted after
        // (taking its album place with it), never gone by the time its place is written; in id order, as deletes take them.
        const owned = await trx
          .selectFrom('photos')
          .select('id')
          .where('customer_id', '=', ownerId)
          .where('id', 'in', photoIds)
          .orderBy('id')
          .$if(locksRows, (q) => q.forKeyShare())
          .execute();
        const ownedIds = new Set(owned.map((p) => p.id));
        const added = photoIds.filter((id) => ownedIds.has(id));
        const now = new Date().toISOString();
        if (added.length) {
          // Touching the album first holds its row (PostgreSQL), so two additions at once number one after the other.
          await trx.updateTable('albums').set({ updated_at: now }).where('id', '=', albumId).execute();
          const last = await trx
            .selectFrom('album_photos')
            .select((eb) => eb.fn.max('added_order').as('n'))
            .where('album_id', '=', albumId)
            .executeTakeFirst();
          const after = Number(last?.n ?? 0);
          await trx
            .insertInto('album_photos')
            .values(added.map((photoId, i) => ({ album_id: albumId, photo_id: photoId, photo_owner_id: ownerId, added_at: now, added_order: after + 1 + i })))
            .onConflict((oc) => oc.columns(['album_id', 'photo_id']).doNothing())
            .execute();
        }
        return photoIds.filter((id) => !ownedIds.has(id));
      }),

    removePhotos: (albumId: string, photoIds: string[]) =>
      db.transaction().execute(async (trx) => {
        // The album's row first, as additions take it: the other way round, an addition and a removal of the same photo deadlock.
        await trx.updateTable('albums').set({ updated_at: new Date().toISOString() }).where('id', '=', albumId).execute();
        const result = await trx.deleteFrom('album_photos').where('album_id', '=', albumId).where('photo_id', 'in', photoIds).executeTakeFirst();
        return Number(result.numDeletedRows);
      }),

    /** A participant leaves: the photos they added go from the album, their own library keeps them. */
    leave: (albumId: string, customerId: string) =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('album_photos').where('album_id', '=', albumId).where('photo_owner_id', '=', customerId).execute();
        await trx.deleteFrom('album_participants').where('album_id', '=', albumId).where('customer_id', '=', customerId).execute();
        // With nobody left to share it with, the album is the owner's own again.
        const remaining = await trx.selectFrom('album_participants').select('customer_id').where('album_id', '=', albumId).limit(1).executeTakeFirst();
        if (!remaining) await trx.updateTable('albums').set({ is_shared: 0 }).where('id', '=', albumId).execute();
      }),

    /** By date added (photos added together in the order they were chosen, whichever way) or by date taken, ties by id. */
    photosPage(albumId: string, sortKey: SortKey, sortOrder: SortOrder, cursor: Cursor | undefined, limit: number): Promise<AlbumPhotoRow[]> {
      const q = db
        .selectFrom('album_photos')
        .innerJoin('photos', 'photos.id', 'album_photos.photo_id')
        .selectAll('photos')
        .select(['album_photos.added_at', 'album_photos.added_order'])
        .where('album_photos.album_id', '=', albumId);
      const columns =
        sortKey === 'created'
          ? ({ value: 'album_photos.added_at', sequence: 'album_photos.added_order', id: 'photos.id' } as const)
          : ({ value: 'photos.date_taken', id: 'photos.id' } as const);
      return keysetPage(q, columns, sortOrder, cursor, limit).execute();
    },

    /** Each album's participants, in the order they joined; albums without any are left out. */
    async participants(albumIds: string[]) {
      const byAlbum = new Map<string, { id: string; email: string }[]>();
      if (albumIds.length === 0) return byAlbum;
      const rows = await db
        .selectFrom('album_participants')
        .innerJoin('customers', 'customers.id', 'album_participants.customer_id')
        .select(['album_participants.album_id', 'customers.id', 'customers.email'])
        .where('album_participants.album_id', 'in', albumIds)
        .orderBy('album_participants.joined_at')
        .execute();
      for (const { album_id, id, email } of rows) {
        const people = byAlbum.get(album_id) ?? [];
        people.push({ id, email });
        byAlbum.set(album_id, people);
      }
      return byAlbum;
    },

    async people(customerIds: string[]) {
      if (customerIds.length === 0) return new Map<string, { id: string; email: string }>();
      const rows = await db.selectFrom('customers').select(['id', 'email']).where('id', 'in', [...new Set(customerIds)]).execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    async counts(customerId: string) {
      const [mine, read] = await Promise.all([
        db
          .selectFrom('albums')
          .select((eb) => [eb.fn.countAll<number | string>().as('own'), eb.fn.sum<number | string | null>('is_shared').as('granted')])
          .where('owner_id', '=', customerId)
          .executeTakeFirst(),
        db.selectFrom('album_participants').select((eb) => eb.fn.countAll<number | string>().as('n')).where('customer_id', '=', customerId).executeTakeFirst(),
      ]);
      return { own: Number(mine?.own ?? 0), granted: Number(mine?.granted ?? 0), read: Number(read?.n ?? 0) };
    },
  };
}
export type AlbumRepository = ReturnType<typeof albumRepository>;
