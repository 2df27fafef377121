import { conventionalStorefrontRoutes, publicConfigurationSchema, type Channel, type PublicConfiguration } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useServices } from '../../lib/services';
import { storefrontKeys } from './query-keys';

/** What the account area links to when the storefront's configuration cannot be loaded. */
export function fallbackPublicConfiguration(channel: Channel): PublicConfiguration {
  return { vendorId: channel.vendorId, menus: { top: [], main: [], footer: [] }, routes: conventionalStorefrontRoutes(channel.host) };
}

export async function getPublicConfiguration(http: HttpClient, channel: Channel, signal?: AbortSignal): Promise<PublicConfiguration> {
  try {
    return await http('configuration', `/${encodeURIComponent(channel.vendorId)}`, { schema: publicConfigurationSchema, signal, anonymous: true });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return fallbackPublicConfiguration(channel);
  }
}

export const publicConfigurationQueryOptions = (http: HttpClient, channel: Channel) =>
  queryOptions({
    queryKey: storefrontKeys.publicConfiguration(channel.vendorId),
    queryFn: ({ signal }) => getPublicConfiguration(http, channel, signal),
    staleTime: Infinity,
  });

/** Always answers: the fallback stands in while loading and when the call fails. */
export function usePublicConfiguration(): PublicConfiguration {
  const { http, channel } = useServices();
  const { data } = useQuery(publicConfigurationQueryOptions(http, channel));
  return data ?? fallbackPublicConfiguration(channel);
}
