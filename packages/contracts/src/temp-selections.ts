import { z } from 'zod/mini';
import { channelNameSchema } from './channel-name.js';
import { documentedAs } from './documented-as.js';
import { distinctIdList } from './id-list.js';
import { idSchema, text } from './text.js';

/**
 * A temporary selection: the photos a customer hands to the prints editor (photo-library spec §3, §7;
 * account-area §2.9). The limits are not in the spec (decision 059).
 */
/** Photos one selection may hold: the photo page size, more than any prints order is made of. */
export const TEMP_SELECTION_MAX_PHOTOS = 500;
/** How long a selection lasts: long enough for an editing session, checkout included. */
export const TEMP_SELECTION_VALID_HOURS = 24;
/** Selections one customer may hold at once; one is made per Order prints, so only a runaway client reaches it. */
export const MAX_LIVE_TEMP_SELECTIONS = 50;
/** The spec's failure when a selection names no channel, or one nobody knows (account-area §5, §8). */
export const CHANNEL_ID_MISSING_MESSAGE = 'Unable to extract channel ID!';

/** POST {photoManagement}/temp-selections */
const photoIds = distinctIdList(1, TEMP_SELECTION_MAX_PHOTOS);
export const tempSelectionRequestSchema = documentedAs(
  z.object({
    photoIds,
    /**
     * The storefront's channel code (or its host). Required: the service itself answers its absence or an
     * unknown one with the spec's 400 'Unable to extract channel ID!', which a schema issue could not word.
     */
    channel: z.optional(text().check(z.maxLength(253))),
  }),
  // As the service takes it: the channel is required and one of the storefronts'.
  { equivalent: () => z.object({ photoIds, channel: channelNameSchema }) },
);
export type TempSelectionRequest = z.infer<typeof tempSelectionRequestSchema>;

export const tempSelectionCreatedSchema = z.object({ tempSelectionId: z.string() });
export type TempSelectionCreated = z.infer<typeof tempSelectionCreatedSchema>;

export const tempSelectionIdParamsSchema = z.object({ id: idSchema });

const timestamp = z.iso.datetime({ offset: true });

/** GET {photoManagement}/temp-selections/{id}: the photos still in the library, in the order chosen. */
export const tempSelectionSchema = z.object({
  tempSelectionId: z.string(),
  photoIds: z.array(z.string()),
  /** The channel code the selection was made on. */
  channel: z.string(),
  createdAt: timestamp,
  expiresAt: timestamp,
});
export type TempSelection = z.infer<typeof tempSelectionSchema>;
