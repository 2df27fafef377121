import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ApiSchema } from './route.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers callers it does not serve as an unknown address: no 405 ever names it. */
    unannounced?: boolean;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Registered inside the authenticated scope, which answers anonymous calls 401. */
  authenticated: boolean;
  /** Answers callers it does not serve as an unknown address (the operator's metrics, the development mailbox): never named in an Allow. */
  unannounced: boolean;
  /** The contract schemas declared with the route, when it has them. */
  schema?: ApiSchema;
}

/** A route as `METHOD /path` (Fastify's path syntax), the form the public list names routes in. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * Records every route registered on `app` from now on, with or without a prefix, in any scope.
 * Call it before anything else registers routes.
 */
export function routeInventory(app: FastifyInstance): () => RegisteredRoute[] {
  // Kept as given: the authenticated scope marks a route in its own onRoute hook, which runs after this one.
  const seen: RouteOptions[] = [];
  app.addHook('onRoute', (options) => {
    seen.push(options);
  });
  return () =>
    seen.flatMap((options) =>
      [options.method].flat().map((method) => ({
        method,
        url: options.url,
        authenticated: options.config?.authenticated === true,
        unannounced: options.config?.unannounced === true,
        ...(options.schema ? { schema: options.schema as ApiSchema } : {}),
      })),
    );
}

/** Routes neither in the authenticated scope nor named in the public list (patterns `METHOD /path`, `* /path` for every method). */
export function unaccountedRoutes(routes: RegisteredRoute[], publicRoutes: Iterable<string>): RegisteredRoute[] {
  const named = new Set(publicRoutes);
  const isPublic = (r: RegisteredRoute) =>
    named.has(routeKey(r)) || named.has(`* ${r.url}`) || (r.method === 'HEAD' && named.has(`GET ${r.url}`));
  return routes.filter((r) => !r.authenticated && !isPublic(r));
}
