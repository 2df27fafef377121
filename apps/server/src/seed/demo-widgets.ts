import { createHash } from 'node:crypto';
import type { WidgetProductType } from '@shoebox/contracts';
import { galleryRepository } from '../modules/widgets/gallery.repository.js';
import { widgetRepository } from '../modules/widgets/widget.repository.js';
import type { Db } from '../platform/db/database.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { demoOrderCode } from './demo-orders.js';

/** Books per consumer demo account with photos; Emma, whose library is large, has one more. */
export const DEMO_BOOK_COUNTS: Record<string, number> = { 'emma@example.com': 3 };
const DEFAULT_BOOK_COUNT = 2;
const PHOTOS_PER_PAGE = 2;
/** Pages per book, fewer when the library is small (Lars has a dozen photos). */
const MAX_PAGES = 5;

const BOOKS: { title: string; productType: WidgetProductType; caption: string; category: string }[] = [
  { title: 'Our summer', productType: 'photobook', caption: 'The first days', category: 'travel' },
  { title: 'Family moments', productType: 'photobook', caption: 'All of us', category: 'family' },
  { title: 'Year calendar', productType: 'calendar', caption: 'January', category: 'other' },
];
/** Why the demo's blocked order is blocked, as the back office would record it. */
export const DEMO_BLOCK_REASON = 'Contains photos the customer may not publish (demo)';

/** The same id for the same account and book on every start, so seeding twice is seeding once. */
function demoBookId(customerId: string, index: number): string {
  const hex = createHash('sha256').update(`demo-widget:${customerId}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-b${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Gives every consumer demo account that has photos a few online photo books made of its own photos
 * (decision 065), tied to its orders' codes where it has orders; the first book is published in the
 * gallery, and Emma's second book's order is blocked from it, so both gallery answers can be seen.
 * Run after the demo photos. A customer who deleted their books gets them back only once all are gone.
 */
export async function seedDemoWidgets(db: Db, now = Date.now()): Promise<void> {
  const books = widgetRepository(db);
  const gallery = galleryRepository(db);
  for (const account of DEMO_ACCOUNTS.filter((a) => !a.business)) {
    const customer = await db.selectFrom('customers').select(['id', 'channel']).where('email', '=', account.email).where('deleted_at', 'is', null).executeTakeFirst();
    if (!customer) continue;
    if (await db.selectFrom('widgets').select('id').where('customer_id', '=', customer.id).limit(1).executeTakeFirst()) continue;
    const count = DEMO_BOOK_COUNTS[account.email] ?? DEFAULT_BOOK_COUNT;
    const photos = (await db.selectFrom('photos').select('id').where('customer_id', '=', customer.id).orderBy('uploaded_at', 'desc').orderBy('id').limit(count * MAX_PAGES * PHOTOS_PER_PAGE).execute()).map((p) => p.id);
    const pages = Math.min(MAX_PAGES, Math.floor(photos.length / (count * PHOTOS_PER_PAGE)));
    if (pages === 0) continue;
    const orders = (await db.selectFrom('orders').select('order_code').where('customer_id', '=', customer.id).orderBy('created_at', 'desc').orderBy('order_code').limit(count).execute()).map((o) => o.order_code);

    for (let i = 0; i < count; i++) {
      const book = BOOKS[i % BOOKS.length]!;
      const mine = photos.slice(i * pages * PHOTOS_PER_PAGE, (i + 1) * pages * PHOTOS_PER_PAGE);
      const id = demoBookId(customer.id, i);
      const at = new Date(now - (i * 5 + 2) * 86_400_000).toISOString();
      const productCode = orders[i] ?? `${demoOrderCode(customer.id)}-BOOK${i + 1}`;
      await books.insert(
        { id, customer_id: customer.id, product_code: productCode, product_type: book.productType, title: book.title, cover_photo_id: mine[0] ?? null, created_at: at, updated_at: at },
        Array.from({ length: pages }, (_, p) => ({ caption: p === 0 ? book.caption : null, photoIds: mine.slice(p * PHOTOS_PER_PAGE, (p + 1) * PHOTOS_PER_PAGE) })),
      );
      if (i === 0) {
        await gallery.create({ id: demoBookId(customer.id, 1000), widget_id: id, customer_id: customer.id, category_id: book.category, title: book.title, channel: customer.channel, created_at: at, updated_at: at });
      }
      if (i === 1 && account.email === 'emma@example.com') await gallery.block(productCode, DEMO_BLOCK_REASON, at);
    }
  }
}
