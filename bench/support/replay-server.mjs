// The baseline of the API benches: a bare Node HTTP server that answers each captured request with
// the exact status, headers and body bytes the real endpoint gave, from memory. Spawned like the real
// server (PORT, HOST), with REPLAY_FILE naming the JSON of captured responses, keyed by path and query
// for GET ("/api/…?…") and by method and path for calls with a body ("POST /api/…"):
// { "<key>": { "status": 200, "headers": { … }, "body": "<base64>" } }.
// A request with a body is read whole and JSON.parse-d first, as any JSON API must; a body that is not
// a JSON object gets 400, so a broken request cannot look fast. GETs answer at once, as before.
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

function answer(response, r) {
  if (!r) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(r.status, r.headers);
  response.end(r.body);
}

const isJsonObject = (bytes) => {
  try {
    const parsed = JSON.parse(bytes.toString('utf8'));
    return parsed !== null && typeof parsed === 'object';
  } catch {
    return false;
  }
};

const server = http.createServer((request, response) => {
  if (request.method === 'GET') {
    if (request.url === '/health') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end('{"status":"ok"}');
      return;
    }
    answer(response, routes.get(request.url));
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    if (chunks.length && !isJsonObject(Buffer.concat(chunks))) {
      response.writeHead(400).end();
      return;
    }
    answer(response, routes.get(`${request.method} ${request.url}`));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, host);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
