import { Toaster } from 'sonner';

/** Spec (photo library §8): toasts show top-centre, dark, and close after 5 seconds unless stated otherwise. */
export const TOAST_DURATION_MS = 5_000;

/** Where a screen's toasts appear: one place, one look, one time on screen for every screen that has them. */
export function AppToaster() {
  return <Toaster position="top-center" theme="dark" duration={TOAST_DURATION_MS} />;
}
