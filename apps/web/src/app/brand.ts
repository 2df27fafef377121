import { BRAND_NAMES, type Channel } from '@shoebox/contracts';

export const brandName = (channel: Channel) => BRAND_NAMES[channel.brand];
