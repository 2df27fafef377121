/** Email change and account deletion requests as the tests make them: their addresses, the mailed links, the calls. */
import { apiErrorSchema, CONFIRMATION_TOKEN_PARAM, identityConfirmPath, identityRequestPath, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { expect } from 'vitest';
import { outboxMailer } from '../platform/mail/outbox-mailer.js';
import type { TestAccount } from './identity-accounts.js';
import type { TestShoebox } from './test-server.js';

export type IdentityRequestKind = 'emailchanges' | 'deleteaccount';

const base = SERVICE_BASE_PATHS.identities;
export const requestUrl = (who: TestAccount, kind: IdentityRequestKind) => `${base}${identityRequestPath(who.identity.idpType, who.identity.idpSub, kind)}`;
export const confirmUrl = (who: TestAccount, kind: IdentityRequestKind, token: string) =>
  `${base}${identityConfirmPath(who.identity.idpType, who.identity.idpSub, kind, token)}`;

/** The first link a mail's text carries. */
export const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? 'missing:');
/** The confirmation token of the first link a mail's text carries ('' if none). */
export const tokenIn = (text: string) => linkIn(text).searchParams.get(CONFIRMATION_TOKEN_PARAM) ?? '';

/** A fresh address nobody has. */
export const freshEmail = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;

export function expectError(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect(apiErrorSchema.parse(response.json())).toMatchObject({ status, error: code });
}

/** The calls and the outbox of the server `server()` gives (it must mail to its outbox). */
export function identityRequestCalls(server: () => TestShoebox) {
  const outbox = (s: TestShoebox) => {
    if (s.config.mail.kind !== 'outbox') throw new Error('These tests read the outbox');
    return s.config.mail.dir;
  };
  const post = (who: TestAccount, url: string, payload?: object) => server().app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  return {
    outbox,
    mailsTo: async (address: string) => (await outboxMailer(outbox(server()), '').list(100_000)).filter((m) => m.to === address),
    post,
    requestChange: (who: TestAccount, email: string, channel = 'www.printhaven.co.uk') => post(who, requestUrl(who, 'emailchanges'), { email, channel }),
    requestDeletion: (who: TestAccount, channel = 'www.printhaven.co.uk') => post(who, requestUrl(who, 'deleteaccount'), { channel }),
    /** The customer's address in the identity and the customer row (undefined once gone). */
    emailsOf: async (who: TestAccount) => {
      const db = server().db;
      return {
        identity: (await db.selectFrom('identities').select('email').where('customer_id', '=', who.id).executeTakeFirst())?.email,
        customer: (await db.selectFrom('customers').select('email').where('id', '=', who.id).executeTakeFirst())?.email,
      };
    },
  };
}
