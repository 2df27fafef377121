import { asDisplayText, type Feedback, type FEEDBACK_RATINGS } from '@shoebox/contracts';

export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** feedbackSchema's limit for `page`. */
const PAGE_MAX_LENGTH = 300;

/**
 * What the dialog sends. The server takes line feeds and no other control or text-direction characters in a
 * comment: a pasted tab becomes a space here rather than a refusal the customer could not see the reason for.
 * A comment of only spaces is no comment.
 */
export function feedbackBody(rating: FeedbackRating, comment: string, pathname: string): Feedback {
  const text = comment.split('\n').map(asDisplayText).join('\n').trim();
  const page = pathname.slice(0, PAGE_MAX_LENGTH);
  return text ? { rating, comment: text, page } : { rating, page };
}
