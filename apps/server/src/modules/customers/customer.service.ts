import { channelForHost, isVatNumberOf, normaliseVatNumber, type BusinessDetailsInput, type Customer, type UpdateCustomer, type UpdateFtpIntegration } from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { storableCallbackUrl } from './callback-address.js';
import type { CustomersTable } from '../../platform/db/schema.js';
import type { CustomerRepository } from './customer.repository.js';

// Other modules that change a customer's own data take the customer's row through this one owner.
export { lockLiveCustomer } from './live-customer-lock.js';

function toCustomer(row: CustomersTable): Customer {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    channel: row.channel,
    registeredAt: row.registered_at,
    business: row.business_status
      ? { companyName: row.business_company, vatNumber: row.business_vat, status: row.business_status }
      : null,
    // Business customers only (decision 062): a consumer has no FTP integration to set.
    integration: row.business_status ? { callbackUrl: row.callback_url ?? null, callbackFormat: row.callback_format ?? null } : null,
  };
}

/**
 * A Blocked business account keeps what it has and adds nothing (decision 077): it still signs in, sees and
 * downloads all it has and changes its settings, but adds no photos and places no orders.
 */
export function refuseIfBlocked(customer: Pick<Customer, 'business'>): void {
  if (customer.business?.status === 'Blocked') throw new AppError(403, 'account_blocked', 'This business account is blocked: please contact customer care');
}

export function customerService(repo: CustomerRepository) {
  return {
    /** Refuses a customer who may not add to their account (refuseIfBlocked); a deleted or unknown one is a 404. */
    async mayAdd(customerId: string): Promise<void> {
      const row = await repo.findLive(customerId);
      if (!row) throw notFound('Customer not found');
      refuseIfBlocked(toCustomer(row));
    },

    /** A deleted or unknown customer is a 404: the account area then signs the customer out. */
    async me(identity: Identity): Promise<Customer> {
      const row = await repo.findLive(identity.customerId);
      if (!row) throw notFound('Customer not found');
      return toCustomer(row);
    },

    async updateMe(identity: Identity, changes: UpdateCustomer): Promise<Customer> {
      const updated = await repo.update(identity.customerId, { first_name: changes.firstName, last_name: changes.lastName, phone: changes.phone });
      if (!updated) throw notFound('Customer not found');
      return this.me(identity);
    },

    /** PATCH /customers/me: the FTP integration's callback, for business customers only (403 for a consumer). */
    async setIntegration(identity: Identity, integration: UpdateFtpIntegration): Promise<Customer> {
      const current = await this.me(identity);
      if (!current.business) throw forbidden('Only business customers have an FTP integration');
      const callbackUrl = integration.callbackUrl === null ? null : storableCallbackUrl(integration.callbackUrl);
      if (callbackUrl === undefined) throw badRequest('Invalid body', [{ path: 'callbackUrl', message: 'callbackUrl' }]);
      const updated = await repo.setIntegration(identity.customerId, { callback_url: callbackUrl, callback_format: integration.callbackFormat });
      if (!updated) throw notFound('Customer not found');
      return this.me(identity);
    },

    /**
     * PUT /customers/me/business-details (decision 084): the company's name and VAT number, its form that of
     * the storefront's country, while the details are missing or await validation; the account then awaits
     * validation (New). A validated account changes them through customer care; a Blocked one not at all.
     */
    async setBusinessDetails(identity: Identity, input: BusinessDetailsInput): Promise<Customer> {
      const current = await this.me(identity);
      if (!current.business) throw forbidden('Only business customers have business details');
      refuseIfBlocked(current);
      if (current.business.status === 'Active') throw detailsValidated();
      const country = channelForHost('', current.channel).country;
      if (!isVatNumberOf(country, input.vatNumber)) throw badRequest('Invalid body', [{ path: 'vatNumber', message: 'vatNumber' }]);
      if (!(await repo.setBusinessDetails(identity.customerId, { company: input.companyName, vat: normaliseVatNumber(input.vatNumber) }))) {
        // Validated or blocked between the read and the write: say which.
        const now = await this.me(identity);
        refuseIfBlocked(now);
        throw detailsValidated();
      }
      return this.me(identity);
    },
  };
}
export type CustomerService = ReturnType<typeof customerService>;

const detailsValidated = () =>
  new AppError(409, 'business_details_validated', 'Your business details have been validated: please contact customer care to change them');
