import type { Db } from '../../platform/db/database.js';

export function deletionInfoRepository(db: Db) {
  return {
    async facts(customerId: string) {
      const customer = await db.selectFrom('customers').select('registered_at').where('id', '=', customerId).where('deleted_at', 'is', null).executeTakeFirst();
      if (!customer) return undefined;
      const lastOrder = await db.selectFrom('orders').select((eb) => eb.fn.max('created_at').as('last')).where('customer_id', '=', customerId).executeTakeFirst();
      const projects = await db.selectFrom('projects').select((eb) => eb.fn.countAll<number | string>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
      return { registeredAt: customer.registered_at, lastOrderAt: lastOrder?.last ?? null, projectCount: Number(projects.n) };
    },
  };
}
export type DeletionInfoRepository = ReturnType<typeof deletionInfoRepository>;
