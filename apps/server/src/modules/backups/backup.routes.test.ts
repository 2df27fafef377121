import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiErrorSchema, backupCreatedSchema, EXPORT_LINK_VALID_DAYS, exportStatusSchema, exportSuccessSchema, signedUrlSchema, type ExportSuccess } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { downloadSetups, useDownloadServer } from '../../test/downloads.js';
import { unpackZip } from '../../test/zip-check.js';
import { newCustomer, PHOTOS_API, relative, storePhotos, type TestCustomer } from '../../test/photo-library.js';
import { PUBLIC_URL } from '../../test/test-server.js';
import { MAX_READY_EXPORTS } from './backup.service.js';

const DAY_MS = 86_400_000;

describe.each(downloadSetups)('full-library export API on $name', (setup) => {
  const server = useDownloadServer(setup);

  const post = (c: TestCustomer) => server().app.inject({ method: 'POST', url: `${PHOTOS_API}/backups`, headers: c.headers });
  const get = (c: TestCustomer, url: string) => server().app.inject({ method: 'GET', url: `${PHOTOS_API}${url}`, headers: c.headers });

  async function untilReady(c: TestCustomer, id: string): Promise<ExportSuccess> {
    for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((r) => setTimeout(r, 100))) {
      const response = await get(c, `/backups/${id}`);
      expect(response.statusCode).toBe(200);
      const status = z.parse(exportStatusSchema, response.json());
      if ('chunks' in status) return z.parse(exportSuccessSchema, status);
    }
    throw new Error(`Export ${id} was not ready in time`);
  }

  const mailsTo = (email: string) => {
    const dir = (server().config.mail as { dir: string }).dir;
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.json')) : [];
    return names.map((n) => JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8')) as { to: string; subject: string; text: string }).filter((m) => m.to === email);
  };

  const backupsOf = (customerId: string) => server().db.selectFrom('backups').selectAll().where('customer_id', '=', customerId).execute();

  it('exports the library: 202 with the export, then its chunks, each downloadable under its name and holding the photos byte for byte, and one mail with the export page', async () => {
    const customer = await newCustomer(server());
    const photos = await storePhotos(server(), customer.id, [{ name: 'beach.jpg' }, { name: 'beach.jpg' }, { name: 'hills.jpg' }]);

    const created = await post(customer);
    expect(created.statusCode).toBe(202);
    const { id, status } = z.parse(backupCreatedSchema, created.json());
    expect(status).toBe('requested');

    const ready = await untilReady(customer, id);
    expect(ready).toMatchObject({ photosCount: 3, skippedPhotos: 0, chunks: [{ iteration: 1 }] });
    expect(Date.parse(ready.expires) - Date.parse(ready.processed)).toBe(EXPORT_LINK_VALID_DAYS * DAY_MS);

    const link = await get(customer, `/backups/${id}/chunks/${ready.chunks[0]!.id}/url`);
    expect(link.statusCode).toBe(200);
    const { url } = z.parse(signedUrlSchema, link.json());
    const download = await server().app.inject({ method: 'GET', url: relative(url) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('my-photos-export-1-of-1.zip');
    expect(download.rawPayload.length).toBe(ready.chunks[0]!.size);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-export-')), 'chunk.zip');
    fs.writeFileSync(file, download.rawPayload);
    const files = unpackZip(file);
    expect([...files.keys()].sort()).toEqual(['beach (2).jpg', 'beach.jpg', 'hills.jpg']);
    expect([...files.values()].map((b) => b.toString('base64')).sort()).toEqual(photos.map((p) => p.bytes.toString('base64')).sort());

    // The export is ready before its mail is handed over (export-job.ts): wait for the mail, not for the clock.
    await expect.poll(() => mailsTo(customer.email).length, { timeout: 10_000 }).toBe(1);
    const mails = mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/my-photos/exports/${id}`);
    const mailbox = await server().app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.body).toContain(`${PUBLIC_URL}/my-photos/exports/${id}`);
  });

  it('answers a request while a ready export holds the library as it is with 409 export_up_to_date naming it, and makes nothing; a changed library exports again', async () => {
    const customer = await newCustomer(server());
    await storePhotos(server(), customer.id, [{}]);
    const { id } = z.parse(backupCreatedSchema, (await post(customer)).json());
    await untilReady(customer, id);

    const again = await post(customer);
    expect(again.statusCode).toBe(409);
    expect(z.parse(apiErrorSchema, again.json())).toMatchObject({ error: 'export_up_to_date', params: { exportId: id } });
    expect(await backupsOf(customer.id)).toHaveLength(1);

    await storePhotos(server(), customer.id, [{}]);
    const changed = await post(customer);
    expect(changed.statusCode).toBe(202);
    expect(changed.json().id).not.toBe(id);
  });

  it('makes one export of two requests at once, and answers a request while one is being made with that one', async () => {
    const customer = await newCustomer(server());
    await storePhotos(server(), customer.id, [{}]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(customer)));
    // Each answers the one export: being made (202), or, when a quick job finished it before a late
    // request arrived, already made of the library as it is (409 export_up_to_date naming it).
    const exportOf = (a: (typeof answers)[number]) => {
      if (a.statusCode === 202) return z.parse(backupCreatedSchema, a.json()).id;
      const refusal = z.parse(apiErrorSchema, a.json());
      expect(refusal).toMatchObject({ status: 409, error: 'export_up_to_date' });
      return refusal.params?.exportId;
    };
    expect(answers.some((a) => a.statusCode === 202)).toBe(true);
    const ids = new Set(answers.map(exportOf));
    expect(ids.size).toBe(1);
    expect(await backupsOf(customer.id)).toHaveLength(1);
    const [id] = [...ids] as [string];
    await untilReady(customer, id);

    // Once it is made, a library that changed since may be exported again.
    await storePhotos(server(), customer.id, [{}]);
    const next = z.parse(backupCreatedSchema, (await post(customer)).json());
    expect(next.id).not.toBe(id);
    await untilReady(customer, next.id);
  });

  it('keeps at most MAX_READY_EXPORTS ready exports per customer: a further request is 429 too_many_exports until the oldest expires, and makes nothing', async () => {
    const customer = await newCustomer(server());
    await storePhotos(server(), customer.id, [{}]);
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    const insert = (status: 'processed' | 'failed', processedDaysAgo: number) =>
      server()
        .db.insertInto('backups')
        .values({ id: randomUUID(), customer_id: customer.id, status, requested_at: daysAgo(processedDaysAgo), processed_at: status === 'processed' ? daysAgo(processedDaysAgo) : null, email: customer.email, locale: 'en-GB', chunks_done: 1, resume_after: null, photos_count: 1, skipped_photos: 0, mail_sent_at: daysAgo(processedDaysAgo), error: status === 'failed' ? 'disk full' : null, library_version: null })
        .returning('id')
        .executeTakeFirstOrThrow();
    // A failed export and one past its week take no place.
    await insert('failed', 1);
    await insert('processed', EXPORT_LINK_VALID_DAYS + 1);
    const oldest = await insert('processed', 2);
    await insert('processed', 1);
    const before = await backupsOf(customer.id);

    const refused = await post(customer);
    expect(refused.statusCode).toBe(429);
    expect(z.parse(apiErrorSchema, refused.json())).toMatchObject({ status: 429, error: 'too_many_exports', params: { limit: MAX_READY_EXPORTS } });
    // Until the oldest ready export expires, five days from now.
    expect(Math.abs(Number(refused.headers['retry-after']) - (EXPORT_LINK_VALID_DAYS - 2) * 86_400)).toBeLessThan(60);
    expect(await backupsOf(customer.id)).toEqual(before);

    await server().db.updateTable('backups').set({ processed_at: daysAgo(EXPORT_LINK_VALID_DAYS + 0.01) }).where('id', '=', oldest.id).execute();
    expect((await post(customer)).statusCode).toBe(202);
  });

  it('answers an export still being made as pending, and a new request with that export', async () => {
    const customer = await newCustomer(server());
    const requested = new Date().toISOString();
    const id = randomUUID();
    await server()
      .db.insertInto('backups')
      .values({ id, customer_id: customer.id, status: 'in-progress', requested_at: requested, processed_at: null, email: customer.email, locale: 'en-GB', chunks_done: 0, resume_after: null, photos_count: 0, skipped_photos: 0, mail_sent_at: null, error: null, library_version: null })
      .execute();
    const pending = await get(customer, `/backups/${id}`);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ requested, status: 'in-progress' });
    const again = await post(customer);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ id, requested, status: 'in-progress' });
  });

  it('refuses an export of an empty library with 409 library_empty and makes nothing', async () => {
    const customer = await newCustomer(server());
    const response = await post(customer);
    expect(response.statusCode).toBe(409);
    expect(z.parse(apiErrorSchema, response.json())).toMatchObject({ status: 409, error: 'library_empty' });
    expect(await backupsOf(customer.id)).toEqual([]);
  });

  it("answers 404 for another customer's export and chunk, unknown ids, and an export whose links have expired", async () => {
    const owner = await newCustomer(server());
    const stranger = await newCustomer(server());
    await storePhotos(server(), owner.id, [{}]);
    const { id } = z.parse(backupCreatedSchema, (await post(owner)).json());
    const ready = await untilReady(owner, id);
    const chunk = ready.chunks[0]!.id;

    for (const url of [`/backups/${id}`, `/backups/${id}/chunks/${chunk}/url`, `/backups/${randomUUID()}`, `/backups/${id}/chunks/${randomUUID()}/url`]) {
      const response = await get(stranger, url);
      expect(response.statusCode, url).toBe(404);
      expect(z.parse(apiErrorSchema, response.json()).error).toBe('not_found');
    }
    expect((await get(owner, `/backups/${id}/chunks/${randomUUID()}/url`)).statusCode).toBe(404);
    expect((await get(owner, `/backups/${'x'.repeat(65)}`)).statusCode).toBe(400);

    // A moment before the links lapse the export still answers; past them, it is 404 like any unknown one.
    const processedAt = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    await server().db.updateTable('backups').set({ processed_at: processedAt(EXPORT_LINK_VALID_DAYS - 0.01) }).where('id', '=', id).execute();
    expect((await get(owner, `/backups/${id}`)).statusCode).toBe(200);
    await server().db.updateTable('backups').set({ processed_at: processedAt(EXPORT_LINK_VALID_DAYS + 0.01) }).where('id', '=', id).execute();
    for (const url of [`/backups/${id}`, `/backups/${id}/chunks/${chunk}/url`]) {
      const response = await get(owner, url);
      expect(response.statusCode, url).toBe(404);
      expect(z.parse(apiErrorSchema, response.json()).error).toBe('not_found');
    }
  });

  it('answers a failed export with 422 export_failed, offers none of its chunks, and lets the customer ask again', async () => {
    const customer = await newCustomer(server());
    await storePhotos(server(), customer.id, [{}]);
    const { id } = z.parse(backupCreatedSchema, (await post(customer)).json());
    const ready = await untilReady(customer, id);
    await server().db.updateTable('backups').set({ status: 'failed', error: 'disk full' }).where('id', '=', id).execute();

    const response = await get(customer, `/backups/${id}`);
    expect(response.statusCode).toBe(422);
    expect(z.parse(apiErrorSchema, response.json())).toMatchObject({ status: 422, error: 'export_failed' });
    expect((await get(customer, `/backups/${id}/chunks/${ready.chunks[0]!.id}/url`)).statusCode).toBe(404);
    const next = await post(customer);
    expect(next.statusCode).toBe(202);
    expect(z.parse(backupCreatedSchema, next.json()).id).not.toBe(id);
  });
});
