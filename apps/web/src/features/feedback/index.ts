/**
 * The feedback widget the shell places (spec §9): the 'Give feedback' button, light enough for the first
 * page; the dialog, its texts and its toaster load when the customer reaches for it.
 */
export { FeedbackButton, type FeedbackPlacement } from './components/feedback-button';
