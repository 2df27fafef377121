import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { mailIdToken, type MailMessage, type Mailer } from './mailer.js';

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** The sending time in front of the id, fixed length, so names sort by time. */
const stamp = (sentAt: string) => sentAt.replace(/[:.]/g, '-');
const STAMP_LENGTH = stamp(new Date(0).toISOString()).length;
const idOfName = (name: string) => name.slice(STAMP_LENGTH + 1, -'.json'.length);

/**
 * Writes each message as a JSON file, newest last by name, for the development mailbox page. A message with
 * an id replaces the file of an earlier send of that id and keeps its time, so a repeated mail is one mail.
 */
export function outboxMailer(dir: string, from: string): Mailer & { list(limit: number): Promise<StoredMail[]> } {
  const jsonNames = async () => (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  const read = async (name: string) => JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as StoredMail;

  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const id = message.id ?? randomUUID();
      const earlier = message.id === undefined ? undefined : (await jsonNames()).find((n) => idOfName(n) === mailIdToken(id));
      const sentAt = earlier ? (await read(earlier)).sentAt : new Date().toISOString();
      const mail: StoredMail = { ...message, id, from, sentAt };
      const file = path.join(dir, earlier ?? `${stamp(sentAt)}-${mailIdToken(id)}.json`);
      await fs.writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2));
      await fs.rename(`${file}.tmp`, file);
    },
    async list(limit) {
      const newest = (await jsonNames()).sort().reverse().slice(0, limit);
      return Promise.all(newest.map(read));
    },
  };
}
