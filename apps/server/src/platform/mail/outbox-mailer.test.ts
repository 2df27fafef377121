import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxIdentity, outboxMailer } from './outbox-mailer.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await fs.rm(dir, { recursive: true, force: true });
});

const mail = (subject: string, id?: string) => ({ to: 'a@example.com', subject, text: `Text of ${subject}`, ...(id ? { id } : {}) });

describe('the outbox mailer', () => {
  it('keeps a message sent twice under the same id as one mail, in the place of the first send', async () => {
    const outbox = outboxMailer(dir, 'shop@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T07:00:00Z'));
    await outbox.send(mail('Reminder', 'reminder:c1:2026-12-01:1'));
    vi.setSystemTime(new Date('2026-11-01T07:05:00Z'));
    await outbox.send(mail('Other'));
    vi.setSystemTime(new Date('2026-11-01T07:10:00Z'));
    await outbox.send(mail('Reminder again', 'reminder:c1:2026-12-01:1'));

    const mails = await outbox.list(10);
    expect(mails.map((m) => m.subject)).toEqual(['Other', 'Reminder again']);
    expect(mails[1]).toMatchObject({ id: 'reminder:c1:2026-12-01:1', sentAt: '2026-11-01T07:00:00.000Z', from: 'shop@example.com' });
    expect((await fs.readdir(dir)).filter((n) => n.endsWith('.json'))).toHaveLength(2);
  });

  it('finds the first send of an id without reading the folder, also when a stop came before its mail was written', async () => {
    const outbox = outboxMailer(dir, 'shop@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T07:00:00Z'));
    await outbox.send(mail('Reminder', 'r1'));
    const [written] = (await fs.readdir(dir)).filter((n) => n.endsWith('.json'));
    await fs.rm(path.join(dir, written!)); // as if the process stopped between recording the id and writing the mail
    vi.setSystemTime(new Date('2026-11-02T07:00:00Z'));
    await outbox.send(mail('Reminder, sent again', 'r1'));
    expect((await fs.readdir(dir)).filter((n) => n.endsWith('.json'))).toEqual([written]);
    expect(await outbox.list(10)).toMatchObject([{ subject: 'Reminder, sent again', sentAt: '2026-11-01T07:00:00.000Z' }]);
  });

  it('keeps messages with different ids apart, also ids whose file-safe forms could look alike', async () => {
    const outbox = outboxMailer(dir, 'shop@example.com');
    for (const id of ['a/b', 'a_b', 'a%2Fb', 'x-a_b', '../escape']) await outbox.send(mail(id, id));
    const mails = await outbox.list(10);
    expect(mails.map((m) => m.id).sort()).toEqual(['../escape', 'a%2Fb', 'a/b', 'a_b', 'x-a_b']);
    expect((await fs.readdir(dir)).every((n) => !n.includes('/'))).toBe(true);
  });

  it('stores messages without an id each as their own mail, newest first', async () => {
    const outbox = outboxMailer(dir, 'shop@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T07:00:00Z'));
    await outbox.send(mail('First'));
    vi.setSystemTime(new Date('2026-11-01T07:01:00Z'));
    await outbox.send(mail('First'));
    const mails = await outbox.list(10);
    expect(mails).toHaveLength(2);
    expect(mails[0].sentAt).toBe('2026-11-01T07:01:00.000Z');
    expect(mails[0].id).not.toBe(mails[1].id);
  });
});

describe("an outbox folder's identity", () => {
  it('is one name for every instance opening the same folder, also all at once, and another for another folder', async () => {
    const shared = path.join(dir, 'shared');
    const names = await Promise.all(Array.from({ length: 8 }, () => outboxIdentity(shared)));
    expect(new Set(names).size).toBe(1);
    expect(await outboxIdentity(shared)).toBe(names[0]);
    expect(await outboxIdentity(path.join(dir, 'elsewhere'))).not.toBe(names[0]);
    // Never a half-made name: instances reading the file while the first writes it once read an empty one (CI,
    // two machines starting at once on one outbox: 'Settings differ from the cluster's: OUTBOX_DIR').
    for (let round = 0; round < 20; round++) {
      const fresh = await Promise.all(Array.from({ length: 8 }, () => outboxIdentity(path.join(dir, `fresh-${round}`))));
      expect(new Set(fresh).size).toBe(1);
      expect(fresh[0]).toMatch(/^[0-9a-f-]{36}$/);
    }
    // The mailbox lists mails only.
    await outboxMailer(shared, 'shop@example.com').send(mail('One'));
    expect((await outboxMailer(shared, 'shop@example.com').list(10)).map((m) => m.subject)).toEqual(['One']);
  });
});
