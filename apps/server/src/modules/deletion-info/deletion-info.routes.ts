import type { FastifyPluginAsync } from 'fastify';
import { requireIdentity } from '../../platform/auth/authenticate.js';
import type { DeletionInfoService } from './deletion-info.service.js';

export const deletionInfoRoutes = (service: DeletionInfoService): FastifyPluginAsync => async (app) => {
  app.get('/accounts/getaccountinformation', (request) => service.forCustomer(requireIdentity(request)));
};
