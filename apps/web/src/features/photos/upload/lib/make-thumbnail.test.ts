import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { makeThumbnail, THUMBNAIL_PIXELS } from './make-thumbnail';

type Size = { width: number; height: number };

let asked: ImageBitmapOptions[];
let drawn: unknown[][];
let closed: number;

/** createImageBitmap as a browser answers it: the decoded size follows the requested width or height, keeping the shape. */
function decodesAs(photo: Size) {
  vi.stubGlobal('createImageBitmap', async (_file: Blob, options: ImageBitmapOptions) => {
    asked.push(options);
    const scale = options.resizeWidth ? options.resizeWidth / photo.width : options.resizeHeight ? options.resizeHeight / photo.height : 1;
    return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale), close: () => void (closed += 1) };
  });
}

beforeEach(() => {
  asked = [];
  drawn = [];
  closed = 0;
  const context = { fillStyle: '', imageSmoothingQuality: 'low', fillRect: () => undefined, drawImage: (...args: unknown[]) => void drawn.push(args.slice(1)) };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => callback(new Blob(['x'], { type })));
});
afterEach(() => vi.unstubAllGlobals());

const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'harbour.jpg', { type: 'image/jpeg' });

test('a photo is decoded small, turned as its EXIF says, and centre-cropped to a square JPEG', async () => {
  decodesAs({ width: 4000, height: 3000 });
  const blob = await makeThumbnail(photo);
  expect(blob.type).toBe('image/jpeg');
  expect(asked).toEqual([{ imageOrientation: 'from-image', resizeQuality: 'medium', resizeWidth: 288 }]);
  expect(drawn).toEqual([[36, 0, 216, 216, 0, 0, THUMBNAIL_PIXELS, THUMBNAIL_PIXELS]]);
  expect(closed).toBe(1);
});

test('a panorama is decoded again by its height, so its square is not blurred', async () => {
  decodesAs({ width: 9000, height: 1500 });
  await makeThumbnail(photo);
  expect(asked.map((o) => o.resizeWidth ?? `height ${o.resizeHeight}`)).toEqual([288, `height ${THUMBNAIL_PIXELS}`]);
  expect(drawn).toEqual([[400, 0, 160, 160, 0, 0, THUMBNAIL_PIXELS, THUMBNAIL_PIXELS]]);
  expect(closed).toBe(2);
});

test('a file the browser cannot decode is refused', async () => {
  vi.stubGlobal('createImageBitmap', () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError')));
  await expect(makeThumbnail(photo)).rejects.toThrow('could not be decoded');
});
