import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { INVOICE_LINK_VALID_SECONDS } from '@shoebox/contracts';

export type InvoiceKind = 'group' | 'historical';

/** Seconds since the epoch as sign() writes them. */
const EXPIRY = /^[1-9]\d{0,14}$/;

/**
 * Links that open one invoice PDF for INVOICE_LINK_VALID_SECONDS (decision 057). The signature covers the
 * invoice and the customer it was issued to, so a link opens only that customer's invoice, and the route
 * serving it reads the owner from the database, never from the link. Not the blob signer: blob links
 * last hours and are shared by design (one URL per photo per hour); these are asked for at each click.
 */
export function invoiceLinkSigner(secret: string, now: () => number = Date.now) {
  const key = createSecretKey(Buffer.from(secret));
  const mac = (kind: InvoiceKind, id: string, customerId: string, expires: number) =>
    createHmac('sha256', key).update(`${kind}\n${id}\n${customerId}\n${expires}`).digest('base64url');

  return {
    sign(kind: InvoiceKind, id: string, customerId: string): { query: string; expiresAt: string } {
      const expires = Math.floor(now() / 1000) + INVOICE_LINK_VALID_SECONDS;
      return { query: `e=${expires}&s=${mac(kind, id, customerId, expires)}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
    /** Whether the link's parts were signed for this invoice of this customer and have not expired. */
    verify(kind: InvoiceKind, id: string, customerId: string, params: { e?: unknown; s?: unknown }): boolean {
      const { e, s } = params;
      if (typeof e !== 'string' || !EXPIRY.test(e) || typeof s !== 'string') return false;
      const expires = Number(e);
      const expected = Buffer.from(mac(kind, id, customerId, expires));
      const given = Buffer.from(s);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      return expires > Math.floor(now() / 1000);
    },
  };
}
export type InvoiceLinkSigner = ReturnType<typeof invoiceLinkSigner>;

/** The name of the signing key among the server's stored secrets, shared by every machine. */
export const INVOICE_LINK_SECRET = 'invoices.link-key';
