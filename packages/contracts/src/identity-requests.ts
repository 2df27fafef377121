import { z } from 'zod/mini';
import { emailAddressSchema } from './email-address.js';
import { channelNameSchema } from './channel-name.js';
import { idSchema, text } from './text.js';

/**
 * Email change and account deletion (account-area §2.3, §4, §7.1), under {identities}:
 *   POST v2/identities/{idpType}/{idpSub}/emailchanges                                  { email, channel }
 *   POST v2/identities/{idpType}/{idpSub}/emailchanges/{confirmationToken}/actions/confirm
 *   POST v2/identities/{idpType}/{idpSub}/deleteaccount                                 { channel }
 *   POST v2/identities/{idpType}/{idpSub}/deleteaccount/{confirmationToken}/actions/confirm
 * idpType and idpSub are the signed-in customer's own claims; any other answers 404. A request mails a
 * link holding a single-use token (only its hash is stored) to /change-email-confirmation or
 * /delete-account-confirmation with the query confirmation-token. The values below are not in the
 * spec (decision 064).
 */
export const EMAIL_CHANGE_LINK_VALID_HOURS = 24;
export const ACCOUNT_DELETION_LINK_VALID_HOURS = 24;
/** Requests of one kind per customer per window; beyond it 429 and no mail. */
export const IDENTITY_REQUESTS_PER_WINDOW = 3;
export const IDENTITY_REQUEST_WINDOW_MINUTES = 60;
/**
 * The sign-in page's own requests (decision 091): "Forgot password?" mails a link that sets a new password
 * once, within PASSWORD_RESET_LINK_VALID_MINUTES; "Create an account" mails a link that creates the account
 * once, within REGISTRATION_LINK_VALID_HOURS. Each kind is asked for at most IDENTITY_REQUESTS_PER_WINDOW
 * times per address and SIGN_IN_PAGE_REQUESTS_PER_CLIENT times per client address per window.
 */
export const PASSWORD_RESET_LINK_VALID_MINUTES = 60;
export const REGISTRATION_LINK_VALID_HOURS = 24;
export const SIGN_IN_PAGE_REQUESTS_PER_CLIENT = 10;
/** A password a customer chooses, in characters: long enough to resist guessing, short enough to hash cheaply. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;
/** Query parameter of both confirmation pages (spec §2.1). */
export const CONFIRMATION_TOKEN_PARAM = 'confirmation-token';

export const identityPathParamsSchema = z.object({ idpType: idSchema, idpSub: idSchema });
export const identityConfirmParamsSchema = z.object({
  idpType: idSchema,
  idpSub: idSchema,
  confirmationToken: text().check(z.minLength(16), z.maxLength(200)),
});

/** 409 email_in_use when another account has the address; 429 when requested too often (spec §5). */
export const emailChangeRequestSchema = z.object({ email: emailAddressSchema(), channel: channelNameSchema });
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

export const accountDeletionRequestSchema = z.object({ channel: channelNameSchema });
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

/** Both requests answer 202 with this: the mail has been handed to the mail server. */
export const identityRequestAcceptedSchema = z.object({ expiresAt: z.iso.datetime({ offset: true }) });
export type IdentityRequestAccepted = z.infer<typeof identityRequestAcceptedSchema>;

/** The error codes the confirmation pages tell apart; anything else is the generic failure. */
export const IDENTITY_ERROR_CODES = {
  emailInUse: 'email_in_use',
  tokenInvalid: 'confirmation_token_invalid',
} as const;

/** Where a request's calls live, relative to the identities base. */
export const identityRequestPath = (idpType: string, idpSub: string, kind: 'emailchanges' | 'deleteaccount') =>
  `/v2/identities/${encodeURIComponent(idpType)}/${encodeURIComponent(idpSub)}/${kind}`;
export const identityConfirmPath = (idpType: string, idpSub: string, kind: 'emailchanges' | 'deleteaccount', token: string) =>
  `${identityRequestPath(idpType, idpSub, kind)}/${encodeURIComponent(token)}/actions/confirm`;
