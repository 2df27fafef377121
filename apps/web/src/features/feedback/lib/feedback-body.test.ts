import { FEEDBACK_COMMENT_MAX_LENGTH, feedbackSchema } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';
import { feedbackBody } from './feedback-body';

const accepted = (body: unknown) => feedbackSchema.safeParse(body).success;

describe('the feedback body', () => {
  test('the comment is trimmed, its line feeds kept', () => {
    const body = feedbackBody(4, '  Lovely prints.\n\nThe menu is slow.  \n', '/orders');
    expect(body).toEqual({ rating: 4, comment: 'Lovely prints.\n\nThe menu is slow.', page: '/orders' });
    expect(accepted(body)).toBe(true);
  });

  test('an empty or blank comment is left out', () => {
    expect(feedbackBody(2, '', '/')).toEqual({ rating: 2, page: '/' });
    expect(feedbackBody(2, ' \n\n  ', '/')).toEqual({ rating: 2, page: '/' });
  });

  test('pasted tabs, carriage returns and text-direction controls become spaces the server takes', () => {
    const body = feedbackBody(3, 'a\tb\r\nc\u202Ed\u2028e', '/settings');
    expect(body.comment).toBe('a b \nc d e');
    expect(accepted(body)).toBe(true);
  });

  test('a comment of the longest length a textarea lets through is accepted', () => {
    expect(accepted(feedbackBody(5, 'x'.repeat(FEEDBACK_COMMENT_MAX_LENGTH), '/'))).toBe(true);
  });

  test('a very long address is cut to what the server takes', () => {
    const body = feedbackBody(1, '', `/${'a'.repeat(400)}`);
    expect(body.page).toHaveLength(300);
    expect(accepted(body)).toBe(true);
  });
});
