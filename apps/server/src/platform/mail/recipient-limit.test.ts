import { beforeEach, describe, expect, it } from 'vitest';
import { databases, useMigratedDatabase } from '../../test/databases.js';
import { MAILS_PER_RECIPIENT_PER_DAY, MAILS_PER_RECIPIENT_PER_HOUR, recipientLimit } from './recipient-limit.js';

const MINUTE = 60_000;

describe.each(databases)('mails to one recipient on $name', (kind) => {
  const db = useMigratedDatabase(kind);
  let clock: Date;
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const limit = () => recipientLimit(db(), () => clock);
  const refusal = (attempt: Promise<unknown>) => attempt.then(() => undefined, (err: { status?: number; retryAfterSeconds?: number }) => err);

  beforeEach(async () => {
    clock = new Date('2027-03-01T12:00:00Z');
    await db().deleteFrom('mail_recipient_sends').execute();
    await db().deleteFrom('mail_recipients').execute();
  });

  it(`lets ${MAILS_PER_RECIPIENT_PER_HOUR} go in any hour, counted in a sliding window, not a fixed one`, async () => {
    // Two at the end of one clock hour, three at the start of the next: a fixed window would allow ten around the boundary.
    clock = new Date('2027-03-01T12:58:00Z');
    for (let i = 0; i < 2; i++) await limit().reserve('grandma@example.com');
    advance(3 * MINUTE);
    for (let i = 0; i < MAILS_PER_RECIPIENT_PER_HOUR - 2; i++) await limit().reserve('Grandma@Example.com ');
    expect(await refusal(limit().reserve('grandma@example.com'))).toMatchObject({ status: 429, retryAfterSeconds: 57 * 60 });
    // Another address is not touched.
    await limit().reserve('someone-else@example.com');
    // The two oldest have left the hour: two more may go, not a whole hour's.
    advance(57 * MINUTE);
    for (let i = 0; i < 2; i++) await limit().reserve('grandma@example.com');
    expect(await refusal(limit().reserve('grandma@example.com'))).toMatchObject({ status: 429, retryAfterSeconds: 3 * 60 });
  });

  it(`lets at most ${MAILS_PER_RECIPIENT_PER_DAY} go in any day`, async () => {
    for (let hour = 0; hour * MAILS_PER_RECIPIENT_PER_HOUR < MAILS_PER_RECIPIENT_PER_DAY; hour++) {
      for (let i = 0; i < MAILS_PER_RECIPIENT_PER_HOUR; i++) await limit().reserve('grandma@example.com');
      advance(61 * MINUTE);
    }
    const refused = await refusal(limit().reserve('grandma@example.com'));
    expect(refused).toMatchObject({ status: 429 });
    advance(refused!.retryAfterSeconds! * 1000);
    await limit().reserve('grandma@example.com');
  });

  it('counts each of many simultaneous mails once: exactly the hour\'s share goes', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => limit().reserve('grandma@example.com').then(() => 'sent', () => 'refused')));
    expect(results.filter((r) => r === 'sent')).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
  });

  it('gives a mail back that could not be sent, and keeps no address in clear', async () => {
    const giveBacks = [];
    for (let i = 0; i < MAILS_PER_RECIPIENT_PER_HOUR; i++) giveBacks.push(await limit().reserve('grandma@example.com'));
    await giveBacks[0]!();
    await limit().reserve('grandma@example.com');
    const stored = JSON.stringify([await db().selectFrom('mail_recipients').selectAll().execute(), await db().selectFrom('mail_recipient_sends').selectAll().execute()]);
    expect(stored).not.toContain('grandma');
  });

  it('forgets a recipient a day after its last mail', async () => {
    await limit().reserve('grandma@example.com');
    advance(24 * 60 * MINUTE);
    await limit().purge();
    expect(await db().selectFrom('mail_recipients').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('mail_recipient_sends').selectAll().execute()).toEqual([]);
  });
});
