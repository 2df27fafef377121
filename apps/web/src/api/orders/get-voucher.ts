import { campaignOfferSchema, isLocale, type Voucher } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isHttpStatus } from '../../lib/http/errors';
import type { HttpClient } from '../../lib/http/http-client';
import { useServices } from '../../lib/services';

/**
 * GET {orders}/api/v1/campaigns/offers/{voucherOptionCode}: the offer merged with isVoucherFound, or only
 * isVoucherFound false after a 404 (spec §3, §5); in the page's language where the offer is translated. Order
 * details name a product's voucher by it; the prints editor reads a typed code with it.
 */
export const getVoucher = (http: HttpClient, voucherOptionCode: string, locale: string, signal?: AbortSignal): Promise<Voucher> =>
  http('orders', `/api/v1/campaigns/offers/${encodeURIComponent(voucherOptionCode)}`, {
    schema: campaignOfferSchema,
    query: { locale: isLocale(locale) ? locale : undefined },
    signal,
  }).then(
    (offer): Voucher => ({ ...offer, isVoucherFound: true }),
    (error: unknown): Voucher => {
      if (isHttpStatus(error, 404)) return { isVoucherFound: false };
      throw error;
    },
  );

export const voucherQueryOptions = (http: HttpClient, voucherOptionCode: string, locale: string) =>
  queryOptions({ queryKey: ['voucher', voucherOptionCode, locale] as const, queryFn: ({ signal }) => getVoucher(http, voucherOptionCode, locale, signal) });

/** The voucher of a code, asked for once there is one (null: none typed yet). */
export function useVoucher(voucherOptionCode: string | null) {
  const { http } = useServices();
  const { i18n } = useTranslation();
  return useQuery({ ...voucherQueryOptions(http, voucherOptionCode ?? '', i18n.language), enabled: voucherOptionCode !== null });
}
