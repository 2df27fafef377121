import { EXPERIMENTS_PATH, experimentAssignmentsSchema, SERVICE_BASE_PATHS, type Customer } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, useLibraryServer } from '../../test/photo-library.js';
import { experimentService } from './experiment.service.js';

const URL_ = `${SERVICE_BASE_PATHS.customers}${EXPERIMENTS_PATH}`;
const identity = (id: string) => ({ customerId: id, email: `${id}@example.com`, idpType: 'embedded', idpSub: id, isBusiness: false });
const customer = (id: string, channel = 'www.printhaven.co.uk') => ({ id, channel }) as Customer;

describe.each(databases)('A/B tests on $name', (kind) => {
  const server = useLibraryServer(kind, { env: { EXPERIMENTS: JSON.stringify({ 'overview-recent-photos': { channels: ['www.printhaven.nl'] } }) } });
  const assignmentsOf = async (headers: Record<string, string>) => {
    const response = await server().app.inject({ url: URL_, headers });
    expect(response.statusCode, response.body).toBe(200);
    return experimentAssignmentsSchema.parse(response.json()).assignments;
  };

  it('puts the customers of the storefronts it runs on into a variation, the same one on every call; others see the control', async () => {
    const dutch = await Promise.all(Array.from({ length: 24 }, () => newCustomer(server(), { channel: 'www.printhaven.nl' })));
    const british = await newCustomer(server(), { channel: 'www.printhaven.co.uk' });

    const first = await Promise.all(dutch.map((c) => assignmentsOf(c.headers)));
    const again = await Promise.all(dutch.map((c) => assignmentsOf(c.headers)));

    expect(again).toEqual(first);
    // Split evenly by a hash of each id: 24 customers all in one variation would be a 1 in 8 million chance.
    expect(new Set(first.map((a) => a['overview-recent-photos'])).size).toBe(2);
    expect(await assignmentsOf(british.headers)).toEqual({});
    expect((await server().app.inject({ url: URL_ })).statusCode).toBe(401);
  });
});

describe('experimentService', () => {
  const ids = Array.from({ length: 40 }, (_, i) => `customer-${i}`);
  const assign = (config: Parameters<typeof experimentService>[0]['config'], channel?: string) =>
    Promise.all(ids.map(async (id) => (await experimentService({ config, customerOf: async () => customer(id, channel) }).assignmentsOf(identity(id))).assignments));

  it('runs none unless the configuration names it, and takes the coverage and weights it gives', async () => {
    expect(await assign({})).toEqual(ids.map(() => ({})));
    expect(await assign({ 'overview-recent-photos': { channels: ['*'], coverage: 0 } })).toEqual(ids.map(() => ({})));
    expect(await assign({ 'overview-recent-photos': { channels: ['*'], weights: [0, 1] } })).toEqual(ids.map(() => ({ 'overview-recent-photos': 1 })));
    const half = await assign({ 'overview-recent-photos': { channels: ['*'], coverage: 0.5 } });
    expect(half.filter((a) => 'overview-recent-photos' in a).length).toBeGreaterThan(5);
    expect(half.filter((a) => !('overview-recent-photos' in a)).length).toBeGreaterThan(5);
  });

  it('knows a storefront by its host or its channel code', async () => {
    const swedish = await assign({ 'overview-recent-photos': { channels: ['www.printhaven.se'], weights: [0, 1] } }, 'www.printhaven-nordic.se');
    expect(swedish).toEqual(ids.map(() => ({ 'overview-recent-photos': 1 })));
  });
});
