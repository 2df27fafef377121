import { THUMBNAIL_SIZES, type BookPage, type Photo, type ThumbnailSize, type Widget } from '@shoebox/contracts';
import type { PhotosTable } from '../../platform/db/schema.js';
import type { WidgetRepository, WidgetRow } from './widget.repository.js';

/** The photo library's own view of a photo: signed rendition addresses, never a storage key on its own. */
export type ToPhoto = (row: PhotosTable) => Photo;

/** Covers are shown small, pages at the size the library's viewer uses. */
const COVER_SIZE: ThumbnailSize = 300;
const PAGE_PHOTO_SIZE: ThumbnailSize = 800;

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

    /** The book's pages in order, each with the photos still in the owner's library. */
    async pages(customerId: string, widgetId: string): Promise<BookPage[]> {
      const pages = (await repo.pages(widgetId)).map((p) => ({ caption: p.caption, photoIds: JSON.parse(p.photo_ids) as string[] }));
      const photos = await photosById(customerId, pages.flatMap((p) => p.photoIds));
      return pages.map((page) => ({
        caption: page.caption,
        photos: page.photoIds.flatMap((id) => {
          const photo = photos.get(id);
          if (!photo) return [];
          const { url, width, height } = thumbnail(photo, PAGE_PHOTO_SIZE);
          return [{ url, width, height }];
        }),
      }));
    },
  };
}
export type WidgetView = ReturnType<typeof widgetView>;
