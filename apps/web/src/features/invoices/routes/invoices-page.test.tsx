import { HISTORICAL_INVOICES_PAGE_SIZE, type HistoricalInvoice } from '@shoebox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const LIST = apiUrl('invoices', '/api/v1/HistoricalInvoice/me');
const GROUP_ID = 'group-1';

const invoice = (n: number, o: Partial<HistoricalInvoice> = {}): HistoricalInvoice => ({
  id: `invoice-${n}`,
  invoiceNumber: `INV-${String(n).padStart(4, '0')}`,
  orderCode: `B2B-${n}`,
  channel: 'www.printhaven.co.uk',
  issuedAt: new Date(Date.UTC(2026, 10, 20 - n)).toISOString(),
  currency: 'GBP',
  totalExclVat: 10_000 + n,
  vat: 2_000,
  totalInclVat: 12_000 + n,
  invoiceGroupId: null,
  ...o,
});

/** Fourteen invoices, newest first, the third part of a collective invoice; pages as the server gives them. */
function serveInvoices(all: HistoricalInvoice[] = Array.from({ length: 14 }, (_, i) => invoice(i + 1, i === 2 ? { invoiceGroupId: GROUP_ID } : {}))) {
  const pagesAsked: number[] = [];
  server.use(
    http.get(LIST, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      pagesAsked.push(page);
      const start = (page - 1) * HISTORICAL_INVOICES_PAGE_SIZE;
      return HttpResponse.json({ total: all.length, historicalInvoices: all.slice(start, start + HISTORICAL_INVOICES_PAGE_SIZE) });
    }),
  );
  return { all, pagesAsked };
}

const pdfLink = (path: string, seconds = 60) => ({ url: `http://localhost:3000/api/invoices/pdf-links/${path}?e=1&s=sig`, expiresAt: new Date(Date.now() + seconds * 1000).toISOString() });

async function openPage(path = '/invoices') {
  const view = renderApp(path, { identity: 'business' });
  await screen.findByRole('heading', { level: 1, name: 'B2B invoices' });
  return view;
}

const rowNamed = (name: string) => screen.getByRole('listitem', { name });

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('en-GB');
});

describe('the invoices page', () => {
  test('lists the invoices ten to a page with number, order, date and totals, and pages through them', async () => {
    const { pagesAsked } = serveInvoices();
    const { user, currentUrl } = await openPage();
    const list = await screen.findByRole('list', { name: 'Your invoices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const first = rowNamed('Invoice INV-0001');
    expect(first).toHaveTextContent('Order B2B-1');
    expect(first).toHaveTextContent('Issued 19 Nov 2026');
    expect(first).toHaveTextContent('Total incl. VAT: £120.01');
    expect(first).toHaveTextContent('VAT: £20.00');

    const pager = screen.getByRole('navigation', { name: 'Invoice pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your invoices' })).getAllByRole('listitem')).toHaveLength(4));
    expect(rowNamed('Invoice INV-0014')).toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 2 of 2');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(currentUrl()).toBe('/invoices?page=2');
    expect(pagesAsked).toEqual([1, 2]);
  });

  test('an invoice’s PDF: preparing while asked for, then opened in a new tab with a link that lasts until it expires', async () => {
    serveInvoices();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    let answer: (() => void) | undefined;
    const link = pdfLink('historical/invoice-1', 1);
    server.use(
      http.get(apiUrl('invoices', '/api/v1/HistoricalInvoice/me/pdf/invoice-1/www.printhaven.co.uk'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(link);
      }),
    );
    const { user } = await openPage();
    const row = await screen.findByRole('listitem', { name: 'Invoice INV-0001' });
    await user.click(within(row).getByRole('button', { name: 'Get the PDF of invoice INV-0001' }));
    expect(within(row).getByRole('button', { name: 'Get the PDF of invoice INV-0001' })).toHaveTextContent('Preparing PDF…');
    expect(within(row).getByRole('button', { name: 'Get the PDF of invoice INV-0001' })).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(answer).toBeDefined());
    answer!();

    const open = await within(row).findByRole('link', { name: 'Open the PDF of invoice INV-0001' });
    expect(open).toHaveAttribute('href', link.url);
    expect(open).toHaveAttribute('target', '_blank');
    expect(opened).toHaveBeenCalledWith(link.url, '_blank', 'noopener');
    // Other invoices are not requested.
    expect(within(rowNamed('Invoice INV-0002')).getByRole('button', { name: 'Get the PDF of invoice INV-0002' })).toHaveTextContent('Invoice PDF');

    // The link lapses after its second: the invoice is back to asking for a new one.
    await waitFor(() => expect(within(row).queryByRole('link')).not.toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'Get the PDF of invoice INV-0001' })).toHaveTextContent('Invoice PDF');
  });

  test('a collective invoice opens from each invoice it includes', async () => {
    serveInvoices();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const link = pdfLink(`group/${GROUP_ID}`);
    server.use(http.get(apiUrl('invoices', `/api/v1/InvoiceGroupFiles/me/${GROUP_ID}`), () => HttpResponse.json(link)));
    const { user } = await openPage();
    const grouped = await screen.findByRole('listitem', { name: 'Invoice INV-0003' });
    expect(within(rowNamed('Invoice INV-0001')).queryByRole('button', { name: /collective/ })).not.toBeInTheDocument();
    await user.click(within(grouped).getByRole('button', { name: 'Get the collective invoice PDF that includes invoice INV-0003' }));
    expect(await within(grouped).findByRole('link', { name: 'Open the collective invoice PDF that includes invoice INV-0003' })).toHaveAttribute('href', link.url);
    expect(opened).toHaveBeenCalledWith(link.url, '_blank', 'noopener');
    // The invoice's own PDF is still to be asked for.
    expect(within(grouped).getByRole('button', { name: 'Get the PDF of invoice INV-0003' })).toBeInTheDocument();
  });

  test('a PDF that cannot be had says so on its invoice, with a reference, and can be asked for again', async () => {
    serveInvoices();
    vi.spyOn(window, 'open').mockReturnValue(null);
    let calls = 0;
    server.use(
      http.get(apiUrl('invoices', '/api/v1/HistoricalInvoice/me/pdf/invoice-2/www.printhaven.co.uk'), () =>
        ++calls === 1 ? HttpResponse.json({ status: 500, error: 'internal', message: 'boom', correlationId: 'x' }, { status: 500 }) : HttpResponse.json(pdfLink('historical/invoice-2')),
      ),
    );
    const { user } = await openPage();
    const row = await screen.findByRole('listitem', { name: 'Invoice INV-0002' });
    await user.click(within(row).getByRole('button', { name: 'Get the PDF of invoice INV-0002' }));
    const alert = await within(row).findByRole('alert');
    expect(alert).toHaveTextContent('The PDF could not be opened. Please try again.');
    expect(alert).toHaveTextContent(/Reference: [0-9a-f-]{36}/);
    expect(within(rowNamed('Invoice INV-0001')).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Get the PDF of invoice INV-0002' }));
    expect(await within(row).findByRole('link', { name: 'Open the PDF of invoice INV-0002' })).toBeInTheDocument();
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('says while the invoices load, and when they cannot be, with a retry', async () => {
    let fail = true;
    server.use(
      http.get(LIST, async () => {
        await delay(50);
        return fail ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ total: 1, historicalInvoices: [invoice(1)] });
      }),
    );
    const { user } = await openPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your invoices…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Your invoices could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Invoice INV-0001' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Invoice pages' })).not.toBeInTheDocument();
  });

  test('a business customer without invoices is told where they will appear', async () => {
    serveInvoices([]);
    await openPage();
    expect(await screen.findByText('You have no invoices yet.')).toBeInTheDocument();
    expect(screen.getByText('The invoice of every order you place appears here.')).toBeInTheDocument();
  });

  test('reads in the channel language (German), amounts in the invoice’s currency', async () => {
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    serveInvoices([invoice(1, { currency: 'EUR', channel: 'www.albumly.de' })]);
    renderApp('/invoices', { identity: 'business' });
    const row = await screen.findByRole('listitem', { name: 'Rechnung INV-0001' });
    expect(row).toHaveTextContent('Summe inkl. MwSt.: 120,01 €');
    expect(within(row).getByRole('button', { name: 'PDF der Rechnung INV-0001 abrufen' })).toHaveTextContent('Rechnung als PDF');
  });

  test('is not offered to a consumer: the address leads to the overview', async () => {
    const { pagesAsked } = serveInvoices();
    const view = renderApp('/invoices', { identity: 'consumer' });
    await waitFor(() => expect(view.currentUrl()).toBe('/'));
    expect(pagesAsked).toEqual([]);
  });
});
