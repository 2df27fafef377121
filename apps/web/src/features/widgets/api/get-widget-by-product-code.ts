import { widgetsByOrderSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/**
 * GET {widgets}/v1/widget/all?orderCodes={code}: the customer's book of that order, or null. The share
 * screen's address carries the productCode (spec §2.1), so a screen opened cold finds its book this way.
 */
export const getWidgetByProductCode = async (http: HttpClient, productCode: string, signal?: AbortSignal) => {
  const { items } = await http('widgets', '/v1/widget/all', { query: { orderCodes: productCode }, schema: widgetsByOrderSchema, signal });
  return items.find((w) => w.productCode === productCode) ?? null;
};

export const widgetByProductCodeQueryOptions = (http: HttpClient, productCode: string) =>
  queryOptions({ queryKey: widgetKeys.byProductCode(productCode), queryFn: ({ signal }) => getWidgetByProductCode(http, productCode, signal) });

export function useWidgetByProductCode(productCode: string) {
  const { http } = useServices();
  return useQuery(widgetByProductCodeQueryOptions(http, productCode));
}
