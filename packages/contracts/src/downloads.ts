import { z } from 'zod/mini';
import { documentedAs } from './documented-as.js';
import { distinctIdList, LISTED_TWICE_MESSAGE } from './id-list.js';
import { displayText, idSchema } from './text.js';

/** Spec §5/§9: a selection's Download takes 1 to 100 photos. */
export const MAX_PHOTOS_PER_DOWNLOAD = 100;
/** How long a finished archive can be fetched (not in the spec; decision 046). */
export const DOWNLOAD_ARCHIVE_VALID_HOURS = 72;
export const DOWNLOAD_NAME_MAX_LENGTH = 120;

const count = z.int().check(z.minimum(0));
const timestamp = z.iso.datetime({ offset: true });
/** The client names its request: a uuid it makes, so a repeated POST (double click, retry) is one archive. */
/** Lower case only (as crypto.randomUUID() makes it): the id is the archive's key, and one uuid must name one archive. */
export const downloadIdSchema = z.uuid().check(z.regex(/^[0-9a-f-]+$/, { message: 'Use the id in lower case' }));

const photoIdList = distinctIdList(1, MAX_PHOTOS_PER_DOWNLOAD);

/** POST {downloads}/downloads */
export const downloadRequestSchema = z.object({
  id: downloadIdSchema,
  name: z.optional(displayText().check(z.minLength(1), z.maxLength(DOWNLOAD_NAME_MAX_LENGTH))),
  photos: photoIdList,
});
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

export const sharedPhotoRefSchema = z.object({ photoId: idSchema, ownerId: idSchema });
export type SharedPhotoRef = z.infer<typeof sharedPhotoRefSchema>;

/** POST {downloads}/shared-album-downloads: photos of a shared album the caller takes part in. */
export const sharedAlbumDownloadRequestSchema = z.object({
  id: downloadIdSchema,
  name: z.optional(displayText().check(z.minLength(1), z.maxLength(DOWNLOAD_NAME_MAX_LENGTH))),
  photos: documentedAs(
    z.array(sharedPhotoRefSchema).check(
      z.minLength(1),
      z.maxLength(MAX_PHOTOS_PER_DOWNLOAD),
      z.refine((refs) => new Set(refs.map((r) => r.photoId)).size === refs.length, { message: LISTED_TWICE_MESSAGE }),
    ),
    { description: 'Each photoId at most once.' },
  ),
});
export type SharedAlbumDownloadRequest = z.infer<typeof sharedAlbumDownloadRequestSchema>;

/** The answer to either POST: what was asked for, as the spec says (id, name, photos). */
export const downloadCreatedSchema = z.object({ id: downloadIdSchema, name: z.nullable(z.string()), photos: z.array(z.string()) });
export type DownloadCreated = z.infer<typeof downloadCreatedSchema>;

export const DOWNLOAD_STATES = ['pending', 'ready', 'failed', 'expired'] as const;
export const downloadStateSchema = z.enum(DOWNLOAD_STATES);
export type DownloadState = z.infer<typeof downloadStateSchema>;

/** One archive on the downloads page (the spec does not show the item fields; decision 046). */
export const downloadItemSchema = z.object({
  id: downloadIdSchema,
  name: z.nullable(z.string()),
  photosCount: count,
  /** Bytes of the finished zip; null until it is made. */
  size: z.nullable(count),
  state: downloadStateSchema,
  created: timestamp,
  /** When the archive stops being offered; null until it is made. */
  expires: z.nullable(timestamp),
  /** A stable code when state is failed (e.g. photos_missing, archive_failed). */
  error: z.nullable(z.string()),
});
export type DownloadItem = z.infer<typeof downloadItemSchema>;

/** GET {downloads}/downloads: newest first. */
export const downloadListSchema = z.object({ items: z.array(downloadItemSchema) });
export type DownloadList = z.infer<typeof downloadListSchema>;

export const downloadIdParamsSchema = z.object({ id: downloadIdSchema });

/** GET {downloads}/downloads/{id}/url and the export chunk link. */
export const signedUrlSchema = z.object({ url: z.url() });
export type SignedUrl = z.infer<typeof signedUrlSchema>;
