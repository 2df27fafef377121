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

export class InvalidTokenError extends Error {}

export function createAccessTokenVerifier(o: {
  issuer: string;
  audience: string;
  jwks: JSONWebKeySet | URL;
}): AccessTokenVerifier {
  const keys = o.jwks instanceof URL ? createRemoteJWKSet(o.jwks) : createLocalJWKSet(o.jwks);
  return async (token) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, { issuer: o.issuer, audience: o.audience, clockTolerance: 5 }));
    } catch (err) {
      throw new InvalidTokenError((err as Error).message);
    }
    const claims = identityClaimsSchema.safeParse(payload);
    if (!claims.success) throw new InvalidTokenError('Access token lacks the identity claims');
    return {
      customerId: claims.data.sub,
      email: claims.data.email,
      idpType: claims.data.idp_type,
      idpSub: claims.data.idp_sub,
      isBusiness: isBusinessAuthMethod(claims.data[AUTH_METHOD_CLAIM]),
    };
  };
}
