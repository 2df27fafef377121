import { isOrderStatusMessage } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { usePushMessages } from '../../../lib/push/use-push-messages';
import { orderKeys } from '../api/query-keys';

/**
 * Keeps order screens current while they are open: a status change of one of the customer's orders (or of
 * `orderCode` only, when given) reads the orders again. So does each (re)authentication of the push
 * channel, since a change made while it was not listening is never sent again.
 */
export function useLiveOrderStatus(orderCode?: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  usePushMessages({
    onMessage: (message) => {
      if (isOrderStatusMessage(message) && (orderCode === undefined || message.data.orderCode === orderCode)) refresh();
    },
    onAuthenticated: refresh,
  });
}
