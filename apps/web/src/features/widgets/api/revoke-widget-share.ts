import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** DELETE {widgets}/v1/widget/{id}/shares/{shareId}: the link stops opening the book (decision 082). */
export const revokeWidgetShare = (http: HttpClient, widgetId: string, shareId: string) =>
  http('widgets', `/v1/widget/${encodeURIComponent(widgetId)}/shares/${encodeURIComponent(shareId)}`, { method: 'DELETE' });

export function useRevokeWidgetShare(widgetId: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => revokeWidgetShare(http, widgetId, shareId),
    // Revoked, or already gone (404): either way the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: widgetKeys.shares(widgetId) }),
  });
}
