import { describe, expect, it } from 'vitest';
import { TooManyRequests } from '../../platform/http/errors.js';
import { INVOICE_PDFS_AT_ONCE, INVOICE_PDFS_PER_CUSTOMER, INVOICE_PDFS_WAITING, invoicePdfQueue } from './invoice-pdf-queue.js';

/** A PDF whose making ends when the test says so, counting how many are being made at once. */
function makers() {
  let making = 0;
  let most = 0;
  const ends: (() => void)[] = [];
  const make = () =>
    new Promise<string>((resolve) => {
      making++;
      most = Math.max(most, making);
      ends.push(() => {
        making--;
        resolve('%PDF-');
      });
    });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { make, ends, settle, most: () => most };
}

describe('invoicePdfQueue', () => {
  it(`makes ${INVOICE_PDFS_AT_ONCE} at a time, in the order asked, and refuses a customer's PDFs beyond ${INVOICE_PDFS_PER_CUSTOMER} with a 429`, async () => {
    const queued = invoicePdfQueue();
    const m = makers();
    const asked = Array.from({ length: 3 * INVOICE_PDFS_PER_CUSTOMER }, () => queued('nora', m.make).then((pdf) => pdf, (error: unknown) => error));
    await m.settle();
    expect(m.ends).toHaveLength(INVOICE_PDFS_AT_ONCE);
    // Another customer waits for a place like everyone else, but is not refused for nora's.
    const other = queued('bram', m.make);
    while (m.ends.length) {
      m.ends.shift()!();
      await m.settle();
    }
    const answers = await Promise.all(asked);
    expect(answers.filter((a) => a === '%PDF-')).toHaveLength(INVOICE_PDFS_PER_CUSTOMER);
    const refused = answers.filter((a) => a !== '%PDF-');
    expect(refused).toHaveLength(2 * INVOICE_PDFS_PER_CUSTOMER);
    for (const error of refused) expect(error).toBeInstanceOf(TooManyRequests);
    expect(await other).toBe('%PDF-');
    expect(m.most()).toBe(INVOICE_PDFS_AT_ONCE);
    // Every place is given back: the customer is served again.
    const again = queued('nora', m.make);
    await m.settle();
    m.ends.shift()!();
    expect(await again).toBe('%PDF-');
  });

  it(`refuses anyone once ${INVOICE_PDFS_WAITING} PDFs are waiting, and gives a place back when making one fails`, async () => {
    const queued = invoicePdfQueue();
    const m = makers();
    const asked = Array.from({ length: INVOICE_PDFS_AT_ONCE + INVOICE_PDFS_WAITING }, (_, i) => queued(`customer-${i}`, m.make));
    await expect(queued('one-more', m.make)).rejects.toBeInstanceOf(TooManyRequests);
    while (m.ends.length) {
      m.ends.shift()!();
      await m.settle();
    }
    await Promise.all(asked);
    await expect(queued('nora', () => Promise.reject(new Error('pdfkit failed')))).rejects.toThrow('pdfkit failed');
    const after = Array.from({ length: INVOICE_PDFS_AT_ONCE }, () => queued('daan', m.make));
    await m.settle();
    expect(m.ends).toHaveLength(INVOICE_PDFS_AT_ONCE);
    m.ends.splice(0).forEach((end) => end());
    expect(await Promise.all(after)).toEqual(Array(INVOICE_PDFS_AT_ONCE).fill('%PDF-'));
  });
});
