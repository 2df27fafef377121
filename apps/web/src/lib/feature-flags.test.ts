import { describe, expect, test } from 'vitest';
import { testConfig } from '../test/fixtures';
import { createFeatureFlags } from './feature-flags';

const TIMELINE = 'PhotoManagementTimelineViewEnabled';
const ALBUMS = 'PhotoManagementAlbumViewEnabled';
const at = (hostname: string, search = '') => ({ hostname, search }) as Location;
const config = testConfig({ flags: { [TIMELINE]: ['www.printhaven.co.uk', 'WWW.ALBUMLY.NL'], [ALBUMS]: ['*'] } });
const OVERRIDES_KEY = 'shoebox.flagOverrides';

describe('feature flags from configuration', () => {
  test('a flag is on for the hosts its list names (any case) and for every host with *', () => {
    expect(createFeatureFlags(config, at('www.printhaven.co.uk'), localStorage).isOn(TIMELINE)).toBe(true);
    expect(createFeatureFlags(config, at('www.albumly.nl'), localStorage).isOn(TIMELINE)).toBe(true);
    expect(createFeatureFlags(config, at('www.printhaven.de'), localStorage).isOn(TIMELINE)).toBe(false);
    expect(createFeatureFlags(config, at('www.printhaven.de'), localStorage).isOn(ALBUMS)).toBe(true);
  });

  test('a flag the configuration does not list is off', () => {
    expect(createFeatureFlags(config, at('www.printhaven.co.uk'), localStorage).isOn('PhotoManagementPreviewEnabled')).toBe(false);
  });
});

describe('feature flag overrides from the URL', () => {
  test('?ff.<Flag>=off turns a configured flag off and is remembered in local storage', () => {
    const flags = createFeatureFlags(config, at('www.printhaven.co.uk', `?ff.${TIMELINE}=off`), localStorage);
    expect(flags.isOn(TIMELINE)).toBe(false);
    expect(JSON.parse(localStorage.getItem(OVERRIDES_KEY) ?? '{}')).toEqual({ [TIMELINE]: false });

    // A later page load without the parameter keeps the override.
    expect(createFeatureFlags(config, at('www.printhaven.co.uk'), localStorage).isOn(TIMELINE)).toBe(false);
  });

  test('?ff.<Flag>=on turns on a flag the configuration leaves off', () => {
    expect(createFeatureFlags(config, at('www.printhaven.de', '?ff.PhotoManagementPreviewEnabled=on'), localStorage).isOn('PhotoManagementPreviewEnabled')).toBe(true);
    expect(createFeatureFlags(config, at('www.printhaven.de'), localStorage).isOn('PhotoManagementPreviewEnabled')).toBe(true);
  });

  test('?ff.<Flag>=default forgets the override and goes back to configuration, leaving other overrides alone', () => {
    createFeatureFlags(config, at('www.printhaven.co.uk', `?ff.${TIMELINE}=off&ff.${ALBUMS}=off`), localStorage);

    const flags = createFeatureFlags(config, at('www.printhaven.co.uk', `?ff.${TIMELINE}=default`), localStorage);

    expect(flags.isOn(TIMELINE)).toBe(true);
    expect(flags.isOn(ALBUMS)).toBe(false);
    expect(JSON.parse(localStorage.getItem(OVERRIDES_KEY) ?? '{}')).toEqual({ [ALBUMS]: false });
  });

  test('unknown values and unknown flag names are ignored', () => {
    const flags = createFeatureFlags(config, at('www.printhaven.co.uk', `?ff.${TIMELINE}=maybe&ff.NoSuchFlag=off`), localStorage);
    expect(flags.isOn(TIMELINE)).toBe(true);
    expect(localStorage.getItem(OVERRIDES_KEY)).toBeNull();
  });

  test('a corrupt stored override is treated as none', () => {
    localStorage.setItem(OVERRIDES_KEY, '{not json');
    expect(createFeatureFlags(config, at('www.printhaven.co.uk'), localStorage).isOn(TIMELINE)).toBe(true);
  });
});
