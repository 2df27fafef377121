import { lazy } from 'react';

/**
 * Settings' "Delete my account" section: its own small chunk, with the `account` texts, loaded when
 * /settings shows it. Place it inside a LazySlot (or Suspense), which it suspends while they load.
 */
export const DeleteAccountSection = lazy(() => import('./components/delete-account-section'));
