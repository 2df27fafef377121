/** The email change screens (/settings/email, /settings/b2b/email) and the confirmation link's page, loaded when first opened. */
export const emailChangeRoutes = () => import('./routes/email-change-routes');
