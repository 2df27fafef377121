import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, registerProxyCheck } from './client-address.js';

const upgrade = (headers: Record<string, string>) => ({ headers, socket: { remoteAddress: '10.0.0.1' } }) as unknown as IncomingMessage;

describe('the client address', () => {
  it('is the peer, or behind a trusted proxy the first forwarded address', () => {
    expect(clientAddressOf(upgrade({ 'x-forwarded-for': '203.0.113.9, 10.0.0.2' }), false)).toBe('10.0.0.1');
    expect(clientAddressOf(upgrade({ 'x-forwarded-for': '203.0.113.9, 10.0.0.2' }), true)).toBe('203.0.113.9');
    expect(clientAddressOf(upgrade({}), true)).toBe('10.0.0.1');
  });

  it.each([
    { trustProxy: false, forwarded: true, warnings: 1 },
    { trustProxy: false, forwarded: false, warnings: 0 },
    { trustProxy: true, forwarded: true, warnings: 0 },
  ])('a forwarded request while TRUST_PROXY is off is said once in the log (trusted: $trustProxy, forwarded: $forwarded)', async ({ trustProxy, forwarded, warnings }) => {
    const lines: string[] = [];
    const app = Fastify({ trustProxy, logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
    registerProxyCheck(app, trustProxy);
    app.get('/', async () => 'ok');
    for (let i = 0; i < 3; i++) await app.inject({ url: '/', headers: forwarded ? { 'x-forwarded-for': '203.0.113.9' } : {} });
    await app.close();
    expect(lines.filter((line) => line.includes('TRUST_PROXY'))).toHaveLength(warnings);
  });
});
