import { ARTICLES, CATALOGUE_ARTICLES_QUERY, CATALOGUE_GRAPHQL_PATH, titleLanguage } from '@shoebox/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from './fixtures';

export const CATALOGUE_URL = apiUrl('catalogue', CATALOGUE_GRAPHQL_PATH);

/** The articles the server's catalogue answers the web's query with, from the same contracts data, titled in `locale`'s language. */
export const catalogueArticles = (locale: string) =>
  Object.entries(ARTICLES).map(([id, article]) => ({ id, articleType: article.kind, title: article.titles[titleLanguage(locale)] }));

/**
 * The catalogue as the server answers the web's one query (any storefront sells every article); any other query is
 * refused as the server would refuse a query it cannot read, so a changed query shows here.
 */
export const catalogueHandler = http.post(CATALOGUE_URL, async ({ request }) => {
  const { query, variables } = (await request.json()) as { query?: string; variables?: { code?: string; locale?: string } };
  if (query !== CATALOGUE_ARTICLES_QUERY || !variables?.code || !variables.locale) {
    return HttpResponse.json({ status: 400, error: 'bad_query', message: 'Not the query the test catalogue answers', correlationId: 'test' }, { status: 400 });
  }
  return HttpResponse.json({ data: { channel: { articles: catalogueArticles(variables.locale) } } });
});

/** The catalogue unreachable: every screen names products by the titles they were saved with. */
export const catalogueDownHandler = http.post(CATALOGUE_URL, () => HttpResponse.json({ status: 503, error: 'unavailable', message: 'Down', correlationId: 'test' }, { status: 503 }));
