import { customerSchema, updateCustomerSchema } from '@shoebox/contracts';
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
};
