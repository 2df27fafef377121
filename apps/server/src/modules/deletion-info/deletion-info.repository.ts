import type { Db } from '../../platform/db/database.js';
import { storagePeriodOf } from './storage-period.queries.js';

export function deletionInfoRepository(db: Db) {
  return {
    /** What the storage status is computed from, with the stored reminder sequence; undefined when the customer is gone or deleted. */
    async facts(customerId: string) {
      const stored = await storagePeriodOf(db, customerId);
      if (!stored) return undefined;
      const projects = await db.selectFrom('projects').select((eb) => eb.fn.countAll<number | string>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
      return { ...stored, projectCount: Number(projects.n) };
    },
  };
}
export type DeletionInfoRepository = ReturnType<typeof deletionInfoRepository>;
