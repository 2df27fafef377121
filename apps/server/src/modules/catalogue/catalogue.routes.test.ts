import {
  ARTICLES,
  CATALOGUE_ARTICLES_QUERY,
  CATALOGUE_LIMITS,
  catalogueArticlesAnswerSchema,
  catalogueRefusalSchema,
  CHANNELS,
  SERVICE_BASE_PATHS,
} from '@shoebox/contracts';
import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';

const GRAPHQL = `${SERVICE_BASE_PATHS.catalogue}/graphql`;

describe.each(databases)('the merchandise catalogue (GraphQL) on $name', (kind) => {
  const server = useTestShoebox(kind);
  const ask = (payload: object | string) =>
    server().app.inject({ method: 'POST', url: GRAPHQL, headers: { 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
  const data = async (query: string, variables?: Record<string, unknown>) => {
    const response = await ask({ query, ...(variables ? { variables } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Record<string, unknown> }>().data;
  };
  const refused = async (payload: object | string) => {
    const response = await ask(payload);
    expect(response.statusCode, response.body).toBe(400);
    return catalogueRefusalSchema.parse(response.json());
  };

  it('lists every storefront without a token: vendor, shop address, currency and articles titled in its own language', async () => {
    const { channels } = (await data('{ channels { id vendor { id locale } shopUrl currency articles { id articleType title } } }')) as {
      channels: { id: string; vendor: { id: string; locale: string }; shopUrl: string; currency: string; articles: { id: string; articleType: string; title: string }[] }[];
    };

    expect(channels.map((c) => c.id)).toEqual(CHANNELS.map((c) => c.code));
    expect(channels.find((c) => c.id === 'www.printhaven-nordic.se')).toMatchObject({
      vendor: { id: 'printhaven-se', locale: 'sv-SE' },
      shopUrl: 'https://www.printhaven.se',
      currency: 'SEK',
    });
    const german = channels.find((c) => c.id === 'www.printhaven.at');
    expect(german?.articles.find((a) => a.id === 'PAP_910')).toEqual({ id: 'PAP_910', articleType: 'prints', title: 'Fotoabzüge 10x15' });
    expect(german?.articles.map((a) => a.id)).toEqual(Object.keys(ARTICLES));
  });

  it('answers one storefront by code and locale with every article field, in the language asked for; English where it has none', async () => {
    const query = `query One($code: String!, $locale: String) { channel(code: $code, locale: $locale) {
      id currency articles { id articleType title pageHeight pageWidth visible links { rel url } options { id title options { id title } } } } }`;
    type Answer = { channel: { id: string; currency: string; articles: { id: string; title: string; pageHeight: number | null; pageWidth: number | null; visible: boolean; links: unknown[]; options: unknown[] }[] } };
    const article = (answer: Answer, id: string) => answer.channel.articles.find((a) => a.id === id);

    const french = (await data(query, { code: 'www.printhaven.be', locale: 'fr-BE' })) as Answer;
    const own = (await data(query, { code: 'www.printhaven.be' })) as Answer;
    const polish = (await data(query, { code: 'www.printhaven.de', locale: 'pl-PL' })) as Answer;

    expect(french.channel).toMatchObject({ id: 'www.printhaven.be', currency: 'EUR' });
    expect(article(french, 'PHB_A4L')).toEqual({
      id: 'PHB_A4L',
      articleType: 'photobook',
      title: 'Livre photo A4 paysage, couverture rigide',
      pageHeight: 210,
      pageWidth: 297,
      visible: true,
      links: [],
      options: [{ id: 'coverType', title: 'Type de couverture', options: [{ id: 'hardcover', title: 'Couverture rigide' }] }],
    });
    expect(article(french, 'MUG_STD')).toMatchObject({ title: 'Mug photo', pageHeight: null, pageWidth: null, options: [] });
    expect(article(own, 'PHB_A4L')?.title).toBe('Fotoboek A4 liggend, hardcover');
    expect(article(polish, 'CAN_6040')?.title).toBe('Canvas 60x40');
    expect(article(polish, 'PAP_1318')?.title).toBe('Photo prints 13x18');
  });

  it("answers the web's own query in each storefront language, and null for a code no storefront has (a host is no code)", async () => {
    for (const channel of CHANNELS) {
      const answer = catalogueArticlesAnswerSchema.parse(await ask({ query: CATALOGUE_ARTICLES_QUERY, variables: { code: channel.code, locale: channel.locale } }).then((r) => r.json()));
      const language = channel.locale.slice(0, 2) as keyof (typeof ARTICLES)['PAP_910']['titles'];
      expect(answer.data.channel?.articles.find((a) => a.id === 'PAP_910')?.title, channel.code).toBe(ARTICLES.PAP_910.titles[language]);
    }
    expect(await data('{ channel(code: "www.nowhere.example", locale: "en-GB") { id } }')).toEqual({ channel: null });
    // The Swedish storefront is known by its alternate name only.
    expect(await data('{ channel(code: "www.printhaven.se") { id } }')).toEqual({ channel: null });
  });

  it('refuses malformed and unknown queries with 400 and GraphQL errors, never a 500', async () => {
    const syntax = await refused({ query: '{ channels { id ' });
    const unknownField = await refused({ query: '{ channels { id price } }' });
    const missingArgument = await refused({ query: '{ channel { id } }' });
    const unknownOperation = await refused({ query: 'query A { channels { id } }', operationName: 'B' });
    const notJson = await ask('{"query": ');
    const noQuery = await refused({ variables: {} });

    expect(syntax).toMatchObject({ status: 400, error: 'bad_query', errors: [{ message: expect.stringMatching(/^Syntax Error/), locations: [{ line: 1, column: 17 }] }] });
    expect(unknownField.errors?.[0]?.message).toMatch(/Cannot query field "price" on type "Channel"/);
    expect(missingArgument.errors?.[0]?.message).toMatch(/argument "code" of type "String!" is required/);
    expect(unknownOperation.errors?.[0]?.message).toMatch(/Unknown operation named "B"/);
    expect(notJson.statusCode).toBe(400);
    expect(noQuery.error).toBe('bad_request');
  });

  it('refuses control characters in arguments, written in the query or as variables, and a locale that is no language tag', async () => {
    const literal = await refused({ query: '{ channel(code: "www.printhaven.de\\u0000") { id } }' });
    const variable = await refused({ query: 'query C($code: String!) { channel(code: $code) { id } }', variables: { code: 'www.printhaven.de\u001b' } });
    const locale = await refused({ query: '{ channel(code: "www.printhaven.de", locale: "de_DE; drop") { id } }' });

    expect(literal.errors?.[0]?.message).toBe('An argument must not contain control characters');
    expect(variable.message).toBe('variables.code must not contain control characters');
    expect(locale.errors?.[0]?.message).toMatch(/locale must be a language tag/);
  });

  it('holds queries to their bounds: size, depth and cost; the standard introspection query passes', async () => {
    const tooLong = await refused({ query: `{ channels { id } }${' '.repeat(CATALOGUE_LIMITS.queryBytes)}` });
    // Under the limit in characters, over it in bytes.
    const tooManyBytes = await refused({ query: `{ channels { id } } # ${'é'.repeat(CATALOGUE_LIMITS.queryBytes / 2)}` });
    // Cheap (no list), but deeper than the standard introspection query.
    const deep = await refused({ query: `{ __type(name: "Article") { ${'ofType { '.repeat(CATALOGUE_LIMITS.depth)}name${' }'.repeat(CATALOGUE_LIMITS.depth)} } }` });
    const costly = await refused({ query: `{ ${Array.from({ length: 50 }, (_, i) => `c${i}: channels { articles { id title pageHeight pageWidth visible } }`).join(' ')} }` });
    const wholeCatalogue = await data('{ channels { id vendor { id locale } shopUrl currency articles { id articleType title pageHeight pageWidth visible links { rel url } options { id title options { id title } } } } }');
    const introspection = await data(getIntrospectionQuery());

    expect(tooLong.issues?.[0]?.path).toBe('query');
    expect(tooManyBytes.message).toBe(`The query is longer than ${CATALOGUE_LIMITS.queryBytes} bytes`);
    expect(deep.errors?.[0]?.message).toMatch(/query depth \(\d+\) exceeds the query depth limit of 15/);
    expect(costly.errors?.[0]?.message).toBe(`The query costs more than the ${CATALOGUE_LIMITS.cost} one query may cost`);
    expect((wholeCatalogue.channels as unknown[]).length).toBe(CHANNELS.length);
    expect(introspection).toMatchObject({ __schema: { queryType: { name: 'Query' } } });
  });

  it('publishes its schema beside the API document, which lists both routes as public', async () => {
    const schema = await server().app.inject({ url: `${SERVICE_BASE_PATHS.catalogue}/schema.graphql` });
    const doc = (await server().app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { security: unknown[]; description?: string }>> }>();
    const reference = await server().app.inject({ url: '/api/docs' });

    expect(schema.statusCode).toBe(200);
    expect(schema.headers['content-type']).toMatch(/^text\/plain/);
    expect(schema.body).toMatch(/channel\(code: String!, locale: String\): Channel/);
    expect(doc.paths[GRAPHQL]?.post?.security).toEqual([]);
    expect(doc.paths[GRAPHQL]?.post?.description).toContain('/schema.graphql');
    expect(doc.paths[`${SERVICE_BASE_PATHS.catalogue}/schema.graphql`]?.get).toBeDefined();
    expect(reference.body).toContain(`<a href="${SERVICE_BASE_PATHS.catalogue}/schema.graphql">`);
  });
});
