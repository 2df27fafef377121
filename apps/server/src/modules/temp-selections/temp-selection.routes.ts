import { tempSelectionCreatedSchema, tempSelectionIdParamsSchema, tempSelectionRequestSchema, tempSelectionSchema, CHANNEL_ID_MISSING_MESSAGE, MAX_LIVE_TEMP_SELECTIONS, TEMP_SELECTION_MAX_PHOTOS, TEMP_SELECTION_VALID_HOURS } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { TempSelectionService } from './temp-selection.service.js';

export const tempSelectionRoutes = (service: TempSelectionService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: '/temp-selections',
      summary: 'Hand own photos to the prints editor',
      description:
        `1 to ${TEMP_SELECTION_MAX_PHOTOS} of the customer's own photos, each once, and the storefront's channel (required: without a known one the answer is 400 '${CHANNEL_ID_MISSING_MESSAGE}'). ` +
        `A photo that is not the customer's is a 404 and nothing is made. A selection lasts ${TEMP_SELECTION_VALID_HOURS} hours; beyond ${MAX_LIVE_TEMP_SELECTIONS} at once the answer is 429 with Retry-After.`,
      body: tempSelectionRequestSchema,
      response: { 201: tempSelectionCreatedSchema },
    },
    ({ identity, body }) => service.create(identity, body),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/temp-selections/:id',
      summary: "One of the customer's temporary selections",
      description: "Its photos still in the library, in the order chosen. Another customer's, an expired or an unknown selection is a 404.",
      params: tempSelectionIdParamsSchema,
      response: { 200: tempSelectionSchema },
    },
    ({ identity, params }) => service.get(identity, params.id),
  );
};
