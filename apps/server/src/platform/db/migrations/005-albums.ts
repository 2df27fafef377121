import type { Kysely } from 'kysely';

/** A deleted photo or album takes its album entries with it, in both databases. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('albums')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // 0/1: a shared album has participants; shared albums are read-only for everyone.
    .addColumn('is_shared', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('albums_owner_idx').on('albums').columns(['owner_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('album_photos')
    .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('photo_id', 'text', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    // Whose photo it is: in a shared album, participants' photos sit beside the owner's.
    .addColumn('photo_owner_id', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('album_photos_pk', ['album_id', 'photo_id'])
    .execute();
  await db.schema.createIndex('album_photos_photo_idx').on('album_photos').column('photo_id').execute();
  await db.schema.createIndex('album_photos_added_idx').on('album_photos').columns(['album_id', 'added_at', 'photo_id']).execute();

  await db.schema
    .createTable('album_participants')
    .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('album_participants_pk', ['album_id', 'customer_id'])
    .execute();
  await db.schema.createIndex('album_participants_customer_idx').on('album_participants').columns(['customer_id', 'joined_at', 'album_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['album_participants', 'album_photos', 'albums']) await db.schema.dropTable(table).execute();
}
