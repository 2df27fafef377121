import type { PlacePrintsOrder, Project, SuperOrder, TempSelection } from '@shoebox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { CATALOGUE_URL } from '../../../test/catalogue';
import { apiUrl } from '../../../test/fixtures';
import { campaignOffer } from '../../../test/orders';
import { server } from '../../../test/msw-server';
import { makePhoto } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

const SELECTION_ID = 'sel-1';
const PHOTOS = [makePhoto('p1', { name: 'Beach.jpg' }), makePhoto('p2', { name: 'Dunes.jpg' })];
const EDITOR = `/prints-editor?tempSelectionId=${SELECTION_ID}&autoselectproduct=PAP_910`;

const selection = (id: string, photoIds: string[]): TempSelection => ({
  tempSelectionId: id,
  photoIds,
  channel: 'www.printhaven.co.uk',
  createdAt: '2026-11-24T08:00:00.000Z',
  expiresAt: '2026-11-25T08:00:00.000Z',
});

const placedOrder = (body: PlacePrintsOrder): SuperOrder => ({
  orderCode: 'PH7K2M9QX4RT',
  createdAt: '2026-11-24T09:00:00.000Z',
  status: 'Received',
  holdup: null,
  source: 'PAP_910',
  picture: null,
  tracking: null,
  deliveryType: body.deliveryType,
  deliveryAddress: { firstName: 'Emma', lastName: 'Stone', street: 'Baker Street', houseNumber: '221b', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: null },
  pickupPoint: null,
  deliveryAddressChangeable: true,
  channel: 'www.printhaven.co.uk',
  currency: 'GBP',
  totalAmount: 34,
  productCount: 1,
  products: [],
});

/** The photo-management calls the editor makes, and the prints orders it is sent. */
function serveEditor(o: { selections?: Record<string, string[]>; orderAnswer?: () => Promise<Response | undefined> | Response | undefined } = {}) {
  const selections = o.selections ?? { [SELECTION_ID]: PHOTOS.map((p) => p.imageId) };
  const orders: PlacePrintsOrder[] = [];
  const created: { photoIds: string[]; channel?: string }[] = [];
  server.use(
    http.get(apiUrl('photoManagement', '/temp-selections/:id'), ({ params }) => {
      const ids = selections[String(params.id)];
      return ids ? HttpResponse.json(selection(String(params.id), ids)) : HttpResponse.json({ status: 404, error: 'not_found', message: 'Not found', correlationId: 'c' }, { status: 404 });
    }),
    http.post(apiUrl('photoManagement', '/temp-selections'), async ({ request }) => {
      const body = (await request.json()) as { photoIds: string[]; channel?: string };
      created.push(body);
      selections['sel-new'] = body.photoIds;
      return HttpResponse.json({ tempSelectionId: 'sel-new' }, { status: 201 });
    }),
    http.get(apiUrl('photoManagement', '/photos/:id'), ({ params }) => {
      const photo = PHOTOS.find((p) => p.imageId === params.id);
      return photo ? HttpResponse.json({ photo, year: 2025, month: 1, previous: null, next: null }) : new HttpResponse(null, { status: 404 });
    }),
    http.post(apiUrl('orders', '/prints-orders'), async ({ request }) => {
      const body = (await request.json()) as PlacePrintsOrder;
      orders.push(body);
      return (await o.orderAnswer?.()) ?? HttpResponse.json(placedOrder(body), { status: 201 });
    }),
  );
  return { orders, created };
}

async function openEditor(path = EDITOR) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Order prints' });
  await screen.findByRole('list', { name: 'Photos to print' });
  return view;
}

const line = (n: number) => screen.getByRole('listitem', { name: `Photo ${n}` });
const total = () => screen.getByText(/^Total:/);

async function fillAddress(user: ReturnType<typeof renderApp>['user'], o: Partial<Record<string, string>> = {}) {
  const values = { 'First name': 'Emma', 'Last name': 'Stone', 'Street name': 'Baker Street', 'Street number': '221b', 'Postal code': 'NW1 6XE', 'Town or city': 'London', ...o };
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

describe('the prints editor', () => {
  test('shows the selection’s photos as photo prints 10x15, one print each, and a running total in pounds', async () => {
    serveEditor();
    const { user } = await openEditor();
    // The product by the catalogue's title in the page's language; never the article's code.
    const product = within(screen.getByRole('region', { name: 'Product' }));
    expect(await product.findByText('Photo prints 10x15')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/PAP_\d+/);
    expect(screen.getByRole('heading', { name: '2 photos' })).toBeInTheDocument();
    // Where the customer decides: when an order placed now leaves (the prints' article group's cut-off).
    expect(await within(screen.getByRole('region', { name: 'Your order' })).findByText(/^Order before 22:00 (today|on \w+) for dispatch on \w+ \d{1,2} \w+$/)).toBeInTheDocument();
    expect(await within(line(1)).findByRole('img', { name: 'Beach.jpg' })).toHaveAttribute('src', 'http://img.test/p1-300.jpg');
    expect(within(line(1)).getByRole('combobox', { name: 'Size of Photo 1' })).toHaveValue('10x15');
    expect(within(line(1)).getByRole('spinbutton', { name: 'Quantity of Photo 1' })).toHaveValue(1);
    expect(total()).toHaveTextContent('Total: £0.34');

    await user.selectOptions(within(line(2)).getByRole('combobox', { name: 'Size of Photo 2' }), '20x30');
    expect(total()).toHaveTextContent('Total: £2.32');
    // Each size is an article of its own.
    expect(product.getByText('Photo prints 10x15 and Photo prints 20x30')).toBeInTheDocument();
    const quantity = within(line(1)).getByRole('spinbutton', { name: 'Quantity of Photo 1' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(total()).toHaveTextContent('Total: £2.66');
    expect(screen.getByText('4 prints')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '13x18');
    await user.clear(screen.getByRole('spinbutton', { name: 'Quantity' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '2');
    await user.click(screen.getByRole('button', { name: 'Apply to all photos' }));
    expect(within(line(2)).getByRole('combobox', { name: 'Size of Photo 2' })).toHaveValue('13x18');
    expect(total()).toHaveTextContent('Total: £1.68');
  });

  test('prices in the currency of the page’s channel, written the channel’s way, and orders on that channel', async () => {
    const { orders } = serveEditor();
    const { user } = await openEditor(`${EDITOR}&channel=www.printhaven.de`);
    expect(total().textContent).toBe('Total: 0,38\u00a0€');
    await user.click(screen.getByRole('radio', { name: 'Collect from a pickup point' }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { name: 'Thank you for your order' });
    expect(orders[0]).toMatchObject({ channel: 'www.printhaven.de' });
  });

  test('Home delivery: the address is checked on submit with the §5 messages, and nothing is sent until it is valid', async () => {
    const { orders } = serveEditor();
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    // First name, last name and town are empty; an empty street, number or postal code reads as not valid.
    expect(await screen.findAllByText('Please fill this in')).toHaveLength(3);
    expect(screen.getByText('Street name must be valid')).toBeInTheDocument();
    expect(screen.getByText('Street number must be valid')).toBeInTheDocument();
    expect(screen.getByText('Postal Code must be valid')).toBeInTheDocument();

    await fillAddress(user, { 'Postal code': '12345' });
    await user.type(screen.getByLabelText('Phone number (optional)'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Postal Code must be valid')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be valid')).toBeInTheDocument();
    expect(screen.queryByText('Street name must be valid')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(orders).toHaveLength(0);
  });

  test("the customer's default delivery address is filled in, and an order to it needs no typing", async () => {
    const { orders } = serveEditor();
    server.use(
      http.get(apiUrl('customers', '/customers/me/addresses'), () =>
        HttpResponse.json({
          items: [
            { id: 'a-2', firstName: 'Ada', lastName: 'Lovelace', street: 'Abbey Road', houseNumber: '3', postalCode: 'NW8 9AY', city: 'London', countryCode: 'GB', phone: null, isDefault: true, createdAt: '2026-01-01T00:00:00.000Z' },
            { id: 'a-1', firstName: 'Emma', lastName: 'Stone', street: 'Baker Street', houseNumber: '221b', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: null, isDefault: false, createdAt: '2025-01-01T00:00:00.000Z' },
          ],
        }),
      ),
    );
    const { user } = await openEditor();
    await waitFor(() => expect(screen.getByLabelText('Street name')).toHaveValue('Abbey Road'));
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Postal code')).toHaveValue('NW8 9AY');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]!.deliveryAddress).toMatchObject({ firstName: 'Ada', street: 'Abbey Road', houseNumber: '3', postalCode: 'NW8 9AY', city: 'London', countryCode: 'GB' });
  });

  test('Place order sends the lines and address, then confirms with the order code linking to the order', async () => {
    const { orders } = serveEditor();
    const { user } = await openEditor();
    await user.selectOptions(within(line(2)).getByRole('combobox', { name: 'Size of Photo 2' }), '20x30');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByText(/has been placed/)).toHaveTextContent('Your order PH7K2M9QX4RT has been placed.');
    expect(screen.getByRole('link', { name: 'View order PH7K2M9QX4RT' })).toHaveAttribute('href', '/orders/PH7K2M9QX4RT');
    expect(orders).toEqual([
      {
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        tempSelectionId: SELECTION_ID,
        productCode: 'PAP_910',
        channel: 'www.printhaven.co.uk',
        lines: [
          { photoId: 'p1', size: '10x15', quantity: 1 },
          { photoId: 'p2', size: '20x30', quantity: 1 },
        ],
        deliveryType: 'Home',
        deliveryAddress: { firstName: 'Emma', lastName: 'Stone', street: 'Baker Street', houseNumber: '221b', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: null },
      },
    ]);
  });

  test('a pickup point needs no address', async () => {
    const { orders } = serveEditor();
    const { user } = await openEditor();
    await user.click(screen.getByRole('radio', { name: 'Collect from a pickup point' }));
    expect(screen.queryByLabelText('Street name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { name: 'Thank you for your order' });
    expect(orders[0]).toMatchObject({ deliveryType: 'PickupPoint' });
    expect(orders[0]).not.toHaveProperty('deliveryAddress');
  });

  test('a double click sends one order; a retry after a failure sends the same requestId, a changed order a new one', async () => {
    let fail = true;
    const { orders } = serveEditor({
      orderAnswer: async () => {
        // Long enough that both clicks of the double click land while the first order is on its way.
        await delay(300);
        return fail ? HttpResponse.json({ status: 500, error: 'internal', message: 'x', correlationId: 'c' }, { status: 500 }) : undefined;
      },
    });
    const { user } = await openEditor();
    await user.click(screen.getByRole('radio', { name: 'Collect from a pickup point' }));
    await user.dblClick(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your order could not be placed. Please try again.');
    expect(orders).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(orders).toHaveLength(2));
    expect(orders[1]!.requestId).toBe(orders[0]!.requestId);
    await screen.findByRole('alert');

    fail = false;
    await user.selectOptions(within(line(1)).getByRole('combobox', { name: 'Size of Photo 1' }), '9x13');
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { name: 'Thank you for your order' });
    expect(orders).toHaveLength(3);
    expect(orders[2]!.requestId).not.toBe(orders[0]!.requestId);
  });

  test('an unknown or expired selection says so and leads back to My photos; so does an address without one', async () => {
    serveEditor({ selections: {} });
    renderApp('/prints-editor?tempSelectionId=gone&autoselectproduct=PAP_910');
    expect(await screen.findByText('This selection is no longer available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My photos' })).toHaveAttribute('href', '/my-photos/photos');
  });

  test('names the product "Photo prints" while the catalogue is unreachable, never by its code', async () => {
    let asked = 0;
    server.use(
      http.post(CATALOGUE_URL, () => {
        asked += 1;
        return HttpResponse.json({ status: 503, error: 'unavailable', message: 'Down', correlationId: 'test' }, { status: 503 });
      }),
    );
    serveEditor();
    await openEditor();
    const product = within(screen.getByRole('region', { name: 'Product' }));

    await waitForCondition(() => expect(asked).toBeGreaterThan(0));
    expect(product.getByText('Photo prints')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/PAP_\d+/);
  });

  test('opened without a selection, it says the same', async () => {
    serveEditor();
    renderApp('/prints-editor');
    expect(await screen.findByText('This selection is no longer available')).toBeInTheDocument();
  });

  test('an expired selection while ordering says so', async () => {
    serveEditor({ orderAnswer: () => HttpResponse.json({ status: 404, error: 'not_found', message: 'x', correlationId: 'c' }, { status: 404 }) });
    const { user } = await openEditor();
    await user.click(screen.getByRole('radio', { name: 'Collect from a pickup point' }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This selection has expired. Choose your photos again in My photos.');
  });

  test.each([
    [403, 'account_blocked', 'Your business account is blocked, so no new orders can be placed. Please contact customer care.'],
    [409, 'too_many_unpaid_orders', 'You have too many orders awaiting payment. Please pay or cancel one of them before placing another.'],
  ])('an order the server will not place (%i %s) says what the customer can do', async (status, error, text) => {
    serveEditor({ orderAnswer: () => HttpResponse.json({ status, error, message: 'x', correlationId: 'c' }, { status }) });
    const { user } = await openEditor();
    await user.click(screen.getByRole('radio', { name: 'Collect from a pickup point' }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  test('Save project creates the project once, saves it again with its version, and Continue opens it with its sizes', async () => {
    serveEditor();
    const saves: { method: string; body: Record<string, unknown> }[] = [];
    let stored: Project | undefined;
    const answer = (body: Record<string, unknown>, id: string): Project => {
      stored = {
        id,
        title: String(body.title),
        productCode: 'PAP_910',
        channel: 'www.printhaven.co.uk',
        pageCount: Number(body.pageCount),
        thumbnailPhotoId: body.thumbnailPhotoId as string | null,
        createdAt: '2026-11-24T09:00:00.000Z',
        updatedAt: '2026-11-24T09:00:00.000Z',
        version: (stored?.version ?? 0) + 1,
        editorState: body.editorState as Record<string, unknown>,
      };
      return stored;
    };
    server.use(
      http.post(apiUrl('projects', '/api/v2/projects'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saves.push({ method: 'POST', body });
        return HttpResponse.json(answer(body, String(body.id)), { status: 201 });
      }),
      http.put(apiUrl('projects', '/api/v2/project/:id'), async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saves.push({ method: 'PUT', body });
        return HttpResponse.json(answer(body, String(params.id)));
      }),
      http.get(apiUrl('projects', '/api/v2/project/:id'), () => (stored ? HttpResponse.json(stored) : new HttpResponse(null, { status: 404 }))),
    );
    const { user, unmount } = await openEditor();
    await user.selectOptions(within(line(2)).getByRole('combobox', { name: 'Size of Photo 2' }), '15x20');
    await user.click(screen.getByRole('button', { name: 'Save project' }));
    expect(await screen.findByText('Project saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save project' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves.map((s) => s.method)).toEqual(['POST', 'PUT']);
    expect(saves[0]!.body).toMatchObject({
      title: 'Photo prints, 2 photos',
      productCode: 'PAP_910',
      channel: 'www.printhaven.co.uk',
      pageCount: 2,
      thumbnailPhotoId: 'p1',
      editorState: { tempSelectionId: SELECTION_ID, lines: [{ photoId: 'p1', size: '10x15', quantity: 1 }, { photoId: 'p2', size: '15x20', quantity: 1 }] },
    });
    expect(saves[1]!.body).toMatchObject({ version: 1 });
    unmount();

    // Continued from Saved projects after its selection expired: a new selection of the same photos, the sizes as saved.
    serveEditor({ selections: {} });
    await openEditor(`/prints-editor?projectId=${stored!.id}`);
    expect(within(line(2)).getByRole('combobox', { name: 'Size of Photo 2' })).toHaveValue('15x20');
    expect(total()).toHaveTextContent('Total: £1.02');
  });

  describe("a campaign's voucher", () => {
    const spring = campaignOffer({ voucherOptionCode: 'SPRING25', title: '25% off photo prints', description: 'Every size, any quantity.', discountValue: 25, articleGroups: ['PRINTS'] });
    const books = campaignOffer({ voucherOptionCode: 'BOOKS20', title: '20% off photo books', articleGroups: ['PHOTO_BOOKS'] });
    const welcome = campaignOffer({ voucherOptionCode: 'WELCOME5', title: '£5 off', discountKind: 'Amount', discountValue: 500, currency: 'GBP', minimumOrderAmount: 1500, articleGroups: [] });
    function serveOffers() {
      const known = new Map([spring, books, welcome].map((o) => [o.voucherOptionCode, o]));
      server.use(
        http.get(apiUrl('orders', '/api/v1/campaigns/offers'), () => HttpResponse.json({ items: [spring] })),
        http.get(apiUrl('orders', '/api/v1/campaigns/offers/:code'), ({ params }) => {
          const offer = known.get(String(params.code).toUpperCase());
          return offer ? HttpResponse.json(offer) : HttpResponse.json({ status: 404, error: 'not_found', message: 'Voucher not found', correlationId: 'c' }, { status: 404 });
        }),
      );
    }

    test('the running offer for photo prints is shown with its code; using it takes its share off the total, and the order carries it', async () => {
      serveOffers();
      const { orders } = serveEditor();
      const { user } = await openEditor();
      const offers = await screen.findByRole('list', { name: 'Offers for photo prints' });
      expect(offers).toHaveTextContent('25% off photo prints Every size, any quantity.');
      await user.click(within(offers).getByRole('button', { name: 'Use code SPRING25' }));

      // Two 10x15 prints at 17p: 25% is 8.5p, rounded down.
      expect(await screen.findByText('25% off photo prints: £0.08 off')).toBeInTheDocument();
      expect(screen.getByText('Discount: −£0.08')).toBeInTheDocument();
      expect(total()).toHaveTextContent('Total: £0.26');
      // A larger size changes the share at once.
      await user.selectOptions(within(line(2)).getByRole('combobox', { name: 'Size of Photo 2' }), '20x30');
      expect(await screen.findByText('25% off photo prints: £0.57 off')).toBeInTheDocument();
      expect(total()).toHaveTextContent('Total: £1.75');

      await fillAddress(user);
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      await screen.findByRole('heading', { name: 'Thank you for your order' });
      expect(orders).toHaveLength(1);
      expect(orders[0]!.voucherCode).toBe('SPRING25');
    });

    test('a typed code is checked when applied (Enter applies it and places nothing); one that does not apply says why and goes with no order', async () => {
      serveOffers();
      const { orders } = serveEditor();
      const { user } = await openEditor();
      const field = await screen.findByLabelText('Voucher code');

      await user.type(field, 'nosuchcode{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent("We don't know this voucher code. Please check it and try again.");
      await user.clear(field);
      await user.type(field, 'books20');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await screen.findByText('This voucher is not for photo prints.')).toBeInTheDocument();
      await user.clear(field);
      await user.type(field, ' welcome5 {Enter}');
      expect(await screen.findByText('This voucher is for orders of £15.00 or more.')).toBeInTheDocument();
      expect(total()).toHaveTextContent('Total: £0.34');
      expect(orders).toEqual([]);

      await fillAddress(user);
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      await screen.findByRole('heading', { name: 'Thank you for your order' });
      expect(orders[0]).not.toHaveProperty('voucherCode');
    });

    test('an applied voucher can be removed', async () => {
      serveOffers();
      serveEditor();
      const { user } = await openEditor();
      await user.click(await screen.findByRole('button', { name: 'Use code SPRING25' }));
      await user.click(await screen.findByRole('button', { name: 'Remove voucher' }));
      expect(screen.queryByText(/^Discount:/)).not.toBeInTheDocument();
      expect(total()).toHaveTextContent('Total: £0.34');
      expect(screen.getByLabelText('Voucher code')).toBeInTheDocument();
    });
  });
});
