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
/** The folder beside the mails that remembers, per message id, the file its first send was written to. */
const IDS_FOLDER = 'ids';

interface FirstSend {
  name: string;
  sentAt: string;
}

/**
 * Writes each message as a JSON file, newest last by name, for the development mailbox page. A message with
 * an id replaces the file of an earlier send of that id and keeps its time, so a repeated mail is one mail;
 * the earlier send is found by its id's entry in `ids/`, not by reading the folder, which holds thousands
 * after a storage period run.
 */
export function outboxMailer(dir: string, from: string): Mailer & { list(limit: number): Promise<StoredMail[]> } {
  const jsonNames = async () => (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  const read = async (name: string) => JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as StoredMail;
  // A temporary name of its own per write: two processes sending the same id at once must not rename each other's.
  const writeWhole = async (file: string, text: string) => {
    const temporary = `${file}.${randomUUID()}.tmp`;
    await fs.writeFile(temporary, text);
    await fs.rename(temporary, file);
  };

  const sendNow = (token: string): FirstSend => {
    const sentAt = new Date().toISOString();
    return { name: `${stamp(sentAt)}-${token}.json`, sentAt };
  };

  /** Where a message of this id goes: its first send's file and time, recorded before the mail is written. */
  async function firstSend(token: string): Promise<FirstSend> {
    const entry = path.join(dir, IDS_FOLDER, token);
    const known = await fs.readFile(entry, 'utf8').catch(() => undefined);
    if (known !== undefined) return JSON.parse(known) as FirstSend;
    const first = sendNow(token);
    await fs.mkdir(path.dirname(entry), { recursive: true });
    await writeWhole(entry, JSON.stringify(first));
    return first;
  }

  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const id = message.id ?? randomUUID();
      const token = mailIdToken(id);
      const { name, sentAt } = message.id === undefined ? sendNow(token) : await firstSend(token);
      const mail: StoredMail = { ...message, id, from, sentAt };
      await writeWhole(path.join(dir, name), JSON.stringify(mail, null, 2));
    },
    async list(limit) {
      const newest = (await jsonNames()).sort().reverse().slice(0, limit);
      return Promise.all(newest.map(read));
    },
  };
}

/** The file in an outbox folder that names it, for instances to tell a shared outbox from one of their own. */
const IDENTITY_FILE = '.identity';

/**
 * The outbox folder's name for itself, made by the first instance that opens it: instances that share the
 * folder read the same one, instances with folders of their own (even at the same path on other machines)
 * each make another (decision 103).
 */
export async function outboxIdentity(dir: string): Promise<string> {
  const file = path.join(dir, IDENTITY_FILE);
  await fs.mkdir(dir, { recursive: true });
  // Written whole beside it, then linked into place (a link is made at once or fails when the name exists): of
  // instances starting at once on an empty folder one names it, and none reads a file another is still writing.
  // Creating the file exclusively and then writing it let a second machine read it empty (CI, decision 103).
  const whole = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(whole, randomUUID());
  try {
    await fs.link(whole, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.rm(whole, { force: true });
  }
  return (await fs.readFile(file, 'utf8')).trim();
}
