import type { Db } from '../db/database.js';

/**
 * Returns the named secret, creating it on first use. Kept in the database so every machine of a
 * scaled-out deployment signs and verifies with the same keys, and a restart keeps sessions valid.
 */
export async function getOrCreateSecret(db: Db, name: string, create: () => Promise<string> | string): Promise<string> {
  const existing = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  const value = await create();
  await db
    .insertInto('secrets')
    .values({ name, value, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  // Another machine may have won the race: everyone uses the stored value.
  const stored = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return stored.value;
}
