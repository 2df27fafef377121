import { z } from 'zod/mini';
import { channelNameSchema } from './channel-name.js';
import { THUMBNAIL_SIZES, type ThumbnailSize } from './photos.js';
import { documentedAs } from './documented-as.js';
import { emailAddressSchema } from './email-address.js';
import { displayText, idSchema, notBlank, queryInt, text } from './text.js';

/**
 * Online photo books, "widgets" (account-area §2.8, §3, §7.8; consumers only, business gets 403):
 * a book made from the customer's photos that can be shared by mail with anyone, who opens it without
 * an account, and published to the storefront's public gallery in a category. Under {widgets}:
 *   GET    /v1/widgets/me?offset&limit               the customer's books, newest first (page size WIDGETS_PAGE_SIZE)
 *   GET    /v1/widget/all?orderCodes=a,b             the customer's books of those order codes
 *   GET    /v1/widget/{id}                           one book with its pages
 *   POST   /v1/widget/{id}                           rename it { title }
 *   DELETE /v1/widget/{id}                           delete it, its shares and its gallery entry
 *   PUT    /v1/widget/{id}/share?vendorId&fromName&personalMessage&toEmailAddress   (address base64-encoded)
 *   GET    /v1/widget/{id}/shares                    the book's links that still open it, newest first
 *   DELETE /v1/widget/{id}/shares/{shareId}          stop one link opening the book (decision 082)
 *   GET    /v1/shared-books/{shareToken}             public: the shared book, for whoever holds the link
 *   GET    /v1/shared-books/{shareToken}/cover?size   public: its cover photo;  .../photos/{page}/{photo}?size  a page's photo
 *   GET    /v1/categories                            gallery categories
 *   GET    /v1/galleryentries/{id}?channel  POST /v1/galleryentries/  PUT|DELETE /v1/galleryentries/{id}?channel
 *   GET    /v1/blockedorders/{orderCode}              public: whether an order is blocked from the gallery
 * The widget's server-side orderCode is called productCode here (spec §3). Limits: decision 065.
 * Refusals with their own `error` code: WIDGET_ERRORS.
 */
export const WIDGETS_PAGE_SIZE = 12;
export const WIDGETS_LIST_MAX_LIMIT = 50;
export const WIDGET_PRODUCT_TYPES = ['photobook', 'calendar', 'wallDecor'] as const;
export type WidgetProductType = (typeof WIDGET_PRODUCT_TYPES)[number];
export const WIDGET_TITLE_MAX_LENGTH = 120;
export const SHARE_SENDER_NAME_MAX_LENGTH = 100;
export const SHARE_MESSAGE_MAX_LENGTH = 1000;
/** Shares one customer may send per window; beyond it 429 and no mail. */
export const WIDGET_SHARES_PER_WINDOW = 20;
export const WIDGET_SHARE_WINDOW_MINUTES = 60;
/** How long a share link opens the book. */
export const WIDGET_SHARE_LINK_VALID_DAYS = 90;

const timestamp = z.iso.datetime({ offset: true });
const count = z.int().check(z.minimum(0));

export const widgetSchema = z.object({
  widgetId: z.string(),
  /** The order the book belongs to (the server's orderCode). */
  productCode: z.string(),
  productType: z.enum(WIDGET_PRODUCT_TYPES),
  title: z.string(),
  pageCount: count,
  /** A signed thumbnail address of the cover photo, or null when its photo is gone. */
  coverUrl: z.nullable(z.string()),
  createdAt: timestamp,
  /** The gallery entry of this book, if published. */
  galleryEntryId: z.nullable(z.string()),
});
export type Widget = z.infer<typeof widgetSchema>;

export const widgetListQuerySchema = z.object({ offset: queryInt(0, 10_000, 0), limit: queryInt(1, WIDGETS_LIST_MAX_LIMIT, WIDGETS_PAGE_SIZE) });
export const widgetListSchema = z.object({ items: z.array(widgetSchema), total: count });
export type WidgetList = z.infer<typeof widgetListSchema>;

/** At most this many order codes in one GET /v1/widget/all; more is a 400. */
export const WIDGETS_BY_ORDER_MAX_CODES = 50;
/** At least one code: a list of only commas and spaces names none. */
export const widgetsByOrderQuerySchema = z.object({ orderCodes: text().check(z.minLength(1), z.maxLength(2000), z.regex(/[^,\s]/)) });
export const widgetsByOrderSchema = z.object({ items: z.array(widgetSchema) });

/** The library's size a book's pages show their photos at (`url` of a book photo). */
export const BOOK_PAGE_PHOTO_SIZE: ThumbnailSize = 800;
/** One more size of a book photo (a library rendition), so a browser can fetch the one it shows (srcset). */
export const bookPhotoSourceSchema = z.object({ url: z.string(), width: z.int().check(z.minimum(1)) });
/** A photo of a book: `url`, `width` and `height` are those of the size pages show; `sources` lists every size, smallest first. */
export const bookPhotoSchema = z.object({ url: z.string(), width: count, height: count, sources: z.array(bookPhotoSourceSchema) });
export type BookPhoto = z.infer<typeof bookPhotoSchema>;
export const bookPageSchema = z.object({ caption: z.nullable(z.string()), photos: z.array(bookPhotoSchema) });
export type BookPage = z.infer<typeof bookPageSchema>;

export const widgetDetailsSchema = z.extend(widgetSchema, { pages: z.array(bookPageSchema) });
export type WidgetDetails = z.infer<typeof widgetDetailsSchema>;

export const widgetParamsSchema = z.object({ id: idSchema });
export const renameWidgetSchema = z.object({
  title: displayText().check(notBlank(), z.trim(), z.maxLength(WIDGET_TITLE_MAX_LENGTH)),
});

/** Spec §7.8: the share's fields travel in the query; toEmailAddress is base64 of the recipient's address. */
export const widgetShareQuerySchema = z.object({
  vendorId: text().check(z.minLength(1), z.maxLength(64)),
  fromName: displayText().check(notBlank(), z.trim(), z.maxLength(SHARE_SENDER_NAME_MAX_LENGTH)),
  // The recipient reads the message as the sender's words: like the sender's name, it may not read other than it is stored.
  personalMessage: z._default(displayText().check(z.maxLength(SHARE_MESSAGE_MAX_LENGTH)), ''),
  toEmailAddress: documentedAs(text().check(z.minLength(4), z.maxLength(500)), { base64Of: () => emailAddressSchema() }),
});
export type WidgetShareQuery = z.infer<typeof widgetShareQuerySchema>;
export const widgetShareResultSchema = z.object({ shareId: z.string(), expiresAt: timestamp });

/** A link to the book mailed to someone that still opens it (decision 082): who it went to and until when. */
export const widgetShareItemSchema = z.object({ id: z.string(), recipient: z.string(), created: timestamp, expires: timestamp });
export type WidgetShareItem = z.infer<typeof widgetShareItemSchema>;
export const widgetShareListSchema = z.object({ items: z.array(widgetShareItemSchema) });
export type WidgetShareList = z.infer<typeof widgetShareListSchema>;
export const widgetShareParamsSchema = z.object({ id: idSchema, shareId: idSchema });

/** The base64 the share call carries, from an address (UTF-8 safe). */
export function encodeShareEmail(email: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(email)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** What the recipient sees: no ids, no owner's address. */
export const sharedBookSchema = z.object({
  title: z.string(),
  senderName: z.string(),
  personalMessage: z.string(),
  /** The book's cover photo, through the link's own address; null when the book has none or its photo was deleted. */
  cover: z.nullable(bookPhotoSchema),
  pages: z.array(bookPageSchema),
  expiresAt: timestamp,
});
export type SharedBook = z.infer<typeof sharedBookSchema>;
export const sharedBookParamsSchema = z.object({ shareToken: text().check(z.minLength(16), z.maxLength(200)) });
/** Which of the library's sizes of a shared book's photo to send (one of THUMBNAIL_SIZES); pages show 800. */
export const sharedBookPhotoQuerySchema = z.object({
  size: z._default(documentedAs(z.pipe(z.coerce.number(), z.literal(THUMBNAIL_SIZES)), { equivalent: () => z.literal(THUMBNAIL_SIZES) }), BOOK_PAGE_PHOTO_SIZE),
});

/**
 * The gallery's categories, a fixed list. GET /v1/categories answers them in this order with an English
 * `name`; the web shows its own translation of each id (falling back to that name).
 */
export const GALLERY_CATEGORY_IDS = ['family', 'travel', 'wedding', 'baby', 'celebrations', 'nature', 'pets', 'other'] as const;
export type GalleryCategoryId = (typeof GALLERY_CATEGORY_IDS)[number];
/** The categories' English names, as GET /v1/categories answers them; the web shows its own translation of each id. */
export const GALLERY_CATEGORY_NAMES: Record<GalleryCategoryId, string> = {
  family: 'Family',
  travel: 'Travel',
  wedding: 'Wedding',
  baby: 'Baby',
  celebrations: 'Celebrations',
  nature: 'Nature',
  pets: 'Pets',
  other: 'Other',
};
export const galleryCategorySchema = z.object({ id: z.string(), name: z.string() });
export const galleryCategoriesSchema = z.object({ items: z.array(galleryCategorySchema) });
export type GalleryCategory = z.infer<typeof galleryCategorySchema>;

export const galleryEntrySchema = z.object({
  id: z.string(),
  widgetId: z.string(),
  title: z.string(),
  categoryId: z.string(),
  channel: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type GalleryEntry = z.infer<typeof galleryEntrySchema>;
export const galleryChannelQuerySchema = z.object({ channel: channelNameSchema });
export const galleryEntryParamsSchema = z.object({ id: idSchema });
const galleryTitle = displayText().check(notBlank(), z.trim(), z.maxLength(WIDGET_TITLE_MAX_LENGTH));
/** One of GALLERY_CATEGORY_IDS: the service names the list in its 400, so the contract only documents it. */
const galleryCategoryId = documentedAs(text().check(z.minLength(1), z.maxLength(64)), { equivalent: () => z.enum(GALLERY_CATEGORY_IDS) });
export const createGalleryEntrySchema = z.object({ widgetId: idSchema, categoryId: galleryCategoryId, title: galleryTitle, channel: channelNameSchema });
export const updateGalleryEntrySchema = z.object({ categoryId: galleryCategoryId, title: galleryTitle });
export type CreateGalleryEntry = z.infer<typeof createGalleryEntrySchema>;
export type UpdateGalleryEntry = z.infer<typeof updateGalleryEntrySchema>;

/** A blocked order's book cannot be published to the gallery (409 order_blocked). */
export const blockedOrderSchema = z.object({ orderCode: z.string(), blocked: z.boolean() });
export const blockedOrderParamsSchema = z.object({ orderCode: idSchema });

/** The `error` of the refusals particular to photo books (all 409). */
export const WIDGET_ERRORS = {
  /** The book's order is blocked from the gallery. */
  orderBlocked: 'order_blocked',
  /** The book already has a gallery entry: change or delete that one. */
  alreadyPublished: 'gallery_entry_exists',
} as const;
