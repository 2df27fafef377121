export { AccountDeletedPage } from './routes/account-deleted-page';
export { ChangeEmailErrorPage, DeleteAccountErrorPage } from './routes/account-error-pages';
export { ChangeEmailSuccessPage } from './routes/change-email-success-page';
export { SubscriptionConfirmationPage, SubscriptionErrorPage, SubscriptionSuccessPage } from './routes/subscription-pages';
export { CookiesBlockedPage } from './routes/cookies-blocked-page';
