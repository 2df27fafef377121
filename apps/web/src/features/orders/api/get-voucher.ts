import { campaignOfferSchema, type Voucher } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isHttpStatus } from '../../../lib/http/errors';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { orderKeys } from './query-keys';

/** GET {orders}/api/v1/campaigns/offers/{voucherOptionCode}: the offer merged with isVoucherFound, or only isVoucherFound false after a 404 (spec §3, §5). */
export const getVoucher = (http: HttpClient, voucherOptionCode: string, signal?: AbortSignal): Promise<Voucher> =>
  http('orders', `/api/v1/campaigns/offers/${encodeURIComponent(voucherOptionCode)}`, { schema: campaignOfferSchema, signal }).then(
    (offer): Voucher => ({ ...offer, isVoucherFound: true }),
    (error: unknown): Voucher => {
      if (isHttpStatus(error, 404)) return { isVoucherFound: false };
      throw error;
    },
  );

export const voucherQueryOptions = (http: HttpClient, voucherOptionCode: string) =>
  queryOptions({ queryKey: orderKeys.voucher(voucherOptionCode), queryFn: ({ signal }) => getVoucher(http, voucherOptionCode, signal) });

export function useVoucher(voucherOptionCode: string) {
  const { http } = useServices();
  return useQuery(voucherQueryOptions(http, voucherOptionCode));
}
