import { subscriptionConfirmParamsSchema, subscriptionParamsSchema, subscriptionRequestSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import type { NewsletterService } from './newsletter.service.js';

/** Where a subscription is asked for, under the email gateway's base path; its confirmation is below it. */
export const SUBSCRIPTION_PATH = '/api/v1/Profiles/:emailAddress/subscription';

/** Public calls: the customer arrives from an email link, not signed in. */
export const newsletterRoutes = (service: NewsletterService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: SUBSCRIPTION_PATH,
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
      url: `${SUBSCRIPTION_PATH}/confirm/:confirmationToken`,
      summary: "Confirm a subscription with the mailed link's token",
      params: subscriptionConfirmParamsSchema,
      response: { 204: NO_CONTENT },
    },
    ({ params }) => service.confirm(params.emailAddress, params.confirmationToken),
  );
};
