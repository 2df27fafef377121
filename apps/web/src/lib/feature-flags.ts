import { FEATURE_FLAGS, isFlagOnForHost, type AppConfig, type FeatureFlag } from '@shoebox/contracts';
import { readJson, writeJson } from './storage';

const OVERRIDES_KEY = 'shoebox.flagOverrides';
const URL_PREFIX = 'ff.';

export interface FeatureFlags {
  isOn(flag: FeatureFlag): boolean;
}

/**
 * A flag is read from an override first (`?ff.<Flag>=on|off` in the URL, remembered in local
 * storage), then from configuration, where it is the list of hosts it is on for.
 */
export function createFeatureFlags(config: AppConfig, location: Location, storage: Storage): FeatureFlags {
  const overrides = readJson<Partial<Record<FeatureFlag, boolean>>>(storage, OVERRIDES_KEY) ?? {};
  const params = new URLSearchParams(location.search);
  let changed = false;
  for (const flag of FEATURE_FLAGS) {
    const value = params.get(`${URL_PREFIX}${flag}`);
    if (value === 'on' || value === 'off') {
      overrides[flag] = value === 'on';
      changed = true;
    } else if (value === 'default') {
      delete overrides[flag];
      changed = true;
    }
  }
  if (changed) writeJson(storage, OVERRIDES_KEY, overrides);
  return {
    isOn: (flag) => overrides[flag] ?? isFlagOnForHost(config.flags[flag], location.hostname),
  };
}
