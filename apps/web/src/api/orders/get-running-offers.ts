import { campaignOfferListSchema, isLocale, RUNNING_OFFERS_PATH } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HttpClient } from '../../lib/http/http-client';
import { useServices } from '../../lib/services';

/** GET {orders}/api/v1/campaigns/offers?articleName: the running offers made for the article's group (decision 116). */
export const getRunningOffers = (http: HttpClient, articleName: string, locale: string, signal?: AbortSignal) =>
  http('orders', RUNNING_OFFERS_PATH, { query: { articleName, locale: isLocale(locale) ? locale : undefined }, schema: campaignOfferListSchema, signal }).then((list) => list.items);

// Campaigns change with the retailer's marketing calendar, not within a visit.
export const runningOffersQueryOptions = (http: HttpClient, articleName: string, locale: string) =>
  queryOptions({ queryKey: ['running-offers', articleName, locale] as const, queryFn: ({ signal }) => getRunningOffers(http, articleName, locale, signal), staleTime: 15 * 60_000 });

export function useRunningOffers(articleName: string) {
  const { http } = useServices();
  const { i18n } = useTranslation();
  return useQuery(runningOffersQueryOptions(http, articleName, i18n.language));
}
