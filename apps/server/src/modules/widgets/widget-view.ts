import { BOOK_PAGE_PHOTO_SIZE, THUMBNAIL_SIZES, type BookPage, type BookPhoto, type Photo, type ThumbnailSize, type Widget } from '@shoebox/contracts';
import { renditionKey } from '../../platform/blobs/photo-blob-keys.js';
import type { PhotosTable } from '../../platform/db/schema.js';
import type { WidgetRepository, WidgetRow } from './widget.repository.js';

/** The photo library's own view of a photo: signed rendition addresses, never a storage key on its own. */
export type ToPhoto = (row: PhotosTable) => Photo;

/** Covers are shown small in the list, pages at the size the library's viewer uses. */
const COVER_SIZE: ThumbnailSize = 300;
const PAGE_PHOTO_SIZE = BOOK_PAGE_PHOTO_SIZE;

/**
 * Where a page photo's address points at one of the library's sizes: the library's signed rendition, or (for
 * a shared book) the link's own address of that position.
 */
export type PagePhotoUrl = (photo: Photo, pageIndex: number, photoIndex: number, size: ThumbnailSize) => string;

/** The library lists a photo's thumbnails in THUMBNAIL_SIZES order. */
const thumbnail = (photo: Photo, size: ThumbnailSize) => photo.thumbnails[THUMBNAIL_SIZES.indexOf(size)]!;

/**
 * A photo as a book shows it, with every size it has for the browser to choose from. A small photo's larger
 * sizes are its largest rendition again: listed once, so no two sources claim the same width.
 */
function bookPhoto(photo: Photo, urlOf: (size: ThumbnailSize) => string): BookPhoto {
  const { width, height } = thumbnail(photo, PAGE_PHOTO_SIZE);
  const sources: BookPhoto['sources'] = [];
  for (const size of THUMBNAIL_SIZES) {
    const shown = thumbnail(photo, size);
    if (!sources.some((s) => s.width === shown.width)) sources.push({ url: urlOf(size), width: shown.width });
  }
  return { url: urlOf(PAGE_PHOTO_SIZE), width, height, sources };
}

/** Where the bytes of a photo's rendition of that size are; a small photo stands in with its largest one, as in the library. */
function renditionKeyOf(row: PhotosTable, size: ThumbnailSize): string {
  const renditions = JSON.parse(row.renditions) as { size: number }[];
  const largest = renditions.reduce((a, b) => (b.size > a.size ? b : a));
  return renditionKey(row.customer_id, row.id, renditions.some((r) => r.size === size) ? size : largest.size);
}

/** Turns book rows into answers, with the customer's photos looked up at once: a photo deleted since is simply left out. */
export function widgetView(repo: WidgetRepository, toPhoto: ToPhoto) {
  async function photosById(customerId: string, ids: string[]): Promise<Map<string, Photo>> {
    const rows = await repo.photos(customerId, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, toPhoto(row)]));
  }

  const widgetOf = (row: WidgetRow, photos: Map<string, Photo>): Widget => {
    const cover = row.cover_photo_id ? photos.get(row.cover_photo_id) : undefined;
    return {
      widgetId: row.id,
      productCode: row.product_code,
      productType: row.product_type,
      title: row.title,
      pageCount: row.page_count,
      coverUrl: cover ? thumbnail(cover, COVER_SIZE).url : null,
      createdAt: row.created_at,
      galleryEntryId: row.gallery_entry_id,
    };
  };

  return {
    async widgets(customerId: string, rows: WidgetRow[]): Promise<Widget[]> {
      const photos = await photosById(customerId, rows.flatMap((r) => (r.cover_photo_id ? [r.cover_photo_id] : [])));
      return rows.map((row) => widgetOf(row, photos));
    },

    async widget(customerId: string, row: WidgetRow): Promise<Widget> {
      return (await this.widgets(customerId, [row]))[0]!;
    },

    /**
     * The book's pages in order, each with the photos still in the owner's library. A photo keeps the
     * position it has in the book, so a photo deleted since does not move the addresses of the others.
     */
    async pages(customerId: string, widgetId: string, urlOf: PagePhotoUrl = (photo, _page, _photo, size) => thumbnail(photo, size).url): Promise<BookPage[]> {
      const pages = (await repo.pages(widgetId)).map((p) => ({ caption: p.caption, photoIds: JSON.parse(p.photo_ids) as string[] }));
      const photos = await photosById(customerId, pages.flatMap((p) => p.photoIds));
      return pages.map((page, pageIndex) => ({
        caption: page.caption,
        photos: page.photoIds.flatMap((id, photoIndex) => {
          const photo = photos.get(id);
          return photo ? [bookPhoto(photo, (size) => urlOf(photo, pageIndex, photoIndex, size))] : [];
        }),
      }));
    },

    /** The book's cover photo with its sizes at the addresses `urlOf` gives, or null when it has none or the photo has left the owner's library. */
    async cover(customerId: string, coverPhotoId: string | null, urlOf: (size: ThumbnailSize) => string): Promise<BookPhoto | null> {
      const photo = coverPhotoId ? (await photosById(customerId, [coverPhotoId])).get(coverPhotoId) : undefined;
      return photo ? bookPhoto(photo, urlOf) : null;
    },

    /**
     * Where the bytes of the photo at that position of the book are stored, at that size (by default the
     * size pages show), or undefined when there is no such position or its photo has left the owner's library.
     */
    async pagePhotoKey(customerId: string, widgetId: string, pageIndex: number, photoIndex: number, size: ThumbnailSize = PAGE_PHOTO_SIZE): Promise<string | undefined> {
      const page = await repo.pageAt(widgetId, pageIndex);
      const id = page && (JSON.parse(page.photo_ids) as string[])[photoIndex];
      const [row] = id ? await repo.photos(customerId, [id]) : [];
      return row && renditionKeyOf(row, size);
    },

    /** Where the bytes of the book's cover photo are at that size, or undefined when it has none or the photo has left the owner's library. */
    async coverKey(customerId: string, coverPhotoId: string | null, size: ThumbnailSize): Promise<string | undefined> {
      const [row] = coverPhotoId ? await repo.photos(customerId, [coverPhotoId]) : [];
      return row && renditionKeyOf(row, size);
    },
  };
}
export type WidgetView = ReturnType<typeof widgetView>;
