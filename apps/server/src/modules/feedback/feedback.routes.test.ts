import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apiErrorSchema, FEEDBACK_PATH, FEEDBACK_PER_CUSTOMER_PER_DAY, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, useLibraryServer } from '../../test/photo-library.js';

const URL_ = `${SERVICE_BASE_PATHS.customers}${FEEDBACK_PATH}`;
/** The built command, as `npm run feedback` runs it (npm test builds before it tests). */
const CLI = fileURLToPath(new URL('../../../dist/cli/feedback.js', import.meta.url));

describe.each(databases)("customers' feedback on $name", (kind) => {
  const server = useLibraryServer(kind);
  const give = (headers: Record<string, string>, payload: unknown) => server().app.inject({ method: 'POST', url: URL_, headers, payload: payload as object });
  const keptOf = (customerId: string) => server().db.selectFrom('feedback').selectAll().where('customer_id', '=', customerId).orderBy('received_at').orderBy('id').execute();

  it("keeps a rating with the customer's storefront, the page and the comment (its lines, trimmed); a rating alone too", async () => {
    const me = await newCustomer(server(), { channel: 'www.printhaven.nl' });

    const responses = [await give(me.headers, { rating: 5, comment: '  Lovely photos.\nThe timeline is quick.  ', page: '/my-photos/photos' }), await give(me.headers, { rating: 2, page: '/orders' })];

    expect(responses.map((r) => r.statusCode)).toEqual([204, 204]);
    const kept = await keptOf(me.id);
    expect(kept.map(({ channel, rating, comment, page }) => ({ channel, rating, comment, page }))).toEqual([
      { channel: 'www.printhaven.nl', rating: 5, comment: 'Lovely photos.\nThe timeline is quick.', page: '/my-photos/photos' },
      { channel: 'www.printhaven.nl', rating: 2, comment: null, page: '/orders' },
    ]);
  });

  it('refuses a caller without a token, and malformed feedback, keeping nothing', async () => {
    const me = await newCustomer(server());
    const bad = [{ rating: 0, page: '/' }, { rating: 6, page: '/' }, { rating: 3.5, page: '/' }, { rating: 3, page: 'orders' }, { rating: 3, page: '/orders?token=x' }, { rating: 3, comment: '   ', page: '/' }, { rating: 3, comment: 'a\u0000b', page: '/' }, { rating: 3, comment: 'x'.repeat(2001), page: '/' }, { page: '/' }];

    const anonymous = await server().app.inject({ method: 'POST', url: URL_, payload: { rating: 5, page: '/' } });
    const refused = await Promise.all(bad.map((body) => give(me.headers, body)));

    expect(anonymous.statusCode).toBe(401);
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error).toBe('bad_request');
    }
    expect(await keptOf(me.id)).toEqual([]);
  });

  it("takes a customer's share a day, counted atomically, and then says when to come back; another customer is not held up", async () => {
    const me = await newCustomer(server());
    const other = await newCustomer(server());

    const responses = await Promise.all(Array.from({ length: FEEDBACK_PER_CUSTOMER_PER_DAY + 3 }, (_, i) => give(me.headers, { rating: 4, comment: `try ${i}`, page: '/' })));
    const theirs = await give(other.headers, { rating: 3, page: '/' });

    const statuses = responses.map((r) => r.statusCode);
    // A burst across midnight UTC may get a second day's share; never more.
    expect(statuses.filter((s) => s === 204).length).toBeGreaterThanOrEqual(FEEDBACK_PER_CUSTOMER_PER_DAY);
    expect(statuses.filter((s) => s !== 204).every((s) => s === 429)).toBe(true);
    const refused = responses.find((r) => r.statusCode === 429);
    if (refused) expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await keptOf(me.id)).toHaveLength(statuses.filter((s) => s === 204).length);
    expect(theirs.statusCode).toBe(204);
  });

  it('shows the retailer the newest feedback with `npm run feedback`, for one storefront or all', async () => {
    const dutch = await newCustomer(server(), { channel: 'www.printhaven.nl' });
    const british = await newCustomer(server(), { channel: 'www.albumly.co.uk' });
    await give(dutch.headers, { rating: 4, comment: 'Mooi.\nSnel.', page: '/orders' });
    await give(british.headers, { rating: 1, page: '/settings' });
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: server().config.dataDir, DATABASE_URL: server().database.url };
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(process.execPath, [CLI, ...args], { env }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })),
      );

    const [text, json, wrong] = await Promise.all([run(['--channel', 'www.printhaven.nl', '--last', '1']), run(['--last=2', '--json']), run(['--channel', 'nowhere.example'])]);

    expect(text, text.stderr).toMatchObject({ code: 0 });
    expect(text.stdout).toMatch(new RegExp(`^1 shown, average rating 4\\.0 of 5\\n.*  ★★★★☆  www\\.printhaven\\.nl  /orders  customer ${dutch.id}\\n  Mooi\\.\\n  Snel\\.\\n$`));
    expect(json.stdout.trim().split('\n').map((line) => JSON.parse(line)).map((f: { customerId: string; rating: number }) => [f.customerId, f.rating])).toEqual([
      [british.id, 1],
      [dutch.id, 4],
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`"nowhere.example" is not a storefront's host or channel code`);
  }, 30_000);
});
