import type { AppServices } from '../../../lib/services';

/** Clears the token cookies and ends the sign-in session at the provider, which returns to the account area. */
export const logoutLoader = (services: AppServices) => () => services.auth.signOut();
