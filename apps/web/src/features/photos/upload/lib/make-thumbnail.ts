/** Pixels per side of a thumbnail: the 72 px square of the list, sharp on screens of up to 2.2 device pixels per px. */
export const THUMBNAIL_PIXELS = 160;
/** Width of the first, aspect-keeping decode: wide enough for a 16:9 photo's height to cover the square. */
const FIRST_DECODE_WIDTH = 288;

/**
 * A small square JPEG of a chosen photo, centre-cropped, made in the browser without holding the page:
 * createImageBitmap decodes off the main thread, straight to a small size (a 48-megapixel photo never sits
 * in memory at full size for a 72 px picture), turned as the photo's EXIF orientation says. A photo wider
 * than 16:9 is decoded once more by its height, so its square is not blurred. Rejects for a file the browser
 * cannot draw (HEIC in Chromium, a damaged or truncated file, a text file named .jpg).
 */
export async function makeThumbnail(file: Blob, pixels = THUMBNAIL_PIXELS): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') throw new Error('This browser cannot decode images off the page');
  const options = { imageOrientation: 'from-image', resizeQuality: 'medium' } as const;
  let bitmap = await createImageBitmap(file, { ...options, resizeWidth: FIRST_DECODE_WIDTH });
  if (bitmap.height < pixels && bitmap.height < bitmap.width) {
    bitmap.close();
    bitmap = await createImageBitmap(file, { ...options, resizeHeight: pixels });
  }
  try {
    const canvas = document.createElement('canvas');
    canvas.width = pixels;
    canvas.height = pixels;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // A transparent PNG shows on white, as on a print, not on JPEG's black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, pixels, pixels);
    const side = Math.min(bitmap.width, bitmap.height);
    if (side === 0) throw new Error('The image has no pixels');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, pixels, pixels);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The thumbnail could not be encoded'))), 'image/jpeg', 0.82),
    );
  } finally {
    bitmap.close();
  }
}
