import type { DeletionInfo } from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { notFound } from '../../platform/http/errors.js';
import type { DeletionInfoRepository } from './deletion-info.repository.js';
import { storagePeriodEnd, toldDeletionDate } from './storage-period.js';

// The one computation of the period's end, for the storage period's daily run (decision 071).
export { storagePeriodEnd, toldDeletionDate, type StoragePeriodFacts, type ToldPeriod } from './storage-period.js';
export { firstPhotoAt, lastOrderAt, periodEndIn } from './storage-period.queries.js';

/** The storage status: the date the daily run will delete the photos on (decision 071), and why. */
export function deletionInfoService(repo: DeletionInfoRepository) {
  return {
    async forCustomer(identity: Identity): Promise<DeletionInfo> {
      const stored = await repo.facts(identity.customerId);
      if (!stored) throw notFound('Customer not found');
      const { facts, period, projectCount } = stored;
      return {
        lastOrderDate: facts.lastOrderAt,
        projectCount,
        projectedDeletionDate: toldDeletionDate(storagePeriodEnd(facts), period).toISOString(),
        registrationDate: facts.registeredAt,
      };
    },
  };
}
export type DeletionInfoService = ReturnType<typeof deletionInfoService>;
