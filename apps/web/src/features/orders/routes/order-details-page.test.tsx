import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import i18next from 'i18next';
import { afterEach, describe, expect, test, vi } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { catalogueDownHandler } from '../../../test/catalogue';
import { server } from '../../../test/msw-server';
import { campaignOffer, daysAgo, homeAddress, orderProduct, serveOrders, superOrder } from '../../../test/orders';
import { renderApp } from '../../../test/render-app';
import { CONDITION_TIMEOUT_MS, waitForCondition } from '../../../test/wait';

const region = (name: string | RegExp) => screen.getByRole('region', { name });
const longDate = (iso: string) => format(new Date(iso), 'PPP', { locale: enGB });

async function openOrder(path = '/orders/SO-1001') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Order SO-1001' });
  return view;
}

afterEach(async () => {
  await i18next.changeLanguage('en-GB');
});

describe('/orders/{orderCode}', () => {
  test('a delayed order says so beside its status, and why, in words', async () => {
    serveOrders([superOrder({ status: 'ProductionStarted', holdup: 'delayed' })]);
    await openOrder();
    expect(region('Order SO-1001')).toHaveTextContent('StatusIn productionDelayed');
    expect(region('Order SO-1001')).toHaveTextContent("Your order is taking longer than planned. We'll send it as soon as we can.");
  });

  test('an order on hold says so', async () => {
    serveOrders([superOrder({ status: 'Confirmed', holdup: 'onHold' })]);
    await openOrder();
    expect(region('Order SO-1001')).toHaveTextContent('StatusOrderedOn hold');
    expect(region('Order SO-1001')).toHaveTextContent('Your order is on hold while we check it.');
  });

  test('shows the status, products with their vouchers, delivery, expected dates and reorder', async () => {
    const fake = serveOrders([
      superOrder({
        status: 'ProductionStarted',
        deliveryType: 'PickupPoint',
        pickupPoint: { name: 'Corner Shop', address: homeAddress({ firstName: 'Corner', lastName: 'Shop', street: 'High Street', houseNumber: '1' }) },
        deliveryAddressChangeable: false,
        totalAmount: 4598,
        products: [
          orderProduct({ code: 'P-1', title: 'Photo book A4', quantity: 2, status: 'ProductionStarted', voucher: 'SPRING20', voucherDetails: { code: 'SPRING20', title: 'Spring sale', discountAmount: 600 } }),
          orderProduct({ code: 'P-2', title: 'Prints 10x15', articleName: 'PAP_910', quantity: 36, status: 'Cancelled', voucher: 'GONE', voucherDetails: null }),
        ],
      }),
    ]);
    const dates = { orderCode: 'SO-1001', earliest: daysAgo(-3), latest: daysAgo(-5) };
    fake.deliveryDates.set('SO-1001', dates);
    fake.offers.set('SPRING20', campaignOffer());
    await openOrder();

    expect(region('Order SO-1001')).toHaveTextContent('StatusIn production');
    expect(region('Order SO-1001')).not.toHaveTextContent(/Delayed|On hold/);
    expect(region('Order SO-1001')).toHaveTextContent('2 products');
    expect(region('Order SO-1001')).toHaveTextContent('Total: £45.98');

    const products = within(region(/^Products/)).getAllByRole('listitem');
    expect(products).toHaveLength(2);
    const [book, prints] = products as [HTMLElement, HTMLElement];
    expect(within(book).getByRole('heading', { level: 3, name: 'Photo book A4' })).toBeInTheDocument();
    expect(book).toHaveTextContent('Product code: P-1');
    expect(book).toHaveTextContent('Quantity: 2');
    expect(book).toHaveTextContent('In production');
    expect(book).toHaveTextContent('Voucher SPRING20');
    // Named by the offer once it is read (in the page's language), and described by it.
    expect(await within(book).findByText('20% off photo books: £6.00 off')).toBeInTheDocument();
    expect(book).toHaveTextContent('Offer: Spring sale');
    expect(prints).toHaveTextContent('Quantity: 36');
    expect(prints).toHaveTextContent('Cancelled');
    expect(await within(prints).findByText('This voucher is no longer known.')).toBeInTheDocument();

    const delivery = region('Delivery');
    expect(delivery).toHaveTextContent('Collect from a pickup point');
    expect(within(delivery).getByRole('heading', { level: 3, name: 'Pickup point' })).toBeInTheDocument();
    expect(delivery).toHaveTextContent('Corner Shop');
    expect(delivery).toHaveTextContent('High Street 1');
    expect(within(delivery).getByRole('region', { name: 'Delivery address' })).toHaveTextContent('Baker Street 221B');
    expect(await within(delivery).findByText(`Expected delivery between ${longDate(dates.earliest)} and ${longDate(dates.latest)}`)).toBeInTheDocument();
    // In production: the address can no longer be changed.
    expect(screen.queryByRole('button', { name: 'Change delivery address' })).toBeNull();

    expect(await screen.findByText('You can order the products of this order again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order again' })).toBeInTheDocument();
    // The cut-off of the first article a group holds: the book's is in none, the prints' is.
    expect(await screen.findByText(/^Order before 22:00 (today|on \w+) for dispatch on /)).toBeInTheDocument();
  });

  test('unknown delivery dates (404) show no dates; a reorder posts the order code and opens the shop', async () => {
    const fake = serveOrders([superOrder()]);
    const { user } = await openOrder();
    await screen.findByRole('button', { name: 'Order again' });
    expect(screen.queryByText(/Expected delivery/)).toBeNull();
    expect(region('Delivery')).toHaveTextContent('Home delivery');

    await user.click(screen.getByRole('button', { name: 'Order again' }));
    await screen.findByRole('button', { name: 'Opening the shop…' });
    expect(fake.reorderRequests).toEqual(['SO-1001']);
  });

  test('an order that cannot be ordered again offers nothing of the kind', async () => {
    const fake = serveOrders([superOrder()]);
    fake.reorderable = false;
    await openOrder();
    await waitForCondition(() => fake.reorderStatusRequests.length > 0);
    // The answer has been sent; give it the few ticks it needs to reach the screen.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Order again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Order again' })).toBeNull();
  });

  test("another customer's or an unknown order: 'Order not found'", async () => {
    serveOrders([superOrder()]);
    renderApp('/orders/SO-OTHER');
    expect(await screen.findByRole('heading', { level: 2, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByText('An error occurred loading this order, please contact us to report this issue.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my orders' })).toHaveAttribute('href', '/orders');
  });

  test('any other failure: the error text, not "Order not found"', async () => {
    const fake = serveOrders([superOrder()]);
    fake.orderStatus = 500;
    renderApp('/orders/SO-1001');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred loading this order, please contact us to report this issue\.$/);
    expect(screen.queryByText('Order not found')).toBeNull();
  });

  test('changes the delivery address: sent, then updated, and the new address shows', async () => {
    const fake = serveOrders([superOrder({ status: 'Confirmed' })]);
    const { user } = await openOrder();
    const address = within(region('Delivery')).getByRole('region', { name: 'Delivery address' });

    await user.click(within(address).getByRole('button', { name: 'Change delivery address' }));
    const form = within(address).getByRole('form', { name: 'New delivery address' });
    expect(within(form).getByRole('textbox', { name: 'Street name' })).toHaveValue('Baker Street');
    await user.clear(within(form).getByRole('textbox', { name: 'Street name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Street name' }), 'Abbey Road');
    await user.clear(within(form).getByRole('textbox', { name: 'Street number' }));
    await user.type(within(form).getByRole('textbox', { name: 'Street number' }), '3');
    await user.clear(within(form).getByRole('textbox', { name: 'Postal code' }));
    await user.type(within(form).getByRole('textbox', { name: 'Postal code' }), 'NW8 9AY');
    await user.type(within(form).getByRole('textbox', { name: 'Phone number (optional)' }), '+44 20 7946 0000');
    let readOrder = () => {};
    fake.orderReadGate = new Promise((resolve) => (readOrder = resolve));
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    // Accepted, and the order not yet read again.
    expect(await within(address).findByText('Your new delivery address has been sent.')).toBeInTheDocument();
    readOrder();
    expect(await within(address).findByText('Your delivery address has been updated.')).toBeInTheDocument();
    expect(fake.addressRequests).toEqual([
      { orderCode: 'SO-1001', body: { ...homeAddress(), street: 'Abbey Road', houseNumber: '3', postalCode: 'NW8 9AY', phone: '+44 20 7946 0000' } },
    ]);
    expect(address).toHaveTextContent('Abbey Road 3');
    expect(address).toHaveTextContent('NW8 9AY London');
    expect(within(address).queryByRole('form')).toBeNull();
  }, 20_000);

  test('an invalid address is refused on submit with the spec messages, and nothing is sent', async () => {
    const fake = serveOrders([superOrder()]);
    const { user } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Change delivery address' }));
    const form = screen.getByRole('form', { name: 'New delivery address' });
    const field = (name: string) => within(form).getByRole('textbox', { name });

    await user.clear(field('Street name'));
    await user.type(field('Street name'), '<script>');
    // Checked on submit only: nothing is said while typing.
    expect(within(form).queryByText('Street name must be valid')).toBeNull();
    await user.clear(field('Street number'));
    await user.type(field('Street number'), 'abc');
    await user.clear(field('Postal code'));
    await user.type(field('Postal code'), '12345');
    await user.type(field('Phone number (optional)'), 'call me');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(await within(form).findByText('Street name must be valid')).toBeInTheDocument();
    expect(field('Street name')).toHaveAccessibleDescription('Street name must be valid');
    expect(field('Street number')).toHaveAccessibleDescription('Street number must be valid');
    expect(field('Postal code')).toHaveAccessibleDescription('Postal Code must be valid');
    expect(field('Phone number (optional)')).toHaveAccessibleDescription('Phone number must be valid');
    expect(field('Street name')).toHaveFocus();
    expect(fake.addressRequests).toEqual([]);
  });

  test('a postal code too long for any country, and an emptied name, get their own messages', async () => {
    const fake = serveOrders([superOrder()]);
    const { user } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Change delivery address' }));
    const form = screen.getByRole('form', { name: 'New delivery address' });
    const field = (name: string) => within(form).getByRole('textbox', { name });

    await user.clear(field('Postal code'));
    await user.type(field('Postal code'), 'not a postcode');
    await user.clear(field('First name'));
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(await within(form).findByText('Postal Code must be valid')).toBeInTheDocument();
    expect(field('Postal code')).toHaveAccessibleDescription('Postal Code must be valid');
    expect(field('First name')).toHaveAccessibleDescription('Please fill in this field');
    expect(fake.addressRequests).toEqual([]);
  });

  test('a 409 (the window closed meanwhile) says so and shows the order as it is now', async () => {
    const fake = serveOrders([superOrder({ status: 'Confirmed' })]);
    fake.closeWindowBeforeNextChange = true;
    const { user } = await openOrder();
    expect(region('Order SO-1001')).toHaveTextContent('StatusOrdered');

    await user.click(screen.getByRole('button', { name: 'Change delivery address' }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order can no longer be sent to another address, because it is already being made. Below is the order as it is now.',
    );
    await waitFor(() => expect(region('Order SO-1001')).toHaveTextContent('StatusIn production'));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change delivery address' })).toBeNull();
    expect(region('Delivery')).toHaveTextContent('Baker Street 221B');
  });

  test('a status change pushed by fulfilment shows without a reload; another order’s change is ignored', async () => {
    const fake = serveOrders([superOrder({ status: 'Confirmed' }), superOrder({ orderCode: 'SO-2002', status: 'Confirmed' })]);
    await openOrder();
    expect(region('Order SO-1001')).toHaveTextContent('StatusOrdered');
    await waitFor(() => expect(fake.listening).toHaveLength(1));

    fake.push('SO-1001', 'ProductionStarted');
    await waitFor(() => expect(region('Order SO-1001')).toHaveTextContent('StatusIn production'));
    expect(screen.queryByRole('button', { name: 'Change delivery address' })).toBeNull();

    fake.push('SO-2002', 'Cancelled');
    fake.move('SO-1001', 'Dispatched');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(region('Order SO-1001')).toHaveTextContent('StatusIn production');
    expect(region('Order SO-1001')).not.toHaveTextContent('Sent');
  });

  test('a change made before the push channel listened shows once it has authenticated', async () => {
    const fake = serveOrders([superOrder({ status: 'Confirmed' })]);
    fake.authenticateAtOnce = false;
    await openOrder();
    expect(region('Order SO-1001')).toHaveTextContent('StatusOrdered');
    await waitFor(() => expect(fake.sockets).toHaveLength(1));

    // Moved while the socket was not yet listening: no message will ever tell of it.
    fake.move('SO-1001', 'ProductionStarted');
    fake.acceptSockets();
    await waitFor(() => expect(region('Order SO-1001')).toHaveTextContent('StatusIn production'));
  });

  test('the page is titled Order details', async () => {
    serveOrders([superOrder()]);
    await openOrder();
    expect(screen.getByRole('heading', { level: 1, name: 'Order details' })).toBeInTheDocument();
  });

  test("names each product in the page's language with its picture, quantity and price, never by its article code", async () => {
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    const picture = { url: 'https://photos.example/emma/p1-300.jpg', width: 300, height: 200 };
    serveOrders([
      superOrder({
        source: 'PHB_A4L',
        currency: 'EUR',
        totalAmount: 3499 + 225,
        picture,
        products: [
          orderProduct({ code: 'P-1', title: 'Photo book A4 landscape, hardcover', articleName: 'PHB_A4L', priceAmount: 3499 }),
          orderProduct({ code: 'P-2', title: 'Photo prints 10x15', articleName: 'PAP_910', quantity: 15, priceAmount: 225 }),
        ],
      }),
    ]);
    renderApp('/orders/SO-1001');
    await screen.findByRole('heading', { level: 2, name: 'Bestellung SO-1001' });
    const [book, prints] = within(screen.getByRole('region', { name: /^Produkte/ })).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    // Named from the merchandise catalogue, in the page's language.
    expect(await within(book).findByRole('heading', { level: 3, name: 'Fotobuch A4 quer, Hardcover' })).toBeInTheDocument();
    expect(within(prints).getByRole('heading', { level: 3, name: 'Fotoabzüge 10x15' })).toBeInTheDocument();
    expect(prints).toHaveTextContent('Preis: 2,25 €');
    expect(document.body).toHaveTextContent('Herkunft: Fotobuch A4 quer, Hardcover');
    expect(document.body).toHaveTextContent('Gesamt: 37,24 €');
    expect(document.body.textContent).not.toMatch(/\b[A-Z]{3}_\d*[A-Z0-9]*\b/);
    // Two products: each shows its kind, not the order's one photo.
    expect([book, prints].map((p) => p.querySelector('[data-product-picture]')?.getAttribute('data-product-picture'))).toEqual(['photobook', 'prints']);
  });

  test('names the products by the titles they were ordered under while the catalogue is unreachable, in the products, the source and the reorder panel', async () => {
    server.use(catalogueDownHandler);
    serveOrders([
      superOrder({
        source: 'PHB_A4L',
        products: [
          orderProduct({ code: 'P-1', title: 'Photo book A4 landscape, hardcover', articleName: 'PHB_A4L' }),
          orderProduct({ code: 'P-2', title: 'Photo prints 10x15', articleName: 'PAP_910', quantity: 15 }),
        ],
      }),
    ]);
    await openOrder();
    const reorder = await screen.findByRole('region', { name: 'Order again' });

    expect(within(region(/^Products/)).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Photo book A4 landscape, hardcover', 'Photo prints 10x15']);
    expect(document.body).toHaveTextContent('Source: Photo book A4 landscape, hardcover');
    expect(within(reorder).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Photo book A4 landscape, hardcover', 'Photo prints 10x15']);
    expect(document.body.textContent).not.toMatch(/\b[A-Z]{3}_\d*[A-Z0-9]*\b/);
  });

  test('the reorder panel names what would be ordered again, from the catalogue in the page\'s language', async () => {
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    serveOrders([superOrder({ products: [orderProduct({ code: 'P-1', title: 'Photo prints 10x15', articleName: 'PAP_910' }), orderProduct({ code: 'P-2', title: 'Photo prints 10x15', articleName: 'PAP_910' })] })]);
    renderApp('/orders/SO-1001');
    const reorder = await screen.findByRole('region', { name: 'Erneut bestellen' });

    // Two products of one article: named once.
    await waitForCondition(() => expect(within(reorder).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Fotoabzüge 10x15']));
  });

  test("an order of one product shows the customer's photo it was made from", async () => {
    const picture = { url: 'https://photos.example/emma/p1-300.jpg', width: 300, height: 200 };
    serveOrders([superOrder({ picture, products: [orderProduct({ articleName: 'PAP_910', title: 'Photo prints 10x15' })] })]);
    await openOrder();
    const [only] = within(region(/^Products/)).getAllByRole('listitem') as [HTMLElement];
    expect(only.querySelector('img')).toHaveAttribute('src', picture.url);
    expect(only.querySelector('img')).toHaveAttribute('alt', '');
  });

  test("a print's PDF: a note while it is made, then Download PDF, which opens a link asked for at the click", async () => {
    const fake = serveOrders([superOrder({ products: [orderProduct({ code: 'SO-1001-01', articleName: 'PAP_910', title: 'Photo prints 10x15', quantity: 12 }), orderProduct({ code: 'SO-1001-02' })] })]);
    const file = { id: 'file-1', purpose: 'product.pdf', pages: 3 } as const;
    fake.productFiles.set('SO-1001-01', [{ ...file, state: 'pending' }]);
    const link = { url: 'https://shoebox.example/api/orders/file-links/file-1?e=1&s=x', expiresAt: new Date(Date.now() + 60_000).toISOString() };
    fake.pdfLinks.set('file-1', link);
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await openOrder();
    const [prints, book] = within(region(/^Products/)).getAllByRole('listitem') as [HTMLElement, HTMLElement];

    await waitForCondition(() => expect(prints).toHaveTextContent('The PDF of your prints is being prepared.'));
    expect(within(prints).queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();

    fake.productFiles.set('SO-1001-01', [{ ...file, state: 'ready' }]);
    const download = await within(prints).findByRole('button', { name: /^Download the PDF of / }, { timeout: CONDITION_TIMEOUT_MS });
    expect(download).toHaveTextContent('Download PDF');
    expect(fake.pdfLinkRequests).toEqual([]);
    await user.click(download);
    await waitForCondition(() => expect(opened).toHaveBeenCalledWith(link.url, '_blank', 'noopener'));
    expect(fake.pdfLinkRequests).toEqual(['file-1']);
    // A product without a print file offers none.
    expect(within(book).queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();
    expect(book).not.toHaveTextContent('PDF');
  });

  test('a sent order shows its parcel: the carrier, the tracking number and a link to the carrier’s page', async () => {
    const tracking = { carrier: 'Royal Mail', trackingNumber: 'RM123456785GB', url: 'https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB' };
    serveOrders([superOrder({ status: 'Dispatched', tracking, products: [orderProduct({ status: 'Dispatched' })] })]);
    await openOrder();
    const delivery = region('Delivery');
    expect(delivery).toHaveTextContent('Sent with Royal Mail, tracking number RM123456785GB');
    const link = within(delivery).getByRole('link', { name: /^Track your parcel\s*\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', tracking.url);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
