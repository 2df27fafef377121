import { accountPhotoInfoSchema } from '@shoebox/contracts';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Identity } from '../auth/access-token.js';
import { registerErrorHandling } from '../http/errors.js';
import { route, type RouteInput } from './route.js';

const EMMA: Identity = { customerId: 'c-emma', email: 'emma@example.com', idpType: 'embedded', idpSub: 'emma', isBusiness: false };

describe('a route declared with route()', () => {
  const app = Fastify();
  registerErrorHandling(app);
  app.decorateRequest('identity', null);
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-test-caller'] === 'emma') request.identity = EMMA;
  });
  const inputs: RouteInput<undefined, undefined, undefined>[] = [];
  route(app, { method: 'GET', url: '/whoami', summary: 'The caller', response: { 200: accountPhotoInfoSchema } }, (input) => {
    inputs.push(input);
    return { albumsCount: 0, photosCount: input.identity.email.length, readAlbumsCount: 0 };
  });
  afterEach(() => {
    inputs.length = 0;
  });

  it('hands the handler the caller, and answers 401 in the one error shape when there is none', async () => {
    const signedIn = await app.inject({ url: '/whoami', headers: { 'x-test-caller': 'emma' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ albumsCount: 0, photosCount: EMMA.email.length, readAlbumsCount: 0 });
    const anonymous = await app.inject({ url: '/whoami' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 401, error: 'unauthorized' });
  });

  it("builds each request's input without an accessor of its own, which V8 keeps in old space and which held every request past young-generation collection", async () => {
    await app.inject({ url: '/whoami', headers: { 'x-test-caller': 'emma' } });
    expect(inputs).toHaveLength(1);
    const accessors = Object.entries(Object.getOwnPropertyDescriptors(inputs[0]))
      .filter(([, d]) => d.get !== undefined || d.set !== undefined)
      .map(([name]) => name);
    expect(accessors).toEqual([]);
    expect(inputs[0]?.identity).toEqual(EMMA);
  });
});
