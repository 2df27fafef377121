import { describe, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { startTestShoebox } from '../../test/test-server.js';

describe.each(databases)('a server stopped as soon as it started, on $name', (kind) => {
  // Upload recovery starts at once; stopping must wait for it, or its late work fails outside any request.
  it.skipIf(!kind.available)('leaves no work behind to fail, ten times in a row', async () => {
    for (let i = 0; i < 10; i++) await (await startTestShoebox(kind, { seed: false })).dispose();
  }, 60_000);
});
