import { offerDiscount, printsBySize, type CampaignOffer, type OfferRefusal, type PrintCurrency } from '@shoebox/contracts';
import { useArticleGroups } from '../../../api/orders/get-article-groups';
import { useVoucher } from '../../../api/orders/get-voucher';
import type { PrintLine } from './prints-lines';

export type VoucherState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'notFound' }
  | { kind: 'failed' }
  | { kind: 'refused'; reason: OfferRefusal; offer: CampaignOffer }
  | { kind: 'applied'; offer: CampaignOffer; discount: number };

/**
 * What the applied voucher takes off the prints as they stand (decision 116): the contracts' rule on the products
 * the server will make of these lines, so the total shown is the total the order carries. Follows every change of
 * size or quantity; an offer that stops applying (below its minimum) says why.
 */
export function useVoucherDiscount(code: string | null, lines: readonly PrintLine[], currency: PrintCurrency): VoucherState {
  const voucher = useVoucher(code);
  const groups = useArticleGroups();
  if (code === null) return { kind: 'none' };
  if (voucher.isError || groups.isError) return { kind: 'failed' };
  if (!voucher.data || !groups.data) return { kind: 'checking' };
  if (!voucher.data.isVoucherFound) return { kind: 'notFound' };
  const offer = voucher.data;
  const groupsOf = (articleName: string) => groups.data.filter((g) => g.articleNames.includes(articleName)).map((g) => g.code);
  const products = printsBySize(lines, currency).map((p) => ({ price: p.priceAmount, articleGroups: groupsOf(p.articleName) }));
  const outcome = offerDiscount(offer, { products, currency }, new Date());
  return 'refused' in outcome ? { kind: 'refused', reason: outcome.refused, offer } : { kind: 'applied', offer, discount: outcome.total };
}
