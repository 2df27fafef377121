import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { ProjectsTable } from '../../platform/db/schema.js';

export type ProjectRow = Selectable<ProjectsTable>;
/** What a save writes: the content the editor sends and when it was saved. */
export type ProjectContentRow = Pick<ProjectRow, 'name' | 'product_code' | 'channel' | 'page_count' | 'thumbnail_photo_id' | 'editor_state' | 'updated_at'>;

export type CreateOutcome =
  | { created: true; row: ProjectRow }
  | { created: false; existing: ProjectRow }
  | { created: false; taken: true }
  | { created: false; full: true }
  | { created: false; noCustomer: true };

export type UpdateOutcome = { saved: ProjectRow } | { missing: true } | { conflict: ProjectRow };

/** Thrown inside the creating transaction to roll it back when the customer's projects are at the cap. */
class CapReached extends Error {}

export function projectRepository(db: Db) {
  const find = (customerId: string, id: string) =>
    db.selectFrom('projects').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();

  return {
    find,

    /** One page, last saved first (ties by id, so pages never overlap), and how many the customer has. */
    async page(customerId: string, skip: number, limit: number): Promise<{ rows: ProjectRow[]; total: number }> {
      const [rows, counted] = await Promise.all([
        db
          .selectFrom('projects')
          .selectAll()
          .where('customer_id', '=', customerId)
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(skip)
          .execute(),
        db.selectFrom('projects').select((eb) => eb.fn.countAll<number | string>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counted.n) };
    },

    /**
     * Records a new project unless its id is already used. The customer's row is locked first (a no-op
     * update), so one customer's saves are counted one at a time and the cap holds however many arrive
     * at once; a second save with the same id waits, then finds the first.
     */
    async create(row: Omit<ProjectRow, 'version'>, cap: number): Promise<CreateOutcome> {
      try {
        return await db.transaction().execute(async (trx): Promise<CreateOutcome> => {
          const locked = await trx
            .updateTable('customers')
            .set((eb) => ({ email: eb.ref('email') }))
            .where('id', '=', row.customer_id)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (Number(locked.numUpdatedRows) === 0) return { created: false, noCustomer: true };
          const same = await trx.selectFrom('projects').selectAll().where('id', '=', row.id).executeTakeFirst();
          if (same) return same.customer_id === row.customer_id ? { created: false, existing: same } : { created: false, taken: true };
          const { n } = await trx
            .selectFrom('projects')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('customer_id', '=', row.customer_id)
            .executeTakeFirstOrThrow();
          if (Number(n) >= cap) throw new CapReached();
          // Another customer may have taken the id since the look above: then nothing is written.
          const inserted = await trx
            .insertInto('projects')
            .values({ ...row, version: 1 })
            .onConflict((oc) => oc.column('id').doNothing())
            .returningAll()
            .executeTakeFirst();
          return inserted ? { created: true, row: inserted } : { created: false, taken: true };
        });
      } catch (error) {
        if (error instanceof CapReached) return { created: false, full: true };
        throw error;
      }
    },

    /** Saves over the version the editor had: one statement, so of two saves made from one version only the first lands. */
    async update(customerId: string, id: string, version: number, content: ProjectContentRow): Promise<UpdateOutcome> {
      const saved = await db
        .updateTable('projects')
        .set((eb) => ({ ...content, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
      if (saved) return { saved };
      const current = await find(customerId, id);
      return current ? { conflict: current } : { missing: true };
    },

    /** True when the customer's project was there and is now gone. */
    async delete(customerId: string, id: string): Promise<boolean> {
      const gone = await db.deleteFrom('projects').where('id', '=', id).where('customer_id', '=', customerId).returning('id').executeTakeFirst();
      return gone !== undefined;
    },
  };
}
export type ProjectRepository = ReturnType<typeof projectRepository>;
