import type { Channel } from '@shoebox/contracts';

const BRAND_NAMES: Record<Channel['brand'], string> = { printhaven: 'Printhaven', albumly: 'Albumly' };

export const brandName = (channel: Channel) => BRAND_NAMES[channel.brand];
