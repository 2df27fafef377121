import { encodeShareEmail, widgetShareResultSchema } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

export interface ShareInput {
  fromName: string;
  toEmail: string;
  personalMessage: string;
}

/**
 * PUT {widgets}/v1/widget/{id}/share?vendorId&fromName&personalMessage&toEmailAddress (spec §7.8): the fields
 * travel in the query, the recipient's address base64-encoded; the vendor is the storefront's.
 */
export const shareWidget = (http: HttpClient, widgetId: string, vendorId: string, input: ShareInput) =>
  http('widgets', `/v1/widget/${encodeURIComponent(widgetId)}/share`, {
    method: 'PUT',
    query: { vendorId, fromName: input.fromName, personalMessage: input.personalMessage, toEmailAddress: encodeShareEmail(input.toEmail) },
    schema: widgetShareResultSchema,
  });

export function useShareWidget(widgetId: string) {
  const { http, channel } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareInput) => shareWidget(http, widgetId, channel.vendorId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: widgetKeys.shares(widgetId) }),
  });
}
