import {
  CATALOGUE_ARTICLES_QUERY,
  CATALOGUE_GRAPHQL_PATH,
  catalogueArticlesAnswerSchema,
  type CatalogueArticle,
  type Channel,
  type ProductKind,
} from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { HttpClient } from '../../lib/http/http-client';
import { useServices } from '../../lib/services';
import { storefrontKeys } from './query-keys';

/**
 * POST {catalogue}/graphql: the storefront's articles titled in `language` (decision 112). One fixed query, sent
 * as text: a GraphQL client would cost the page more than the whole catalogue does.
 */
export const getCatalogueArticles = (http: HttpClient, channel: Channel, language: string, signal?: AbortSignal): Promise<CatalogueArticle[]> =>
  http('catalogue', CATALOGUE_GRAPHQL_PATH, {
    method: 'POST',
    body: { query: CATALOGUE_ARTICLES_QUERY, variables: { code: channel.code, locale: language } },
    schema: catalogueArticlesAnswerSchema,
    signal,
    anonymous: true,
  }).then((answer) => answer.data.channel?.articles ?? []);

// The catalogue changes with the retailer's range, not within a visit.
export const catalogueQueryOptions = (http: HttpClient, channel: Channel, language: string) =>
  queryOptions({
    queryKey: storefrontKeys.catalogue(channel.code, language),
    queryFn: ({ signal }) => getCatalogueArticles(http, channel, language, signal),
    staleTime: 60 * 60_000,
  });

export interface Catalogue {
  /** The article's title in the page's language; `fallback` (the title an order or project was saved with) while the catalogue loads, when it fails, or when it has no such article. */
  title: (articleName: string, fallback: string) => string;
  /** What kind of product the article is, for the drawing that stands for it; undefined until known. */
  kind: (articleName: string) => ProductKind | undefined;
}

/** The current storefront's catalogue in `language`: always answers, with the caller's fallback until it can. */
export function useCatalogue(language: string): Catalogue {
  const { http, channel } = useServices();
  const { data } = useQuery(catalogueQueryOptions(http, channel, language));
  return useMemo(() => {
    const byName = new Map((data ?? []).map((article) => [article.id, article]));
    return {
      title: (articleName, fallback) => byName.get(articleName)?.title || fallback,
      kind: (articleName) => byName.get(articleName)?.articleType,
    };
  }, [data]);
}
