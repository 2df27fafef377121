import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** Origins the page may call besides its own (API base addresses, push socket). */
  connectOrigins: string[];
  /** This deployment's own origins (the brand hosts): forms may post to them and photos load from them. */
  ownOrigins: string[];
  /** Where photo bytes are served from when not from the deployment itself (an S3-compatible bucket). */
  blobOrigins: string[];
  https: boolean;
}

export function contentSecurityPolicy(o: SecurityHeaderOptions, scriptNonce?: string): string {
  const script = scriptNonce ? `'self' 'nonce-${scriptNonce}'` : `'self'`;
  return [
    `default-src 'self'`,
    `script-src ${script}`,
    // Component libraries inject <style> elements; scripts stay strictly same-origin.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: ${[...o.ownOrigins, ...o.blobOrigins].join(' ')}`.trim(),
    `font-src 'self'`,
    `connect-src ${['self', ...o.connectOrigins, ...o.blobOrigins].map((x) => (x === 'self' ? `'self'` : x)).join(' ')}`,
    `form-action 'self' ${o.ownOrigins.join(' ')}`.trim(),
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `object-src 'none'`,
  ].join('; ');
}

/** Set on the raw response so that they also cover routes that answer outside Fastify (the sign-in provider). */
export function registerSecurityHeaders(app: FastifyInstance, o: SecurityHeaderOptions): void {
  const csp = contentSecurityPolicy(o);
  app.addHook('onRequest', async (request, reply) => {
    const res = reply.raw;
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (o.https || request.protocol === 'https') {
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
}
