import { businessDetailsInputSchema, customerSchema, updateCustomerSchema, updateFtpIntegrationSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { CustomerService } from './customer.service.js';

export const customerRoutes = (service: CustomerService): FastifyPluginAsync => async (app) => {
  route(app, { method: 'GET', url: '/customers/me', summary: 'The signed-in customer', response: { 200: customerSchema } }, ({ identity }) => service.me(identity));
  route(
    app,
    { method: 'PUT', url: '/customers/me', summary: "Change the customer's name and phone number", body: updateCustomerSchema, response: { 200: customerSchema } },
    ({ identity, body }) => service.updateMe(identity, body),
  );
  route(
    app,
    {
      method: 'PATCH',
      url: '/customers/me',
      summary: "Set or clear a business customer's FTP integration callback",
      description: 'callbackUrl (https only) and callbackFormat together, or both null to stop the callbacks. A consumer answers 403.',
      body: updateFtpIntegrationSchema,
      response: { 200: customerSchema },
      refusals: { 400: 'a callback address the server must not call: a loopback, private, link-local or intranet host, or one with credentials' },
    },
    ({ identity, body }) => service.setIntegration(identity, body),
  );
  route(
    app,
    {
      method: 'PUT',
      url: '/customers/me/business-details',
      summary: "Give a business customer's company name and VAT number",
      description:
        "While the details are missing (Default) or await validation (New); the account then awaits validation (New). The VAT number has the form of the storefront's country (400 naming vatNumber), kept without spaces, dots or hyphens. " +
        'A validated account answers 409 business_details_validated, a Blocked one 403 account_blocked, a consumer 403.',
      body: businessDetailsInputSchema,
      response: { 200: customerSchema },
    },
    ({ identity, body }) => service.setBusinessDetails(identity, body),
  );
};
