import { z } from 'zod/mini';

/** The claim that carries how the customer authenticated; 'b2b' (any case) marks a business customer. */
export const AUTH_METHOD_CLAIM = 'auth_method';
export const B2B_AUTH_METHOD = 'b2b';

export const identityClaimsSchema = z.object({
  sub: z.string().check(z.minLength(1)),
  email: z.email(),
  idp_type: z.string().check(z.minLength(1)),
  idp_sub: z.string().check(z.minLength(1)),
  [AUTH_METHOD_CLAIM]: z.optional(z.string()),
});
export type IdentityClaims = z.infer<typeof identityClaimsSchema>;

export function isBusinessAuthMethod(value: unknown): boolean {
  return typeof value === 'string' && value.toLowerCase() === B2B_AUTH_METHOD;
}

/** Names of the cookies that hold the signed-in customer's tokens. */
export const AUTH_COOKIES = {
  accessToken: 'auth_access_token',
  refreshToken: 'auth_refresh_token',
  idToken: 'auth_id_token',
} as const;
