import http from 'node:http';
import type net from 'node:net';

export interface RoundRobin {
  url: string;
  /** Which instance (by index) answered each request, in order. */
  served: number[];
  close(): Promise<void>;
}

/**
 * A plain balancer in front of `targets`, as an operator's would be without stickiness: each request goes
 * to the next instance in turn, whatever it is for.
 */
export async function roundRobin(targets: string[]): Promise<RoundRobin> {
  let next = 0;
  const served: number[] = [];
  const server = http.createServer((req, res) => {
    const index = next++ % targets.length;
    served.push(index);
    const target = new URL(req.url ?? '/', targets[index]);
    const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.on('close', () => {
      if (!req.complete) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
