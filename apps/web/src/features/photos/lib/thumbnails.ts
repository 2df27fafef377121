import type { Photo, ThumbnailSize } from '@shoebox/contracts';

/**
 * The URL of a photo's thumbnail of a size (the box its longest edge fits): 300 for small and medium grids,
 * 800 for large grids, 1300 in the preview. The smallest thumbnail at least that big wins; a photo smaller
 * than the size has only smaller renditions, and then its largest is used, then the photo itself.
 */
export function thumbnailUrl(photo: Photo, size: ThumbnailSize): string {
  let best: { edge: number; url: string } | undefined;
  let largest: { edge: number; url: string } | undefined;
  for (const thumbnail of photo.thumbnails) {
    const edge = Math.max(thumbnail.width, thumbnail.height);
    if (edge >= size && (!best || edge < best.edge)) best = { edge, url: thumbnail.url };
    if (!largest || edge > largest.edge) largest = { edge, url: thumbnail.url };
  }
  return (best ?? largest)?.url ?? photo.url;
}
