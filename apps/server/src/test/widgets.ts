/** Shared steps of the photo-book API tests: books inserted as the editor leaves them, business callers, the outbox read back. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SERVICE_BASE_PATHS, type WidgetProductType } from '@shoebox/contracts';
import type { InjectOptions } from 'fastify';
import { insertPhotoRows, newCustomer, type TestCustomer } from './photo-library.js';
import { bearer, forgeAccessToken } from './sign-in.js';
import type { TestShoebox } from './test-server.js';
import { widgetRepository } from '../modules/widgets/widget.repository.js';

export const WIDGETS_API = `${SERVICE_BASE_PATHS.widgets}/v1`;

export interface TestBook {
  id: string;
  photoIds: string[];
  productCode: string;
}

/** A book of `pages` pages, two of the customer's own (new) photos on each, the first photo its cover. */
export async function insertBook(
  server: TestShoebox,
  owner: TestCustomer,
  o: { title?: string; productCode?: string; productType?: WidgetProductType; pages?: number; createdAt?: string } = {},
): Promise<TestBook> {
  const pages = o.pages ?? 2;
  const photos = await insertPhotoRows(server, owner.id, Array.from({ length: pages * 2 }, () => ({})));
  const photoIds = photos.map((p) => p.id);
  const id = randomUUID();
  const at = o.createdAt ?? new Date().toISOString();
  const productCode = o.productCode ?? `ORD-${id.slice(0, 8).toUpperCase()}`;
  await widgetRepository(server.db).insert(
    { id, customer_id: owner.id, product_code: productCode, product_type: o.productType ?? 'photobook', title: o.title ?? 'Summer in Porto', cover_photo_id: photoIds[0]!, created_at: at, updated_at: at },
    Array.from({ length: pages }, (_, i) => ({ caption: i === 0 ? 'Day one' : null, photoIds: photoIds.slice(i * 2, i * 2 + 2) })),
  );
  return { id, photoIds, productCode };
}

/** A business customer: the same kind of account, signed in with the b2b authentication method. */
export async function newBusinessCustomer(server: TestShoebox): Promise<TestCustomer> {
  const customer = await newCustomer(server);
  const identity = await server.db.selectFrom('identities').select('id').where('customer_id', '=', customer.id).executeTakeFirstOrThrow();
  await server.db.updateTable('identities').set({ auth_method: 'b2b' }).where('id', '=', identity.id).execute();
  await server.db.updateTable('customers').set({ business_status: 'Active', business_company: 'Test BV' }).where('id', '=', customer.id).execute();
  const token = await forgeAccessToken(server.db, { sub: customer.id, email: customer.email, idp_type: 'shoebox', idp_sub: identity.id, auth_method: 'b2b' });
  return { ...customer, token, headers: bearer(token) };
}

export const callAs = (server: TestShoebox, who: TestCustomer | null, o: InjectOptions) =>
  server.app.inject({ ...o, headers: { ...(who?.headers ?? {}), ...o.headers } });

/** Every table of photo books, as rows, to show that a refused call changed nothing. */
export async function widgetTables(server: TestShoebox) {
  const tables = ['widgets', 'widget_pages', 'widget_shares', 'gallery_entries', 'blocked_orders'] as const;
  const rows = await Promise.all(tables.map((t) => server.db.selectFrom(t).selectAll().execute()));
  return Object.fromEntries(tables.map((t, i) => [t, rows[i]!.map((r) => JSON.stringify(r)).sort()]));
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail in the outbox, to anyone, oldest first. */
export function outboxMails(server: TestShoebox): SentMail[] {
  if (server.config.mail.kind !== 'outbox') throw new Error('These tests read the outbox');
  const dir = server.config.mail.dir;
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8')) as SentMail);
}

/** Every mail in the outbox to this address, oldest first. */
export const mailsTo = (server: TestShoebox, email: string): SentMail[] => outboxMails(server).filter((m) => m.to === email);

/**
 * Makes the mail server unreachable for the outbox adapter: its folder becomes a file, so every send
 * fails as a refused connection would. The returned function brings it back.
 */
export function breakMail(server: TestShoebox): () => void {
  if (server.config.mail.kind !== 'outbox') throw new Error('These tests use the outbox');
  const dir = server.config.mail.dir;
  const aside = `${dir}.aside`;
  if (fs.existsSync(dir)) fs.renameSync(dir, aside);
  fs.writeFileSync(dir, 'not a folder');
  return () => {
    fs.rmSync(dir, { force: true });
    if (fs.existsSync(aside)) fs.renameSync(aside, dir);
  };
}

export function linkIn(mail: { text: string }): URL {
  const href = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!href) throw new Error(`No link in ${mail.text}`);
  return new URL(href);
}
