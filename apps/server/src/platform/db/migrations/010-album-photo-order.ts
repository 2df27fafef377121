import { sql, type Kysely } from 'kysely';

/**
 * Each album's photos get their place in the order they were added: a number per album that grows with every
 * photo, written in the order the photos were chosen, so photos added in one go (one added_at) keep that order
 * (docs/decisions/042). Photos already in albums were added without it: they are numbered by when they were
 * added, then by date taken, then by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds a NOT NULL column only with a default; every row is numbered just below.
  await db.schema.alterTable('album_photos').addColumn('added_order', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`
    update album_photos set added_order = numbered.n
    from (
      select ap.album_id, ap.photo_id, row_number() over (partition by ap.album_id order by ap.added_at, p.date_taken, ap.photo_id) as n
      from album_photos ap join photos p on p.id = ap.photo_id
    ) as numbered
    where album_photos.album_id = numbered.album_id and album_photos.photo_id = numbered.photo_id`.execute(db);
  await db.schema.dropIndex('album_photos_added_idx').execute();
  await db.schema.createIndex('album_photos_added_idx').on('album_photos').columns(['album_id', 'added_at', 'added_order', 'photo_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('album_photos_added_idx').execute();
  await db.schema.createIndex('album_photos_added_idx').on('album_photos').columns(['album_id', 'added_at', 'photo_id']).execute();
  await db.schema.alterTable('album_photos').dropColumn('added_order').execute();
}
