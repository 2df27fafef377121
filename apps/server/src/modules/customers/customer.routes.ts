import { updateCustomerSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireIdentity } from '../../platform/auth/authenticate.js';
import { parseRequest } from '../../platform/http/errors.js';
import type { CustomerService } from './customer.service.js';

export const customerRoutes = (service: CustomerService): FastifyPluginAsync => async (app) => {
  app.get('/customers/me', (request) => service.me(requireIdentity(request)));
  app.put('/customers/me', (request) => service.updateMe(requireIdentity(request), parseRequest(updateCustomerSchema, request.body, 'body')));
};
