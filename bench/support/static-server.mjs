// A tiny static file server for baselines: serves a directory, negotiates brotli/gzip like the
// real server does with its precompressed assets (compressed once, at the highest level).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { deferCleanup } from './cleanup.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export async function serveStatic(root) {
  const compressed = new Map();
  const encode = (file, bytes, encoding) => {
    const key = `${encoding}:${file}`;
    if (!compressed.has(key)) {
      compressed.set(
        key,
        encoding === 'br'
          ? zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
          : zlib.gzipSync(bytes, { level: 9 }),
      );
    }
    return compressed.get(key);
  };

  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    let body = fs.readFileSync(file);
    const headers = { 'content-type': type, 'cache-control': 'no-cache', vary: 'accept-encoding' };
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (body.length >= 1024 && /^(text|application\/json|image\/svg)/.test(type)) {
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (encoding) {
        body = encode(file, body, encoding);
        headers['content-encoding'] = encoding;
      }
    }
    headers['content-length'] = body.length;
    response.writeHead(200, headers).end(body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, 'localhost', resolve);
  });
  const close = deferCleanup(() => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return { baseUrl: `http://localhost:${server.address().port}`, close };
}
