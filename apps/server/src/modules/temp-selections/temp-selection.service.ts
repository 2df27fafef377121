import { randomUUID } from 'node:crypto';
import {
  CHANNEL_ID_MISSING_MESSAGE,
  findChannel,
  MAX_LIVE_TEMP_SELECTIONS,
  TEMP_SELECTION_VALID_HOURS,
  type TempSelection,
  type TempSelectionCreated,
  type TempSelectionRequest,
} from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { badRequest, notFound, TooManyRequests } from '../../platform/http/errors.js';
import type { TempSelectionRepository, TempSelectionRow } from './temp-selection.repository.js';

export interface TempSelectionServiceDeps {
  repo: TempSelectionRepository;
  /** The customer's own photos (not deleted) among the ids, in the order given: the photos service's answer. */
  ownPhotos: (customerId: string, photoIds: string[]) => Promise<string[]>;
  now?: () => number;
}

const VALID_MS = TEMP_SELECTION_VALID_HOURS * 60 * 60 * 1000;

const selectionNotFound = () => notFound('Temporary selection not found');
const photoNotFound = () => notFound('Photo not found');

export function tempSelectionService(deps: TempSelectionServiceDeps) {
  const { repo, ownPhotos } = deps;
  const now = deps.now ?? Date.now;

  async function liveRow(customerId: string, id: string): Promise<TempSelectionRow> {
    const row = await repo.findLive(customerId, id, new Date(now()).toISOString());
    if (!row) throw selectionNotFound();
    return row;
  }

  /** The selection's photos still in the customer's library: one deleted since cannot be printed. */
  const photosStillThere = (row: TempSelectionRow) => ownPhotos(row.customer_id, JSON.parse(row.photo_ids) as string[]);

  return {
    /**
     * Records the caller's photos for the prints editor on their storefront's channel. No or an unknown channel
     * is the spec's 400; a photo that is not the caller's (or deleted) a 404 naming none; beyond the live cap a 429.
     */
    async create(identity: Identity, request: TempSelectionRequest): Promise<TempSelectionCreated> {
      const channel = findChannel(request.channel);
      if (!channel) throw badRequest(CHANNEL_ID_MISSING_MESSAGE, [{ path: 'channel', message: request.channel ? 'Unknown channel' : 'Required' }]);
      const owned = await ownPhotos(identity.customerId, request.photoIds);
      if (owned.length !== request.photoIds.length) throw photoNotFound();
      const at = now();
      const row: TempSelectionRow = {
        id: randomUUID(),
        customer_id: identity.customerId,
        photo_ids: JSON.stringify(request.photoIds),
        channel: channel.code,
        created_at: new Date(at).toISOString(),
        expires_at: new Date(at + VALID_MS).toISOString(),
      };
      const outcome = await repo.create(row, MAX_LIVE_TEMP_SELECTIONS);
      if (!outcome.created) {
        // A selection made at once by a request that took its turn first may end a moment after this one's full term.
        const retryAfter = Math.min(VALID_MS / 1000, Math.max(1, Math.ceil((Date.parse(outcome.oldestExpiresAt) - at) / 1000)));
        throw new TooManyRequests(`At most ${MAX_LIVE_TEMP_SELECTIONS} temporary selections can be kept at once; each lasts ${TEMP_SELECTION_VALID_HOURS} hours`, retryAfter);
      }
      return { tempSelectionId: row.id };
    },

    /** The caller's own selection while it lasts; anyone else's, an expired or an unknown one is the same 404. */
    async get(identity: Identity, id: string): Promise<TempSelection> {
      const row = await liveRow(identity.customerId, id);
      return {
        tempSelectionId: row.id,
        photoIds: await photosStillThere(row),
        channel: row.channel,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
      };
    },

    /**
     * The photo ids of one of the customer's live selections, in the order chosen, left out those deleted since;
     * a 404 (AppError) when it is another customer's, expired or unknown. For the prints editor's checkout.
     */
    async photosOf(customerId: string, tempSelectionId: string): Promise<string[]> {
      return photosStillThere(await liveRow(customerId, tempSelectionId));
    },
  };
}
export type TempSelectionService = ReturnType<typeof tempSelectionService>;
