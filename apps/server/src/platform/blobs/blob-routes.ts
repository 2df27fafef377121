import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../http/errors.js';
import { isSafeBlobKey } from './blob-store.js';
import { BLOB_ROUTE } from './fs-blob-store.js';
import type { UrlSigner } from './url-signer.js';

const CONTENT_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.heic': 'image/heic', '.zip': 'application/zip' };

/** Serves local-folder blobs to whoever holds a valid signed URL; nothing else reaches them. */
export function registerBlobRoutes(app: FastifyInstance, o: { root: string; signer: UrlSigner }): void {
  app.get<{ Params: { '*': string }; Querystring: { e?: string; s?: string; d?: string } }>(`${BLOB_ROUTE}/*`, async (request, reply) => {
    const key = request.params['*'];
    if (!isSafeBlobKey(key)) throw notFound();
    const remaining = o.signer.verify(key, request.query);
    if (remaining === undefined) throw forbidden('This link has expired or is not valid');
    const file = path.join(o.root, key);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) throw notFound();
    reply
      .type(CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream')
      .header('Content-Length', stat.size)
      .header('Cache-Control', `private, max-age=${remaining}`)
      .header('X-Content-Type-Options', 'nosniff');
    if (request.query.d) reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(request.query.d)}`);
    return reply.send(fs.createReadStream(file));
  });
}
