import { AUTH_METHOD_CLAIM, identityClaimsSchema, isBusinessAuthMethod } from '@shoebox/contracts';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';

/** Who is calling, as proven by a verified access token. */
export interface Identity {
  customerId: string;
  email: string;
  idpType: string;
  idpSub: string;
  isBusiness: boolean;
}

export type AccessTokenVerifier = (token: string) => Promise<Identity>;

/** The scope a token must carry to call the API; sign-ins for the profile alone do not get it. */
export const API_SCOPE = 'account';

export class InvalidTokenError extends Error {}

/** A valid token that was not issued for calling the API (RFC 6750 insufficient_scope). */
export class InsufficientScopeError extends Error {
  readonly requiredScope = API_SCOPE;
}

/** Verified tokens remembered until they expire, so a busy customer's calls skip the signature check. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createAccessTokenVerifier(o: {
  issuer: string;
  audience: string;
  jwks: JSONWebKeySet | URL;
}): AccessTokenVerifier {
  const keys = o.jwks instanceof URL ? createRemoteJWKSet(o.jwks) : createLocalJWKSet(o.jwks);
  const verified = new Map<string, { identity: Identity; expiresAt: number }>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit && hit.expiresAt > Date.now()) return hit.identity;
    if (hit) verified.delete(token);
    const result = await verify(token);
    // Map keeps insertion order: the first key is the oldest entry.
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, result);
    return result.identity;
  };

  async function verify(token: string): Promise<{ identity: Identity; expiresAt: number }> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, { issuer: o.issuer, audience: o.audience, clockTolerance: 5 }));
    } catch (err) {
      throw new InvalidTokenError((err as Error).message);
    }
    const claims = identityClaimsSchema.safeParse(payload);
    if (!claims.success) throw new InvalidTokenError('Access token lacks the identity claims');
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    if (!scopes.includes(API_SCOPE)) throw new InsufficientScopeError(`The access token lacks the ${API_SCOPE} scope`);
    return {
      identity: {
        customerId: claims.data.sub,
        email: claims.data.email,
        idpType: claims.data.idp_type,
        idpSub: claims.data.idp_sub,
        isBusiness: isBusinessAuthMethod(claims.data[AUTH_METHOD_CLAIM]),
      },
      expiresAt: (payload.exp ?? 0) * 1000,
    };
  }
}
