import { pdfLinkSchema } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** GET {orders}/v1/pdf/me/{id}: a link that opens the PDF for a minute (decision 114). Asked for at each click, never cached. */
export const getPdfLink = (http: HttpClient, fileId: string, signal?: AbortSignal) => http('orders', `/v1/pdf/me/${encodeURIComponent(fileId)}`, { schema: pdfLinkSchema, signal });

export function usePdfLink(fileId: string) {
  const { http } = useServices();
  return useMutation({ mutationFn: () => getPdfLink(http, fileId) });
}
