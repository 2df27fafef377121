import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { activationStartedSchema, activationStateSchema, importPushMessageSchema, photoPageSchema, type ImportPushMessage } from '@shoebox/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { databases } from '../../test/databases.js';
import { newCustomer, PHOTOS_API, useLibraryServer } from '../../test/photo-library.js';
import { deleteRedisKeys, skipTestsUnlessRedis, testRedisUrl, uniqueRedisPrefix } from '../../test/redis.js';

const ACTIVATE = `${PHOTOS_API}/users/activate`;

describe.each(databases)('library activation with its job on BullMQ and its messages through Redis, on $name', (kind) => {
  const prefix = uniqueRedisPrefix('library-activation');
  const server = useLibraryServer(kind, { env: testRedisUrl ? { REDIS_URL: testRedisUrl, REDIS_PREFIX: prefix } : {} });
  skipTestsUnlessRedis();
  afterAll(() => deleteRedisKeys(prefix));

  it('concurrent starts make one import; every legacy photo arrives, the messages in order, the library ACTIVE', async () => {
    const me = await newCustomer(server());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-legacy-'));
    const messages: ImportPushMessage[] = [];
    const unsubscribe = server().events.subscribe((userId, message) => userId === me.id && 'type' in message && messages.push(importPushMessageSchema.parse(message)));
    try {
      const files = [];
      for (let i = 1; i <= 3; i++) {
        const filePath = path.join(dir, `${i}.jpg`);
        fs.writeFileSync(filePath, await makeTestJpeg({ width: 96, height: 64, seed: 9_500 + i, dateTaken: { local: `2011-0${i}-01T08:00:00` } }));
        files.push({ fileName: `old-${i}.jpg`, uploadedAt: `2012-01-0${i}T00:00:00.000Z`, filePath });
      }
      await server().activation.addLegacyPhotos(me.id, files);

      const answers = await Promise.all(Array.from({ length: 5 }, () => server().app.inject({ method: 'POST', url: ACTIVATE, headers: me.headers })));
      expect(answers.map((a) => activationStartedSchema.parse(a.json()).started).filter(Boolean)).toHaveLength(1);
      const status = async () => activationStateSchema.parse((await server().app.inject({ url: ACTIVATE, headers: me.headers })).json()).status;
      await expect.poll(status, { timeout: 60_000, interval: 200 }).toBe('ACTIVE');
      await expect.poll(() => messages.at(-1)?.type, { timeout: 5_000 }).toBe('import.finished');

      const photos = photoPageSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: me.headers })).json()).images;
      expect(photos.map((p) => [p.localFileName, p.dateTaken]).sort()).toEqual([
        ['old-1.jpg', '2011-01-01T08:00:00'],
        ['old-2.jpg', '2011-02-01T08:00:00'],
        ['old-3.jpg', '2011-03-01T08:00:00'],
      ]);
      expect(messages[0]).toMatchObject({ type: 'import.started', data: { payload: { imported: 0, total: 3, failed: 0 } } });
      expect(messages.at(-1)).toMatchObject({ data: { payload: { imported: 3, total: 3, failed: 0 } } });
      expect(messages.filter((m) => m.type === 'import.started')).toHaveLength(1);
    } finally {
      unsubscribe();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
