import { placePrintsOrderSchema, superOrderSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { PrintsCheckoutService } from './prints-checkout.service.js';

export const PRINTS_ORDERS_PATH = '/prints-orders';

export const printsCheckoutRoutes = (service: PrintsCheckoutService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: PRINTS_ORDERS_PATH,
      summary: 'Order prints of the photos of a temporary selection (the embedded prints editor)',
      description:
        'Priced from the prints price list in the channel\'s currency. The same requestId again answers the order it already placed; sent with other lines, delivery or address it is a 409 request_id_in_use and places nothing. ' +
        "A selection that is not the customer's, or has expired, is a 404; a photo not in it, an unknown size or channel, or Home delivery without an address is a 400.",
      body: placePrintsOrderSchema,
      response: { 201: superOrderSchema },
    },
    ({ identity, body }) => service.place(identity, body),
  );
};
