import {
  accountDeletionRequestSchema,
  emailChangeRequestSchema,
  identityConfirmParamsSchema,
  identityPathParamsSchema,
  identityRequestAcceptedSchema,
} from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import type { IdentityRequestService } from './identity-requests.service.js';

const OWN = 'idpType and idpSub are the signed-in customer\'s own claims; any other answers 404.';
const TOKEN = 'A token that was used, replaced by a newer request, has expired or is not this customer\'s answers 400 confirmation_token_invalid and changes nothing.';

export const identityRequestRoutes = (service: IdentityRequestService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: '/v2/identities/:idpType/:idpSub/emailchanges',
      summary: 'Ask to change the email address: mails a confirmation link to the new address and a notice to the old one',
      description: `${OWN} 409 email_in_use when an account has the address; 429 when asked too often; 503 when the mail could not be sent (nothing kept, try again).`,
      params: identityPathParamsSchema,
      body: emailChangeRequestSchema,
      response: { 202: identityRequestAcceptedSchema },
    },
    ({ identity, params, body }) => service.requestEmailChange(identity, params, body),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/v2/identities/:idpType/:idpSub/emailchanges/:confirmationToken/actions/confirm',
      summary: 'Confirm an email change with the mailed token: the address changes and every device must sign in again',
      description: `${OWN} ${TOKEN} 409 email_in_use when another account took the address meanwhile.`,
      params: identityConfirmParamsSchema,
      response: { 204: NO_CONTENT },
    },
    ({ identity, params }) => service.confirmEmailChange(identity, params),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/v2/identities/:idpType/:idpSub/deleteaccount',
      summary: 'Ask to delete the account: mails a confirmation link to its address',
      description: `${OWN} 429 when asked too often; 503 when the mail could not be sent (nothing kept, try again).`,
      params: identityPathParamsSchema,
      body: accountDeletionRequestSchema,
      response: { 202: identityRequestAcceptedSchema },
    },
    ({ identity, params, body }) => service.requestAccountDeletion(identity, params, body),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/v2/identities/:idpType/:idpSub/deleteaccount/:confirmationToken/actions/confirm',
      summary: 'Confirm the account deletion with the mailed token: the account is gone at once and its data is erased in the background',
      description: `${OWN} ${TOKEN}`,
      params: identityConfirmParamsSchema,
      response: { 204: NO_CONTENT },
    },
    ({ identity, params }) => service.confirmAccountDeletion(identity, params),
  );
};
