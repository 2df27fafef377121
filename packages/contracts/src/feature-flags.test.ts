import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, featureFlagsConfigSchema, isFlagOnForHost } from './index.js';

describe('isFlagOnForHost', () => {
  it('is on for a listed host, whatever its case or port', () => {
    expect(isFlagOnForHost(['www.printhaven.nl'], 'www.printhaven.nl')).toBe(true);
    expect(isFlagOnForHost(['WWW.Printhaven.NL'], 'www.printhaven.nl:443')).toBe(true);
  });

  it("is on for every host with '*'", () => {
    expect(isFlagOnForHost(['*'], 'localhost:3000')).toBe(true);
  });

  it('is off for other hosts, an empty list and an unconfigured flag', () => {
    expect(isFlagOnForHost(['www.printhaven.nl'], 'www.printhaven.be')).toBe(false);
    expect(isFlagOnForHost(['www.printhaven.nl'], 'printhaven.nl')).toBe(false);
    expect(isFlagOnForHost([], 'www.printhaven.nl')).toBe(false);
    expect(isFlagOnForHost(undefined, 'www.printhaven.nl')).toBe(false);
  });

  it('accepts any set of known flags with their host lists, and rejects unknown flags and empty hosts', () => {
    const all = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, ['*']]));
    expect(featureFlagsConfigSchema.safeParse(all).success).toBe(true);
    expect(featureFlagsConfigSchema.safeParse({ PhotoManagementPreviewEnabled: ['www.printhaven.nl'] }).success).toBe(true);
    expect(featureFlagsConfigSchema.safeParse({ ...all, SomethingElse: ['*'] }).success).toBe(false);
    expect(featureFlagsConfigSchema.safeParse({ ...all, PhotoManagementPreviewEnabled: [''] }).success).toBe(false);
  });
});
