import type { FeatureFlag } from '@shoebox/contracts';
import type enGB from '../../public/locales/en-GB.json';

export type TitleKey = keyof (typeof enGB)['titles'];

export interface AccessRule {
  audience?: 'business' | 'consumer';
  flags?: FeatureFlag[];
}

/** What the shell needs to know about a route: its title and whether the support chat stays out of the way. */
export interface RouteHandle {
  titleKey: TitleKey;
  hideSupportChat?: boolean;
  /** The screen shows its own heading (an album's name), so the shell shows no title above it. */
  ownHeading?: boolean;
  /**
   * The screen ends the account itself and signs the customer out towards its own page (the deletion
   * link): the shell does not take the account's record going missing meanwhile for a deletion elsewhere.
   */
  endsAccount?: boolean;
}
