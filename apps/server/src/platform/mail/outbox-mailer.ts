import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage, Mailer } from './mailer.js';

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** Writes each message as a JSON file, newest last by name, for the development mailbox page. */
export function outboxMailer(dir: string, from: string): Mailer & { list(limit: number): Promise<StoredMail[]> } {
  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      const mail: StoredMail = { id: randomUUID(), from, sentAt, ...message };
      const file = path.join(dir, `${sentAt.replace(/[:.]/g, '-')}-${mail.id}.json`);
      await fs.writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2));
      await fs.rename(`${file}.tmp`, file);
    },
    async list(limit) {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      const newest = names.filter((n) => n.endsWith('.json')).sort().reverse().slice(0, limit);
      return Promise.all(newest.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as StoredMail));
    },
  };
}
