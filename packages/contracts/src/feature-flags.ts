import { z } from 'zod/mini';

export const FEATURE_FLAGS = [
  'PhotoManagementAlbumViewEnabled',
  'PhotoManagementSharedAlbumsViewEnabled',
  'PhotoManagementUploadViewEnabled',
  'PhotoManagementReactivationEnabled',
  'PhotoManagementTimelineViewEnabled',
  'PhotoManagementPreviewEnabled',
  'PhotoManagementOrderPrintsEnabled',
  'PhotoManagementCopyToAlbumEnabled',
  'PhotoManagementStorageWarningEnabled',
] as const;
export const featureFlagSchema = z.enum(FEATURE_FLAGS);
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

/** A flag is on for a host when its list holds that host, or '*'. */
export const featureFlagsConfigSchema = z.partialRecord(featureFlagSchema, z.array(z.string().check(z.minLength(1))));
export type FeatureFlagsConfig = z.infer<typeof featureFlagsConfigSchema>;

export function isFlagOnForHost(allowedHosts: readonly string[] | undefined, host: string): boolean {
  if (!allowedHosts) return false;
  const bare = host.toLowerCase().split(':')[0] ?? '';
  return allowedHosts.some((h) => h === '*' || h.toLowerCase() === bare);
}
