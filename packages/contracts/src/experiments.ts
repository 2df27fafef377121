import { z } from 'zod/mini';

/**
 * The A/B tests the account area knows, each with its variations' values; the first is the control, what a
 * customer sees outside the test (decision 110). An experiment runs only where the operator's EXPERIMENTS
 * configuration starts it.
 */
export const EXPERIMENTS = {
  /** How many of the newest photos the Overview shows: one row, or two. Do more lead to the library? */
  'overview-recent-photos': [6, 12],
} as const;
export type ExperimentKey = keyof typeof EXPERIMENTS;
export type ExperimentValue<K extends ExperimentKey> = (typeof EXPERIMENTS)[K][number];
export const EXPERIMENT_KEYS = Object.keys(EXPERIMENTS) as [ExperimentKey, ...ExperimentKey[]];

/** Where an experiment runs and how its customers are split: the operator's EXPERIMENTS setting, as JSON. */
export const experimentSettingSchema = z.object({
  /** The storefronts (hosts or channel codes) it runs on; '*' for all. */
  channels: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
  /** The share of customers in the test, 0 to 1 (default all); the others see the control and are not counted. */
  coverage: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  /** Each variation's share of those in the test, in order (default equal). */
  weights: z.optional(z.array(z.number().check(z.minimum(0), z.maximum(1)))),
});
export type ExperimentSetting = z.infer<typeof experimentSettingSchema>;
export const experimentsConfigSchema = z.partialRecord(z.enum(EXPERIMENT_KEYS), experimentSettingSchema);
export type ExperimentsConfig = z.infer<typeof experimentsConfigSchema>;

/** GET {customers}/experiments */
export const EXPERIMENTS_PATH = '/experiments';

/** The variation index of each running experiment the customer is in; an experiment not named: the control. */
export const experimentAssignmentsSchema = z.object({
  assignments: z.partialRecord(z.enum(EXPERIMENT_KEYS), z.number().check(z.int(), z.minimum(0))),
});
export type ExperimentAssignments = z.infer<typeof experimentAssignmentsSchema>;

/** The value a customer sees: their variation's, or the control's. */
export function experimentValue<K extends ExperimentKey>(key: K, assignments: ExperimentAssignments['assignments']): ExperimentValue<K> {
  const variations = EXPERIMENTS[key] as readonly ExperimentValue<K>[];
  return variations[assignments[key] ?? 0] ?? variations[0]!;
}
