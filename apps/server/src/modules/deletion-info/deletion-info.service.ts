import { projectedDeletionDate, type DeletionInfo } from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { notFound } from '../../platform/http/errors.js';
import type { DeletionInfoRepository } from './deletion-info.repository.js';

/** Photos are kept 18 months after the last order, or after registration when there was none. */
export function deletionInfoService(repo: DeletionInfoRepository) {
  return {
    async forCustomer(identity: Identity): Promise<DeletionInfo> {
      const facts = await repo.facts(identity.customerId);
      if (!facts) throw notFound('Customer not found');
      const anchor = new Date(facts.lastOrderAt ?? facts.registeredAt);
      return {
        lastOrderDate: facts.lastOrderAt,
        projectCount: facts.projectCount,
        projectedDeletionDate: projectedDeletionDate(anchor).toISOString(),
        registrationDate: facts.registeredAt,
      };
    },
  };
}
export type DeletionInfoService = ReturnType<typeof deletionInfoService>;
