import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/db/database.js';

interface DemoAlbum {
  owner: string;
  name: string;
  /** How many of the owner's photos, counted from its newest. */
  photos: number;
  participants?: { email: string; photos: number }[];
}

/** An ordinary album, and one shared album seen from each side: Emma owns one Lars takes part in, and the other way round. */
const DEMO_ALBUMS: DemoAlbum[] = [
  { owner: 'emma@example.com', name: 'Summer in Lisbon', photos: 48 },
  { owner: 'emma@example.com', name: 'Family weekend', photos: 18, participants: [{ email: 'lars@example.com', photos: 6 }] },
  { owner: 'lars@example.com', name: 'Ski trip', photos: 8, participants: [{ email: 'emma@example.com', photos: 5 }] },
];

async function customerId(db: Db, email: string): Promise<string | undefined> {
  return (await db.selectFrom('identities').select('customer_id').where('email', '=', email).executeTakeFirst())?.customer_id;
}

async function newestPhotos(db: Db, owner: string, count: number, skip: number): Promise<string[]> {
  const rows = await db.selectFrom('photos').select('id').where('customer_id', '=', owner).orderBy('date_taken', 'desc').orderBy('id').offset(skip).limit(count).execute();
  return rows.map((r) => r.id);
}

/** Creates the demo albums once the demo photos exist. */
export async function seedDemoAlbums(db: Db): Promise<void> {
  // Each owner's albums take successive runs of their newest photos.
  const used = new Map<string, number>();
  for (const album of DEMO_ALBUMS) {
    const owner = await customerId(db, album.owner);
    if (!owner) continue;
    const exists = await db.selectFrom('albums').select('id').where('owner_id', '=', owner).where('name', '=', album.name).executeTakeFirst();
    if (exists) continue;
    const id = randomUUID();
    const now = new Date().toISOString();
    const skip = used.get(owner) ?? 0;
    used.set(owner, skip + album.photos);
    const entries: { photo_id: string; photo_owner_id: string }[] = (await newestPhotos(db, owner, album.photos, skip)).map((photo_id) => ({ photo_id, photo_owner_id: owner }));
    const participants: string[] = [];
    for (const p of album.participants ?? []) {
      const pid = await customerId(db, p.email);
      if (!pid) continue;
      participants.push(pid);
      for (const photo_id of await newestPhotos(db, pid, p.photos, 0)) entries.push({ photo_id, photo_owner_id: pid });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('albums').values({ id, owner_id: owner, name: album.name, is_shared: participants.length ? 1 : 0, created_at: now, updated_at: now }).execute();
      if (participants.length) await trx.insertInto('album_participants').values(participants.map((customer_id) => ({ album_id: id, customer_id, joined_at: now }))).execute();
      if (entries.length) await trx.insertInto('album_photos').values(entries.map((e, i) => ({ album_id: id, ...e, added_at: new Date(Date.now() - i * 60_000).toISOString(), added_order: entries.length - i }))).execute();
    });
  }
}
