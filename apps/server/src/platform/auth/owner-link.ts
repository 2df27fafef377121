import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { SIGNED_FILE_LINK_VALID_SECONDS } from '@shoebox/contracts';

/** Seconds since the epoch as sign() writes them. */
const EXPIRY = /^[1-9]\d{0,14}$/;
/** A kind names what the id is of (an invoice, a product's file): a link signed for one kind never opens another. */
const KIND = /^[a-z][a-z-]{0,31}$/;

/**
 * Links that open one of a customer's files for SIGNED_FILE_LINK_VALID_SECONDS: invoice PDFs (decision 057) and
 * products' print files (decision 114). The signature covers the kind, the file and the customer it belongs to,
 * so a link opens only that customer's file, and the route serving it reads the owner from the database, never
 * from the link. Not the blob signer: blob links last hours and are shared by design (one URL per photo per
 * hour); these are asked for at each click.
 */
export function ownerLinkSigner(secret: string, now: () => number = Date.now) {
  const key = createSecretKey(Buffer.from(secret));
  const mac = (kind: string, id: string, customerId: string, expires: number) => {
    if (!KIND.test(kind)) throw new Error(`Not a link kind: ${kind}`);
    return createHmac('sha256', key).update(`${kind}\n${id}\n${customerId}\n${expires}`).digest('base64url');
  };

  return {
    sign(kind: string, id: string, customerId: string): { query: string; expiresAt: string } {
      const expires = Math.floor(now() / 1000) + SIGNED_FILE_LINK_VALID_SECONDS;
      return { query: `e=${expires}&s=${mac(kind, id, customerId, expires)}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
    /** Whether the link's parts were signed for this file of this customer and have not expired. */
    verify(kind: string, id: string, customerId: string, params: { e?: unknown; s?: unknown }): boolean {
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
export type OwnerLinkSigner = ReturnType<typeof ownerLinkSigner>;

/**
 * The name of the signing key among the server's stored secrets, shared by every machine. Named when invoices were
 * its only kind; kept, so machines of the previous release sign with the same key while a cluster is updated.
 */
export const OWNER_LINK_SECRET = 'invoices.link-key';
