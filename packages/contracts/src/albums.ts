import { z } from 'zod/mini';
import { photoSchema } from './photos.js';
import { documentedAs } from './documented-as.js';
import { cursorSchema, displayText, idSchema, textProblem } from './text.js';

export const ALBUMS_PAGE_SIZE = 50;
export const SHARED_ALBUMS_PAGE_SIZE = 50;
export const ALBUM_GRID_SECTION_SIZE = 24;
/** Photos added to or removed from an album per request. */
export const ALBUM_PHOTOS_BATCH_SIZE = 500;

const count = z.int().check(z.minimum(0));
const timestamp = z.iso.datetime({ offset: true });

/** Required; must not start with whitespace; no <, > or ;, no control or text-direction characters. Checked the same way in the web and the server. */
export const ALBUM_NAME_MAX_LENGTH = 100;
export type AlbumNameProblem = 'required' | 'invalid';
export function albumNameProblem(name: string): AlbumNameProblem | undefined {
  if (name.length < 1) return 'required';
  if (/^\s/.test(name) || /[<>;]/.test(name) || name.length > ALBUM_NAME_MAX_LENGTH || textProblem(name, { display: true })) return 'invalid';
  return undefined;
}
export const albumNameSchema = documentedAs(displayText().check(z.refine((name) => albumNameProblem(name) === undefined, { message: 'Name not valid' })), {
  equivalent: () => displayText().check(z.minLength(1), z.maxLength(ALBUM_NAME_MAX_LENGTH), z.regex(/^[^\s<>;]/), z.regex(/^[^<>;]*$/)),
});

export const personSchema = z.object({ id: z.string(), email: z.email() });
export type Person = z.infer<typeof personSchema>;

const albumBase = {
  albumId: z.string().check(z.minLength(1)),
  albumName: z.string().check(z.minLength(1)),
  coverPhoto: z.nullable(photoSchema),
  photosCount: count,
  created: timestamp,
  updated: timestamp,
};

export const ownAlbumSchema = z.object({ ...albumBase, userId: z.string(), isShared: z.boolean() });
export type OwnAlbum = z.infer<typeof ownAlbumSchema>;

export const sharedAlbumSchema = z.object({
  ...albumBase,
  ownerId: z.string(),
  owner: personSchema,
  participants: z.array(personSchema),
});
export type SharedAlbum = z.infer<typeof sharedAlbumSchema>;

export const albumListSchema = z.object({ albums: z.array(ownAlbumSchema), cursor: z.nullable(z.string()) });
export type AlbumList = z.infer<typeof albumListSchema>;
export const sharedAlbumListSchema = z.object({ albums: z.array(sharedAlbumSchema), cursor: z.nullable(z.string()) });
export type SharedAlbumList = z.infer<typeof sharedAlbumListSchema>;

export const participantsSchema = z.object({ owner: personSchema, participants: z.array(personSchema) });
export type Participants = z.infer<typeof participantsSchema>;

export const sharedAlbumsSummarySchema = z.object({
  readAlbumsCount: count,
  grantedAlbumsCount: count,
  created: z.optional(timestamp),
  updated: z.optional(timestamp),
});
export type SharedAlbumsSummary = z.infer<typeof sharedAlbumsSummarySchema>;

export const createAlbumSchema = z.object({ name: albumNameSchema });
export const renameAlbumSchema = createAlbumSchema;
export const createdAlbumSchema = z.object({ albumId: z.string(), albumName: z.string() });
export type CreatedAlbum = z.infer<typeof createdAlbumSchema>;

export const albumIdParamsSchema = z.object({ id: idSchema });

export const albumListQuerySchema = z.object({
  cursor: z.optional(cursorSchema),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(ALBUMS_PAGE_SIZE)), ALBUMS_PAGE_SIZE),
  displaySharedData: z._default(z.enum(['true', 'false']), 'false'),
});
export const sharedAlbumListQuerySchema = z.object({
  cursor: z.optional(cursorSchema),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(SHARED_ALBUMS_PAGE_SIZE)), SHARED_ALBUMS_PAGE_SIZE),
});

export const albumPhotoIdsSchema = z.object({
  photoIds: z.array(idSchema).check(z.minLength(1), z.maxLength(ALBUM_PHOTOS_BATCH_SIZE)),
});
