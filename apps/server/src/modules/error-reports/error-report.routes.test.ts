import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apiErrorSchema, ERROR_REPORTS_PATH, FEEDBACK_PATH, SERVICE_BASE_PATHS, type ErrorReport } from '@shoebox/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, useLibraryServer } from '../../test/photo-library.js';
import { errorReportRepository } from './error-report.repository.js';
import { ERROR_REPORTS_PER_CLIENT_PER_MINUTE } from './error-report.service.js';

const URL_ = `${SERVICE_BASE_PATHS.errorReports}${ERROR_REPORTS_PATH}`;
/** The built command, as `npm run error-reports` runs it (npm test builds before it tests). */
const CLI = fileURLToPath(new URL('../../../dist/cli/error-reports.js', import.meta.url));
const A_UUID = '3f2c8a4e-9b1d-4c7e-8f00-123456789abc';

/** Each test sends from addresses of its own: reports are counted per client address. */
let lastAddress = 0;
const nextAddress = () => `192.0.2.${++lastAddress}`;

describe.each(databases)('the error service on $name', (kind) => {
  const server = useLibraryServer(kind);
  const send = (reports: unknown[], o: { from?: string; headers?: Record<string, string> } = {}) =>
    server().app.inject({ method: 'POST', url: URL_, remoteAddress: o.from ?? nextAddress(), headers: o.headers, payload: { reports } });
  const stored = (marker: string) =>
    server().db.selectFrom('error_reports').selectAll().where('message', 'like', `%${marker}%`).orderBy('received_at').orderBy('id').execute();

  it('keeps a report sent before sign-in, scrubbed of addresses, tokens and query values, and no more than that', async () => {
    const marker = `anon-${kind.name}`;
    const report: ErrorReport = {
      name: 'TypeError',
      message: `${marker} failed for ana.smith@example.com at /api/invoices/pdf?sig=abc123&exp=9 with token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLWhlcmU photo ${A_UUID}`,
      correlationId: 'c0ffee-42',
      page: '/photos/album/abc',
      context: { method: 'GET', url: 'https://shop.example/api/widgets/v1/shares/AbCdEfGhIjKlMnOpQrStUvWxYz012345' },
    };

    const response = await send([report]);

    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 1 });
    const [row, ...more] = await stored(marker);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ customer_id: null, name: 'TypeError', correlation_id: 'c0ffee-42', page: '/photos/album/abc' });
    expect(row!.message).toBe(`${marker} failed for [redacted] at /api/invoices/pdf?sig=[redacted]&exp=[redacted] with token [redacted] photo ${A_UUID}`);
    expect(JSON.parse(row!.context)).toEqual({ method: 'GET', url: 'https://shop.example/api/widgets/v1/shares/[redacted]' });
  });

  it("names the signed-in customer, and keeps a report whose token is not valid without naming anyone", async () => {
    const me = await newCustomer(server());
    const signedIn = `signed-in-${kind.name}`;
    const expired = `bad-token-${kind.name}`;

    const responses = [await send([{ message: signedIn }], { headers: me.headers }), await send([{ message: expired }], { headers: { authorization: 'Bearer not-a-token' } })];

    expect(responses.map((r) => r.statusCode)).toEqual([202, 202]);
    expect((await stored(signedIn)).map((r) => r.customer_id)).toEqual([me.id]);
    expect((await stored(expired)).map((r) => r.customer_id)).toEqual([null]);
  });

  it('refuses a malformed batch whole, and keeps none of it', async () => {
    const marker = `bad-${kind.name}`;
    const bad = [
      Array.from({ length: 11 }, () => ({ message: marker })),
      [{ message: marker }, { message: `${marker}\u0000` }],
      [{ message: marker, context: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`k${i}`, 'v'])) }],
      [{ message: marker, page: 'https://elsewhere.example/' }],
      [{ message: ' ' }],
      [],
    ];

    const responses = await Promise.all(bad.map((reports) => send(reports)));

    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error).toBe('bad_request');
    }
    expect(await stored(marker)).toEqual([]);
  });

  it('takes a client address at most its share a minute, counted atomically, and then says when to come back', async () => {
    const marker = `flood-${kind.name}`;
    const from = nextAddress();
    const batch = Array.from({ length: 10 }, (_, i) => ({ message: `${marker} ${i}` }));
    const batches = ERROR_REPORTS_PER_CLIENT_PER_MINUTE / 10 + 2;

    const responses = await Promise.all(Array.from({ length: batches }, () => send(batch, { from })));
    const elsewhere = await send([{ message: `${marker} elsewhere` }]);

    const statuses = responses.map((r) => r.statusCode).sort();
    // A window may end during the burst: then more get in, never more than a full share in either window.
    expect(statuses.filter((s) => s === 202).length).toBeGreaterThanOrEqual(ERROR_REPORTS_PER_CLIENT_PER_MINUTE / 10);
    expect(statuses.filter((s) => s === 202).length).toBeLessThanOrEqual((2 * ERROR_REPORTS_PER_CLIENT_PER_MINUTE) / 10);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await stored(marker)).filter((r) => !r.message.endsWith('elsewhere'))).toHaveLength(statuses.filter((s) => s === 202).length * 10);
    expect(elsewhere.statusCode).toBe(202);
  });

  it('keeps the newest reports of the last days, within the number kept', async () => {
    const repo = errorReportRepository(server().db);
    const marker = `prune-${kind.name}`;
    const row = (at: string, n: number) => ({ id: `${marker}-${n}`, received_at: at, customer_id: null, message: `${marker} ${n}`, name: null, correlation_id: null, page: null, context: '{}' });
    await server().db.deleteFrom('error_reports').execute();
    await repo.add([row('2026-01-01T00:00:00.000Z', 1), row('2026-03-01T00:00:00.000Z', 2), row('2026-03-02T00:00:00.000Z', 3), row('2026-03-02T00:00:00.000Z', 4), row('2026-03-03T00:00:00.000Z', 5)]);

    await repo.prune(3, '2026-02-01T00:00:00.000Z');

    expect((await stored(marker)).map((r) => r.id)).toEqual([`${marker}-3`, `${marker}-4`, `${marker}-5`]);
  });

  it('shows the operator the newest reports with `npm run error-reports`', async () => {
    const me = await newCustomer(server());
    const marker = `cli-${kind.name}`;
    await send([{ message: `${marker} first`, page: '/orders' }], { headers: me.headers });
    await send([{ message: `${marker} second`, name: 'AccessToken Error', correlationId: 'abc-1' }]);
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: server().config.dataDir, DATABASE_URL: server().database.url };
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(process.execPath, [CLI, ...args], { env }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })),
      );

    const [text, json, mine, wrong] = await Promise.all([run(['--last', '2']), run(['--last=2', '--json']), run(['--customer', me.id, '--json']), run(['--last', 'all'])]);

    expect(text, text.stderr).toMatchObject({ code: 0 });
    expect(text.stdout).toMatch(new RegExp(`AccessToken Error: ${marker} second\\n  not signed in · correlation abc-1\\n.*Error: ${marker} first\\n  customer ${me.id} · page /orders\\n$`));
    expect(json.stdout.trim().split('\n').map((line) => JSON.parse(line).message)).toEqual([`${marker} second`, `${marker} first`]);
    expect(mine.stdout.trim().split('\n').map((line) => JSON.parse(line).customerId)).toEqual([me.id]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--last takes a whole number from 1 to 10000, not "all"');
  }, 30_000);

  it("keeps the server's own 500s with their correlation id, route and customer, the same failure once a minute (decision 117)", async () => {
    const me = await newCustomer(server());
    const db = server().db;
    const send = () => server().app.inject({ method: 'POST', url: `${SERVICE_BASE_PATHS.customers}${FEEDBACK_PATH}`, headers: me.headers, payload: { rating: 5, comment: 'Lovely', page: '/orders' } });
    // A table gone from under the service: the kind of failure no test of the service itself foresees.
    await sql`ALTER TABLE feedback RENAME TO feedback_away`.execute(db);
    const answers = [];
    try {
      for (let i = 0; i < 3; i++) answers.push(await send());
    } finally {
      await sql`ALTER TABLE feedback_away RENAME TO feedback`.execute(db);
    }

    expect(answers.map((a) => a.statusCode)).toEqual([500, 500, 500]);
    const rows = await db.selectFrom('error_reports').selectAll().where('customer_id', '=', me.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.correlation_id).toBe(answers[0]!.headers['x-correlationid']);
    expect(JSON.parse(rows[0]!.context)).toEqual({ source: 'request', where: `POST ${SERVICE_BASE_PATHS.customers}${FEEDBACK_PATH}` });
    expect(rows[0]!.message).toMatch(/feedback/);
  });
});
