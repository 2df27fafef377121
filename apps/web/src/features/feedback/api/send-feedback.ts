import { FEEDBACK_PATH, type Feedback } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** POST {customers}/feedback: 204; 429 (with Retry-After) once the customer has sent today's share; 400 for a malformed body. */
export const sendFeedback = (http: HttpClient, feedback: Feedback) => http('customers', FEEDBACK_PATH, { method: 'POST', body: feedback });

export function useSendFeedback() {
  const { http } = useServices();
  return useMutation({ mutationFn: (feedback: Feedback) => sendFeedback(http, feedback) });
}
