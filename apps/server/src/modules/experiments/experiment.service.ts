import { GrowthBook } from '@growthbook/growthbook';
import { EXPERIMENTS, findChannel, type Customer, type ExperimentAssignments, type ExperimentKey, type ExperimentsConfig } from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';

/**
 * A/B tests assigned on the server with GrowthBook's SDK (decision 110): by a hash of the customer's id and the
 * experiment's key, so a customer sees the same variation on every device and visit, and the web never waits
 * for, nor carries, the library. Nothing is sent anywhere: the SDK gets no API host and no tracking callback.
 */
export function experimentService(o: { config: ExperimentsConfig; customerOf: (identity: Identity) => Promise<Customer> }) {
  const running = Object.entries(o.config) as [ExperimentKey, NonNullable<ExperimentsConfig[ExperimentKey]>][];
  const runsOn = (channels: string[], channel: string) => channels.some((c) => c === '*' || findChannel(c)?.code === channel);

  return {
    async assignmentsOf(identity: Identity): Promise<ExperimentAssignments> {
      if (running.length === 0) return { assignments: {} };
      const customer = await o.customerOf(identity);
      const growthbook = new GrowthBook({ attributes: { id: customer.id } });
      const assignments: ExperimentAssignments['assignments'] = {};
      for (const [key, setting] of running) {
        if (!runsOn(setting.channels, customer.channel)) continue;
        const variations = [...EXPERIMENTS[key]] as [number, number, ...number[]];
        const result = growthbook.run({ key, variations, hashAttribute: 'id', ...(setting.coverage === undefined ? {} : { coverage: setting.coverage }), ...(setting.weights ? { weights: setting.weights } : {}) });
        if (result.inExperiment) assignments[key] = result.variationId;
      }
      growthbook.destroy();
      return { assignments };
    },
  };
}
export type ExperimentService = ReturnType<typeof experimentService>;
