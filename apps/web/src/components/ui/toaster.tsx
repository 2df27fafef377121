import { Toaster } from 'sonner';

/** Spec (photo library §8): toasts show top-centre, dark, and close after 5 seconds unless stated otherwise. */
export const TOAST_DURATION_MS = 5_000;

/**
 * Where a screen's toasts appear: one place, one look, one time on screen for every screen that has them. With an
 * `id`, it shows only the toasts sent to that id (a part of the shell, present beside a page's own toaster).
 */
export function AppToaster({ id }: { id?: string } = {}) {
  return <Toaster id={id} position="top-center" theme="dark" duration={TOAST_DURATION_MS} />;
}
