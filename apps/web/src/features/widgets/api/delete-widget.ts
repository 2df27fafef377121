import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** DELETE {widgets}/v1/widget/{id}: the book, its share links and its gallery entry. */
export const deleteWidget = (http: HttpClient, widgetId: string) => http('widgets', `/v1/widget/${encodeURIComponent(widgetId)}`, { method: 'DELETE' });

/** One mutation per book, so each book shows its own state; on success every cached page is read again. */
export function useDeleteWidget() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (widgetId: string) => deleteWidget(http, widgetId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: widgetKeys.lists(), type: 'inactive' });
      await queryClient.invalidateQueries({ queryKey: widgetKeys.lists() });
    },
  });
}
