import { deletionInfoSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { DeletionInfoService } from './deletion-info.service.js';

export const deletionInfoRoutes = (service: DeletionInfoService): FastifyPluginAsync => async (app) => {
  route(
    app,
    { method: 'GET', url: '/accounts/getaccountinformation', summary: "When the customer's photos are due to be deleted, and why", response: { 200: deletionInfoSchema } },
    ({ identity }) => service.forCustomer(identity),
  );
};
