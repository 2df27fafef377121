import { subscriptionConfirmParamsSchema, subscriptionParamsSchema, subscriptionRequestSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import type { NewsletterService } from './newsletter.service.js';

/** Public calls: the customer arrives from an email link, not signed in. */
export const newsletterRoutes = (service: NewsletterService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: '/api/v1/Profiles/:emailAddress/subscription',
      summary: 'Ask for the newsletter: a confirmation link is mailed to the address',
      params: subscriptionParamsSchema,
      body: subscriptionRequestSchema,
      response: { 202: NO_CONTENT },
    },
    ({ params, body, request }) => service.requestSubscription(params.emailAddress, body.channel, request.ip),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/v1/Profiles/:emailAddress/subscription/confirm/:confirmationToken',
      summary: "Confirm a subscription with the mailed link's token",
      params: subscriptionConfirmParamsSchema,
      response: { 204: NO_CONTENT },
    },
    ({ params }) => service.confirm(params.emailAddress, params.confirmationToken),
  );
};
