import { THUMBNAIL_SIZES, type BookPage, type Photo, type ThumbnailSize, type Widget } from '@shoebox/contracts';
import { renditionKey } from '../../platform/blobs/photo-blob-keys.js';
import type { PhotosTable } from '../../platform/db/schema.js';
import type { WidgetRepository, WidgetRow } from './widget.repository.js';

/** The photo library's own view of a photo: signed rendition addresses, never a storage key on its own. */
export type ToPhoto = (row: PhotosTable) => Photo;

/** Covers are shown small, pages at the size the library's viewer uses. */
const COVER_SIZE: ThumbnailSize = 300;
const PAGE_PHOTO_SIZE: ThumbnailSize = 800;

/** Where a page photo's address points: the library's signed rendition, or (for a shared book) the link's own address of that position. */
export type PagePhotoUrl = (photo: Photo, pageIndex: number, photoIndex: number) => string;

/** The library lists a photo's thumbnails in THUMBNAIL_SIZES order. */
const thumbnail = (photo: Photo, size: ThumbnailSize) => photo.thumbnails[THUMBNAIL_SIZES.indexOf(size)]!;

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
    async pages(customerId: string, widgetId: string, urlOf: PagePhotoUrl = (photo) => thumbnail(photo, PAGE_PHOTO_SIZE).url): Promise<BookPage[]> {
      const pages = (await repo.pages(widgetId)).map((p) => ({ caption: p.caption, photoIds: JSON.parse(p.photo_ids) as string[] }));
      const photos = await photosById(customerId, pages.flatMap((p) => p.photoIds));
      return pages.map((page, pageIndex) => ({
        caption: page.caption,
        photos: page.photoIds.flatMap((id, photoIndex) => {
          const photo = photos.get(id);
          if (!photo) return [];
          const { width, height } = thumbnail(photo, PAGE_PHOTO_SIZE);
          return [{ url: urlOf(photo, pageIndex, photoIndex), width, height }];
        }),
      }));
    },

    /**
     * Where the bytes of the photo at that position of the book are stored, at the size pages show, or
     * undefined when there is no such position or its photo has left the owner's library.
     */
    async pagePhotoKey(customerId: string, widgetId: string, pageIndex: number, photoIndex: number): Promise<string | undefined> {
      const page = await repo.pageAt(widgetId, pageIndex);
      const id = page && (JSON.parse(page.photo_ids) as string[])[photoIndex];
      const [row] = id ? await repo.photos(customerId, [id]) : [];
      if (!row) return undefined;
      // The same rendition as the page's thumbnail: a small photo stands in with its largest one.
      const renditions = JSON.parse(row.renditions) as { size: number }[];
      const largest = renditions.reduce((a, b) => (b.size > a.size ? b : a));
      const size = renditions.some((r) => r.size === PAGE_PHOTO_SIZE) ? PAGE_PHOTO_SIZE : largest.size;
      return renditionKey(row.customer_id, row.id, size);
    },
  };
}
export type WidgetView = ReturnType<typeof widgetView>;
