// The baseline of the API benches: a bare Node HTTP server that answers each captured request
// with the exact status, headers and body bytes the real endpoint gave, from memory. Spawned like
// the real server (PORT, HOST), with REPLAY_FILE naming the JSON of captured responses:
// { "<path and query>": { "status": 200, "headers": { … }, "body": "<base64>" } }.
import fs from 'node:fs';
import http from 'node:http';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? 'localhost';
const captured = JSON.parse(fs.readFileSync(process.env.REPLAY_FILE, 'utf8'));
const routes = new Map(
  Object.entries(captured).map(([url, r]) => {
    const body = Buffer.from(r.body, 'base64');
    return [url, { status: r.status, headers: { ...r.headers, 'content-length': body.length }, body }];
  }),
);

const server = http.createServer((request, response) => {
  if (request.url === '/health') {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end('{"status":"ok"}');
    return;
  }
  const r = routes.get(request.url);
  if (!r) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(r.status, r.headers);
  response.end(r.body);
});
server.keepAliveTimeout = 60_000;
server.listen(port, host);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
