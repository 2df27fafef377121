import { BACK_OFFICE_ORDER_PATH, BACK_OFFICE_ORDER_STATUS_PATH, backOfficeOrderSchema, orderCodeParamsSchema, orderStatusChangeSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { BackOfficeCredentialCheck } from './back-office-credential.js';
import type { FulfilmentService } from './fulfilment.service.js';

const CREDENTIAL_HEADER = { authorization: 'Bearer <the fulfilment API key> (FULFILMENT_API_KEY); a customer access token is refused' };

/**
 * The back office's routes, under the orders service's base address and outside the customers'
 * authenticated scope: every call carries the service credential, checked before its input is.
 */
export const fulfilmentRoutes = (service: FulfilmentService, checkCredential: BackOfficeCredentialCheck): FastifyPluginAsync => async (app) => {
  // onRequest, not preHandler: a caller without the credential learns nothing, not even whether its body was valid.
  app.addHook('onRequest', checkCredential);
  route(
    app,
    {
      method: 'GET',
      url: BACK_OFFICE_ORDER_PATH,
      summary: 'Back office: where an order stands and where it may go next',
      requestHeaders: CREDENTIAL_HEADER,
      params: orderCodeParamsSchema,
      response: { 200: backOfficeOrderSchema },
    },
    ({ params }) => service.order(params.code),
  );
  route(
    app,
    {
      method: 'POST',
      url: BACK_OFFICE_ORDER_STATUS_PATH,
      summary: "Back office: moves an order to a new status; the customer's open pages hear it",
      description: 'Only the moves of ORDER_STATUS_TRANSITIONS: another answers 409 and changes nothing; an unknown order 404.',
      requestHeaders: CREDENTIAL_HEADER,
      params: orderCodeParamsSchema,
      body: orderStatusChangeSchema,
      response: { 200: backOfficeOrderSchema },
    },
    ({ params, body }) => service.move(params.code, body.status, body.tracking),
  );
};
