import { encodeShareEmail, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { testAccount } from '../../test/identity-accounts.js';
import { freshEmail, identityRequestCalls } from '../../test/identity-requests.js';
import { newCustomer, useLibraryServer } from '../../test/photo-library.js';
import { callAs, insertBook, mailsTo, WIDGETS_API } from '../../test/widgets.js';
import { MAILS_PER_RECIPIENT_PER_HOUR } from './recipient-limit.js';

/**
 * The probe's way of flooding somebody who is not a customer: photo book shares, an email change's
 * confirmation and anonymous newsletter confirmations, all to one address. Together they get the
 * recipient's hour's share of mail and no more; each kind is then refused with 429 and Retry-After.
 */
describe.each(databases)('mail to an address somebody else names, on $name', (kind) => {
  const server = useLibraryServer(kind);
  const { requestChange } = identityRequestCalls(server);

  it(`is counted across shares, email changes and newsletter confirmations: ${MAILS_PER_RECIPIENT_PER_HOUR} an hour in all`, async () => {
    const target = freshEmail('not-a-customer');
    const sharer = await newCustomer(server());
    const book = await insertBook(server(), sharer);
    const share = () =>
      callAs(server(), sharer, {
        method: 'PUT',
        url: `${WIDGETS_API}/widget/${book.id}/share?${new URLSearchParams({ vendorId: 'printhaven-gb', fromName: 'Emma', personalMessage: 'Look', toEmailAddress: encodeShareEmail(target) })}`,
      });
    const subscribe = (client: string) =>
      server().app.inject({
        method: 'POST',
        url: `${SERVICE_BASE_PATHS.emailGateway}/api/v1/Profiles/${encodeURIComponent(target)}/subscription`,
        remoteAddress: client,
        payload: { channel: 'www.printhaven.co.uk' },
      });
    const changer = await testAccount(server().db);

    expect((await share()).statusCode).toBe(200);
    expect((await share()).statusCode).toBe(200);
    expect((await subscribe('203.0.113.1')).statusCode).toBeLessThan(300);
    expect((await requestChange(changer, target)).statusCode).toBe(202);
    expect((await share()).statusCode).toBe(200);

    for (const refused of [await share(), await subscribe('203.0.113.2'), await requestChange(changer, target)]) {
      expect(refused.statusCode, refused.body).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(mailsTo(server(), target)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
  });
});
