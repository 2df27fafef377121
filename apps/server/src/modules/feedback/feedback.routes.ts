import { FEEDBACK_PATH, FEEDBACK_PER_CUSTOMER_PER_DAY, feedbackSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import type { FeedbackService } from './feedback.service.js';

/** Under the customers service's base address, in the authenticated scope (decision 109). */
export const feedbackRoutes = (service: FeedbackService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: FEEDBACK_PATH,
      summary: "The customer's feedback on the account area: a rating, a comment, the page it was given on",
      description: `Kept with the customer's storefront for the retailer to read (\`npm run feedback\`). More than ${FEEDBACK_PER_CUSTOMER_PER_DAY} in one UTC day is a 429 with Retry-After, and is not kept.`,
      body: feedbackSchema,
      response: { 204: NO_CONTENT },
    },
    ({ identity, body }) => service.give(identity, body),
  );
};
