import { AppToaster } from '../../../components/ui/toaster';

/** The feedback toasts' own toaster: a page's toaster (AppToaster without an id) takes only toasts without an id, so none shows twice. */
export const FEEDBACK_TOASTER = 'feedback';

/** The shell has no toaster of its own and some pages have one: this one shows only the feedback's thanks. */
export function FeedbackToaster() {
  return <AppToaster id={FEEDBACK_TOASTER} />;
}
