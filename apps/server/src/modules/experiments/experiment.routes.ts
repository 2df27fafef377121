import { EXPERIMENTS_PATH, experimentAssignmentsSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { ExperimentService } from './experiment.service.js';

/** Under the customers service's base address, in the authenticated scope (decision 110). */
export const experimentRoutes = (service: ExperimentService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: EXPERIMENTS_PATH,
      summary: "The A/B tests' variations the signed-in customer sees",
      description: 'Only the running experiments the customer is in, each by its variation index (0 is the control); the same answer on every call for one customer.',
      response: { 200: experimentAssignmentsSchema },
    },
    ({ identity }) => service.assignmentsOf(identity),
  );
};
