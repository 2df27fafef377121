import { subscriptionConfirmParamsSchema, subscriptionParamsSchema, subscriptionRequestSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { parseRequest } from '../../platform/http/errors.js';
import type { NewsletterService } from './newsletter.service.js';

/** Public calls: the customer arrives from an email link, not signed in. */
export const newsletterRoutes = (service: NewsletterService): FastifyPluginAsync => async (app) => {
  app.post('/api/v1/Profiles/:emailAddress/subscription', async (request, reply) => {
    const { emailAddress } = parseRequest(subscriptionParamsSchema, request.params, 'path');
    const { channel } = parseRequest(subscriptionRequestSchema, request.body, 'body');
    await service.requestSubscription(emailAddress, channel, request.ip);
    return reply.status(202).send();
  });

  app.post('/api/v1/Profiles/:emailAddress/subscription/confirm/:confirmationToken', async (request, reply) => {
    const { emailAddress, confirmationToken } = parseRequest(subscriptionConfirmParamsSchema, request.params, 'path');
    await service.confirm(emailAddress, confirmationToken);
    return reply.status(204).send();
  });
};
