import { CORRELATION_ID_HEADER, UPLOAD_DUPLICATE_HEADER, UPLOAD_MAX_BYTES, UPLOAD_PHOTO_ID_HEADER } from '@shoebox/contracts';
import type { FastifySchema } from 'fastify';
import { declaredRoute, NO_CONTENT, type RouteSpec } from '../../platform/api/route.js';
import { MAX_LIBRARY_PHOTOS, MAX_UNFINISHED_UPLOAD_BYTES, MAX_UNFINISHED_UPLOADS, UPLOADS_PER_MINUTE } from './upload-limits.js';

const TUS_SPEC = 'https://tus.io/protocols/resumable-upload';
const VERSION = { 'Tus-Resumable': 'The protocol version, 1.0.0; any other answers 412' };
/** The ingest's refusal codes and their params (decision 040), for clients that say them in their own words. */
const REFUSAL_CODES =
  'unsupported_type, empty, corrupt, too_slow, unprocessable, too_large {bytes, maxBytes}, too_many_pixels {width, height, maxMegapixels}, side_too_long {width, height, maxSide}, extreme_aspect_ratio {width, height, maxAspectRatio}';
const FINISHED = {
  [UPLOAD_PHOTO_ID_HEADER]: 'Once every byte arrived: the photo the upload became',
  [UPLOAD_DUPLICATE_HEADER]: 'Once every byte arrived: "true" when the photo was already in the library',
};

/**
 * The tus resumable-upload endpoint's operations (core protocol, creation and termination), for a
 * handler that hands each request to the tus server. The protocol speaks in headers, so they are
 * documented here rather than in a contract; only these methods reach the tus server.
 */
export function tusRoutes(path: string): ReturnType<typeof declaredRoute>[] {
  const upload = `${path}/:id`;
  const specs: RouteSpec[] = [
    {
      method: 'POST',
      url: path,
      summary: 'Start an upload (tus creation)',
      description: `${TUS_SPEC}. Upload-Metadata carries filename (required), albumId (the album the photo goes to, optional), lastModified (the file's last-modified time in milliseconds since 1970, optional) and lastModifiedOffset (the browser's UTC offset at that time in minutes east of UTC, optional), which date a photo whose EXIF has no date; at most ${UPLOAD_MAX_BYTES} bytes. The Location answered is where the bytes go. The request may carry the first bytes (creation-with-upload: Content-Type application/offset+octet-stream); Upload-Offset then answers how many were taken, and one that carries them all answers once the photo is stored, naming it as the last PATCH would. Refusals (ApiError, code in error, values in params): 413 too_large {maxBytes}, 422 empty, 403 account_blocked, 409 library_full {maxPhotos} (the library with its unfinished uploads holds ${MAX_LIBRARY_PHOTOS} photos), 429 with Retry-After and {retryAfterSeconds}: too_many_unfinished_uploads {maxUploads} or unfinished_uploads_too_large {maxBytes} (at most ${MAX_UNFINISHED_UPLOADS} unfinished, ${MAX_UNFINISHED_UPLOAD_BYTES} bytes declared), too_many_uploads {maxUploads} (at most ${UPLOADS_PER_MINUTE} started in any minute).`,
      requestHeaders: { ...VERSION, 'Upload-Length': 'The file size in bytes', 'Upload-Metadata': 'filename and optionally albumId, lastModified and lastModifiedOffset, base64, as tus specifies' },
      responseHeaders: { Location: "The upload's address", 'Upload-Offset': 'With creation-with-upload: bytes received so far', ...FINISHED, [CORRELATION_ID_HEADER]: 'The correlation id' },
      response: { 201: NO_CONTENT },
    },
    {
      method: 'HEAD',
      url: upload,
      summary: 'How many bytes of an upload arrived (tus offset); a finished one names its photo',
      requestHeaders: VERSION,
      responseHeaders: { 'Upload-Offset': 'Bytes received so far', 'Upload-Length': 'The declared size', ...FINISHED },
      response: { 200: NO_CONTENT },
    },
    {
      method: 'PATCH',
      url: upload,
      summary: "Send an upload's next bytes (tus core); the last chunk answers once the photo is stored",
      description: `A refused photo answers 422 in the ApiError shape, its reason as the code in error and the values its text needs in params: ${REFUSAL_CODES}. A full image pool answers 503 busy {retryAfterSeconds} with Retry-After; the upload is kept.`,
      consumes: 'application/offset+octet-stream',
      requestHeaders: { ...VERSION, 'Upload-Offset': 'Where these bytes start; must equal the bytes received so far' },
      responseHeaders: { 'Upload-Offset': 'Bytes received so far', ...FINISHED },
      response: { 204: NO_CONTENT },
    },
    {
      method: 'DELETE',
      url: upload,
      summary: 'Give an upload up (tus termination); its bytes are removed',
      requestHeaders: VERSION,
      response: { 204: NO_CONTENT },
    },
    {
      method: 'OPTIONS',
      url: path,
      summary: "The tus server's versions, extensions and largest size; also the browser's cross-origin preflight",
      responseHeaders: { 'Tus-Version': 'Supported versions', 'Tus-Extension': 'Supported extensions', 'Tus-Max-Size': 'The largest upload in bytes' },
      response: { 204: NO_CONTENT },
    },
    {
      method: 'OPTIONS',
      url: upload,
      summary: "The browser's cross-origin preflight for an upload's address",
      response: { 204: NO_CONTENT },
    },
  ];
  return specs.map(declaredRoute);
}

/**
 * Every other method at the same addresses, for a handler that refuses them (405, with Allow): they
 * are no operation of the API, so the document leaves them out (`hide`, as Fastify's own plugins mark such routes).
 */
export function tusRefusedRoutes(path: string, supportedMethods: string[]) {
  const operations = new Set(tusRoutes(path).map((r) => r.method));
  const method = supportedMethods.filter((m) => !operations.has(m as RouteSpec['method']));
  const schema: FastifySchema & { hide: true } = { hide: true };
  return [path, `${path}/:id`].map((url) => ({ method, url, schema }));
}
