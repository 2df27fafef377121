import { z } from 'zod/mini';
import { CHANNELS } from './channels.js';

/** A storefront by its channel code or its host (the Swedish one differs), as the storefronts send it. */
export const CHANNEL_NAMES = [...new Set(CHANNELS.flatMap((c) => [c.code, c.host]))] as [string, ...string[]];

/** The `channel` a request carries: a known storefront, or 400. */
export const channelNameSchema = z.enum(CHANNEL_NAMES);
