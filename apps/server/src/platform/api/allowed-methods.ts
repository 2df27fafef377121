import type { RegisteredRoute } from './route-inventory.js';

/** A route pattern in Fastify's syntax as a whole-path expression: `:name` (with or without its own pattern) one segment, `*` the rest. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods the API answers at a path, for a 405 with `Allow` instead of a 404 when a path exists under
 * other methods. The web app's catch-all (`/*`, every page address for GET) is left out: it would make every
 * address allow GET; so are the routes that pass for unknown addresses. Compiled once, on first use, after
 * every route is registered.
 */
export function allowedMethods(routes: () => RegisteredRoute[]): (path: string) => string[] {
  let compiled: { method: string; pattern: RegExp }[] | undefined;
  return (path) => {
    compiled ??= routes()
      .filter((route) => route.url !== '/*' && !route.unannounced)
      .map((route) => ({ method: route.method, pattern: patternOf(route.url) }));
    return [...new Set(compiled.filter((route) => route.pattern.test(path)).map((route) => route.method))].sort();
  };
}
