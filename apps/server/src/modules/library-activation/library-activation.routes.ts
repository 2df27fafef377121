import { activationStartedSchema, activationStateSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { LibraryActivationService } from './library-activation.service.js';

export const libraryActivationRoutes = (service: LibraryActivationService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: '/users/activate',
      summary: 'Activate a library brought from the older system',
      description: 'Starts importing the photos the account uploaded in the older system; started is false when the library was not NOT_ACTIVE (already importing, active or being deleted).',
      response: { 200: activationStartedSchema },
    },
    ({ identity }) => service.start(identity),
  );

  route(app, { method: 'GET', url: '/users/activate', summary: "The library's activation status", response: { 200: activationStateSchema } }, ({ identity }) =>
    service.status(identity),
  );
};
