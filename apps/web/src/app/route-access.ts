import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { SignedInIdentity } from '../lib/auth/auth-session';
import type { FeatureFlags } from '../lib/feature-flags';
import type { AppServices } from '../lib/services';
import { withStrippedParam } from '../lib/stripped-mode';
import type { AccessRule } from './route-handle';

export function isAllowed(rule: AccessRule, identity: SignedInIdentity, flags: FeatureFlags): boolean {
  if (rule.audience === 'business' && !identity.isBusiness) return false;
  if (rule.audience === 'consumer' && identity.isBusiness) return false;
  if (rule.flags?.some((flag) => !flags.isOn(flag))) return false;
  return true;
}

/** Keeps `stripped=true` on every URL once the reduced layout is on. */
export const rootLoader =
  (services: AppServices) =>
  ({ request }: LoaderFunctionArgs) => {
    const next = withStrippedParam(new URL(request.url), services.stripped());
    if (next) throw redirect(`${next.pathname}${next.search}${next.hash}`);
    return null;
  };

/** Signs the visitor in (a full-page redirect) unless a session exists; answers the identity. */
export const signedInLoader =
  (services: AppServices) =>
  async ({ request }: LoaderFunctionArgs) => {
    const identity = await services.auth.currentIdentity();
    if (identity) return identity;
    const url = new URL(request.url);
    return services.auth.signIn(`${url.pathname}${url.search}`);
  };

/** A route the customer may not use sends them to the overview. */
export const accessLoader = (services: AppServices, rule: AccessRule) => async () => {
  const identity = await services.auth.currentIdentity();
  if (!identity || !isAllowed(rule, identity, services.flags)) throw redirect('/');
  return null;
};
