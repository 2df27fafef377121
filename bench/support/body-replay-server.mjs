// The baseline of the API benches that send a body (POST, PATCH, DELETE with JSON): like
// replay-server.mjs, a bare Node HTTP server answering each captured request with the exact status,
// headers and body bytes the real endpoint gave, but it first reads the whole request body and
// JSON.parse-s it, as any JSON API must. Spawned like the real server (PORT, HOST), with REPLAY_FILE
// naming the JSON of captured responses, keyed by method and path:
// { "POST /api/…": { "status": 200, "headers": { … }, "body": "<base64>" } }.
// A body that is not JSON (or not an object) gets 400, so a broken request cannot look fast.
import fs from 'node:fs';
import http from 'node:http';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? 'localhost';
const captured = JSON.parse(fs.readFileSync(process.env.REPLAY_FILE, 'utf8'));
const routes = new Map(
  Object.entries(captured).map(([key, r]) => {
    const body = Buffer.from(r.body, 'base64');
    return [key, { status: r.status, headers: { ...r.headers, 'content-length': body.length }, body }];
  }),
);

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end('{"status":"ok"}');
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const r = routes.get(`${request.method} ${request.url}`);
    if (!r) {
      response.writeHead(404).end();
      return;
    }
    if (chunks.length) {
      let parsed;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        parsed = undefined;
      }
      if (parsed === null || typeof parsed !== 'object') {
        response.writeHead(400).end();
        return;
      }
    }
    response.writeHead(r.status, r.headers);
    response.end(r.body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, host);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
