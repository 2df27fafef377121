import { PUSH_CLOSE } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { verifyingLiveAccounts } from '../../platform/auth/live-account.js';
import { authenticatedPush } from '../../test/push-client.js';
import { closedWithin, servePush, TEST_PING_INTERVAL_MS, tokenFor } from '../../test/push-service.js';

describe('a push socket of an account that is deleted while it is open', () => {
  it('is closed as a refused token within a ping interval; another customer\'s stays open', async () => {
    const deleted = new Set<string>();
    const { url } = await servePush({ pingIntervalMs: TEST_PING_INTERVAL_MS }, { verify: (tokens) => verifyingLiveAccounts(tokens, async (id) => !deleted.has(id)) });
    const leaving = await authenticatedPush(url, await tokenFor('leaving'));
    const staying = await authenticatedPush(url, await tokenFor('staying'));
    deleted.add('leaving');
    expect(await closedWithin(leaving, 10_000)).toEqual(PUSH_CLOSE.badToken);
    expect(await closedWithin(staying, 1_200)).toBe('open');
  });
});
