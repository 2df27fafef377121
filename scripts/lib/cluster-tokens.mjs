// Access tokens for customers of a local cluster, signed with the cluster's own key as its sign-in would
// issue them: for the soak and the capacity run, which load the API, not the sign-in.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { importJWK, SignJWT } from 'jose';

/** A module of the built server. */
export const serverDist = (root, file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);

/** Signs tokens, valid for an hour, for customers of the cluster's database (`db`, a Kysely of the built server). */
export async function tokenSigner({ root, db, issuer }) {
  const { API_SCOPE } = await serverDist(root, 'platform/auth/access-token.js');
  const stored = await db.selectFrom('secrets').select('value').where('name', '=', 'oidc.signing-key').executeTakeFirstOrThrow();
  const jwk = JSON.parse(stored.value);
  const key = await importJWK(jwk, 'RS256');
  /** The Authorization header for the customer with this email address. */
  return async (email) => {
    const identity = await db.selectFrom('identities').select(['id', 'customer_id', 'idp_type', 'auth_method']).where('email', '=', email).executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ scope: API_SCOPE, sub: identity.customer_id, email, idp_type: identity.idp_type, idp_sub: identity.id, auth_method: identity.auth_method })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
      .setIssuer(issuer)
      .setAudience('shoebox-api')
      .setIssuedAt(now - 60)
      .setExpirationTime(now + 3600)
      .sign(key);
    return { id: identity.customer_id, headers: { Authorization: `Bearer ${token}` } };
  };
}
