import { randomUUID } from 'node:crypto';
import {
  findChannel,
  GALLERY_CATEGORY_IDS,
  GALLERY_CATEGORY_NAMES,
  WIDGET_ERRORS,
  type CreateGalleryEntry,
  type GalleryCategory,
  type GalleryEntry,
  type UpdateGalleryEntry,
} from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { consumerOnly } from './consumers-only.js';
import type { GalleryEntryRow, GalleryRepository } from './gallery.repository.js';
import type { WidgetRepository } from './widget.repository.js';

const CATEGORIES: GalleryCategory[] = GALLERY_CATEGORY_IDS.map((id) => ({ id, name: GALLERY_CATEGORY_NAMES[id] }));

const entryNotFound = () => notFound('Gallery entry not found');
const knownCategory = (id: string) => {
  if (!(GALLERY_CATEGORY_IDS as readonly string[]).includes(id)) throw badRequest('Invalid body', [{ path: 'categoryId', message: `Must be one of ${GALLERY_CATEGORY_IDS.join(', ')}` }]);
};

/** A storefront by its channel code, whether the caller named its host or its code (the schema has checked it is known). */
const channelCode = (hostOrCode: string) => findChannel(hostOrCode)?.code ?? hostOrCode;

const entryOf = (row: GalleryEntryRow): GalleryEntry => ({
  id: row.id,
  widgetId: row.widget_id,
  title: row.title,
  categoryId: row.category_id,
  channel: row.channel,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Publishing the customer's own books to a storefront's gallery: one entry per book, never a blocked order's. */
export function galleryService(repo: GalleryRepository, widgets: WidgetRepository, now: () => Date = () => new Date()) {
  return {
    categories(identity: Identity): { items: GalleryCategory[] } {
      consumerOnly(identity);
      return { items: CATEGORIES };
    },

    async get(identity: Identity, id: string, channel: string): Promise<GalleryEntry> {
      const row = await repo.find(consumerOnly(identity), id, channelCode(channel));
      if (!row) throw entryNotFound();
      return entryOf(row);
    },

    async create(identity: Identity, body: CreateGalleryEntry): Promise<GalleryEntry> {
      const customerId = consumerOnly(identity);
      knownCategory(body.categoryId);
      const book = await widgets.find(customerId, body.widgetId);
      if (!book) throw notFound('Photo book not found');
      if (await repo.isBlocked(book.product_code)) throw new AppError(409, WIDGET_ERRORS.orderBlocked, 'This order’s photo books cannot be published to the gallery');
      const at = now().toISOString();
      const row = await repo.create({ id: randomUUID(), widget_id: book.id, customer_id: customerId, category_id: body.categoryId, title: body.title, channel: channelCode(body.channel), created_at: at, updated_at: at });
      if (row === 'gone') throw notFound('Photo book not found');
      if (row === 'exists') throw new AppError(409, WIDGET_ERRORS.alreadyPublished, 'This photo book is already in the gallery; change or delete its entry');
      return entryOf(row);
    },

    async update(identity: Identity, id: string, channel: string, body: UpdateGalleryEntry): Promise<GalleryEntry> {
      const customerId = consumerOnly(identity);
      knownCategory(body.categoryId);
      const row = await repo.update(customerId, id, channelCode(channel), { category_id: body.categoryId, title: body.title, updated_at: now().toISOString() });
      if (!row) throw entryNotFound();
      return entryOf(row);
    },

    async delete(identity: Identity, id: string, channel: string): Promise<void> {
      if (!(await repo.delete(consumerOnly(identity), id, channelCode(channel)))) throw entryNotFound();
    },

    /** Public: whether an order's books are kept out of the gallery. */
    async blocked(orderCode: string): Promise<{ orderCode: string; blocked: boolean }> {
      return { orderCode, blocked: await repo.isBlocked(orderCode) };
    },
  };
}
export type GalleryService = ReturnType<typeof galleryService>;
