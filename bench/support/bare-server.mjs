// The start-up baseline: the least a Node HTTP server can do to answer GET /health.
// Spawned exactly like the real server (same env: PORT, HOST).
import http from 'node:http';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? 'localhost';

const server = http.createServer((request, response) => {
  if (request.url === '/health') {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end('{"status":"ok"}');
    return;
  }
  response.writeHead(404).end();
});
server.listen(port, host);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
