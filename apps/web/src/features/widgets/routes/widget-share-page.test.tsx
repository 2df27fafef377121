import { encodeShareEmail, SHARE_MESSAGE_MAX_LENGTH } from '@shoebox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { book, problem, serveWidgets, SHARE_URL } from '../test/serve-widgets';

const BOOK = book(1, { title: 'Summer in Porto', productCode: 'ORD-PORTO' });

/** The share call's answers, in turn (the last one repeats); every request it was sent is kept. */
function shareAnswers(...answers: (() => Response | Promise<Response>)[]) {
  const requests: Request[] = [];
  server.use(
    http.put(SHARE_URL, async ({ request }) => {
      requests.push(request.clone());
      return (answers[requests.length - 1] ?? answers.at(-1)!)();
    }),
  );
  return requests;
}
const shared = () => HttpResponse.json({ shareId: 'share-1', expiresAt: '2027-02-22T10:00:00.000Z' });

async function openShare(path = '/online-products/ORD-PORTO') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Share your online photo book' });
  return view;
}
const form = () => screen.findByRole('form', { name: 'Share “Summer in Porto”' });

async function fill(user: ReturnType<typeof renderApp>['user'], o: { name?: string; email?: string; message?: string }) {
  const f = await form();
  if (o.name !== undefined) await user.type(within(f).getByRole('textbox', { name: 'Your name' }), o.name);
  if (o.email !== undefined) await user.type(within(f).getByRole('textbox', { name: 'Recipient’s email address' }), o.email);
  if (o.message !== undefined) await user.type(within(f).getByRole('textbox', { name: 'Personal message (optional)' }), o.message);
  return f;
}

afterEach(async () => {
  await i18next.changeLanguage('en-GB');
  window.sessionStorage.clear();
});

describe('sharing an online photo book', () => {
  test('opened cold, finds the book by its code; sends the name, the base64 address, the message and the storefront’s vendor; says who it went to', async () => {
    const service = serveWidgets([BOOK, book(2)]);
    let release: () => void = () => {};
    const requests = shareAnswers(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return shared();
    });
    const { user } = await openShare();
    const f = await form();
    expect(within(f).getByRole('img', { name: 'Cover of Summer in Porto' })).toBeInTheDocument();
    const lookup = service.requests.find((r) => new URL(r.url).pathname.endsWith('/widget/all'))!;
    expect(new URL(lookup.url).searchParams.get('orderCodes')).toBe('ORD-PORTO');

    await fill(user, { name: 'Emma Janssen', email: 'friend@example.org', message: 'Our trip, for you' });
    expect(f).toHaveTextContent(`17 / ${SHARE_MESSAGE_MAX_LENGTH} characters`);
    await user.click(within(f).getByRole('button', { name: 'Share photo book' }));
    expect(await within(f).findByRole('button', { name: 'Sending…' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('Your photo book was shared with friend@example.org.')).toBeInTheDocument();

    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe(`/widgets/v1/widget/${BOOK.widgetId}/share`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      vendorId: 'printhaven-gb',
      fromName: 'Emma Janssen',
      personalMessage: 'Our trip, for you',
      toEmailAddress: encodeShareEmail('friend@example.org'),
    });
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer test-access-token');
    expect(screen.getByRole('link', { name: 'Back to My online photo books' })).toHaveAttribute('href', '/online-products');

    // Another recipient: the form again, the sender's name kept.
    await user.click(screen.getByRole('button', { name: 'Share with someone else' }));
    const again = await form();
    expect(within(again).getByRole('textbox', { name: 'Your name' })).toHaveValue('Emma Janssen');
    expect(within(again).getByRole('textbox', { name: 'Recipient’s email address' })).toHaveValue('');
  });

  test('checked on submit: a name, a valid address and a message within its length, each with a clear message; nothing is sent', async () => {
    serveWidgets([BOOK]);
    const requests = shareAnswers(shared);
    const { user } = await openShare();
    const f = await fill(user, { email: 'not-an-address' });
    // Nothing is said before submitting.
    expect(within(f).queryByText('Please enter your name')).not.toBeInTheDocument();
    await user.click(within(f).getByRole('button', { name: 'Share photo book' }));
    expect(await within(f).findByText('Please enter your name')).toBeInTheDocument();
    expect(within(f).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(f).getByRole('textbox', { name: 'Your name' })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(f).getByRole('textbox', { name: 'Recipient’s email address' }));
    await user.click(within(f).getByRole('button', { name: 'Share photo book' }));
    expect(await within(f).findByText('Please enter the recipient’s email address')).toBeInTheDocument();

    const message = within(f).getByRole('textbox', { name: 'Personal message (optional)' });
    await user.click(message);
    await user.paste('x'.repeat(SHARE_MESSAGE_MAX_LENGTH + 1));
    expect(f).toHaveTextContent(`${SHARE_MESSAGE_MAX_LENGTH + 1} / ${SHARE_MESSAGE_MAX_LENGTH} characters`);
    await user.click(within(f).getByRole('button', { name: 'Share photo book' }));
    expect(await within(f).findByText(`Your message can be at most ${SHARE_MESSAGE_MAX_LENGTH} characters`)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  test('too many shares: says to try later', async () => {
    serveWidgets([BOOK]);
    shareAnswers(() => problem(429, 'too_many_requests'));
    const { user } = await openShare();
    const f = await fill(user, { name: 'Emma', email: 'friend@example.org' });
    await user.click(within(f).getByRole('button', { name: 'Share photo book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have shared too many photo books for now. Please try again later.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('any other failure says so, and Try again sends the same share again', async () => {
    serveWidgets([BOOK]);
    const requests = shareAnswers(() => problem(503, 'mail_unavailable'), shared);
    const { user } = await openShare();
    const f = await fill(user, { name: 'Emma', email: 'friend@example.org' });
    await user.click(within(f).getByRole('button', { name: 'Share photo book' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your photo book could not be shared.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your photo book was shared with friend@example.org.')).toBeInTheDocument();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.url).toBe(requests[0]!.url);
  });

  test('an unknown code says the photo book was not found', async () => {
    serveWidgets([BOOK]);
    await openShare('/online-products/ORD-NOPE');
    expect(await screen.findByRole('heading', { name: 'This photo book was not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My online photo books' })).toHaveAttribute('href', '/online-products');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  test('lists the links that still open the book, and stops one: it leaves the list and the page says so', async () => {
    const links = [
      { id: 'share-2', recipient: 'jan@example.org', created: '2026-11-20T10:00:00.000Z', expires: '2027-02-18T10:00:00.000Z' },
      { id: 'share-1', recipient: 'oma@example.org', created: '2026-11-10T10:00:00.000Z', expires: '2027-02-08T10:00:00.000Z' },
    ];
    const state = serveWidgets([BOOK], { shares: { [BOOK.widgetId]: links } });
    const { user } = await openShare();
    const list = await screen.findByRole('region', { name: 'Links you have sent' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('jan@example.org'),
      expect.stringContaining('oma@example.org'),
    ]);
    expect(rows[0]).toHaveTextContent('Opens the book until 18 February 2027');

    await user.click(within(list).getByRole('button', { name: 'Stop sharing with oma@example.org' }));
    expect(await within(list).findByRole('status')).toHaveTextContent('The link sent to oma@example.org no longer opens your photo book.');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).queryByText('oma@example.org')).not.toBeInTheDocument();
    const deletes = state.requests.filter((r) => r.method === 'DELETE').map((r) => r.url);
    expect(deletes).toEqual([expect.stringMatching(new RegExp(`/v1/widget/${BOOK.widgetId}/shares/share-1$`))]);
  });

  test('a book never shared shows no list of links', async () => {
    const state = serveWidgets([BOOK]);
    await openShare();
    expect(await form()).toBeInTheDocument();
    // Asked, and answered with none.
    await waitFor(() => expect(state.requests.some((r) => r.url.endsWith(`/widget/${BOOK.widgetId}/shares`))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Links you have sent' })).not.toBeInTheDocument();
  });

  test('a link that cannot be stopped says so and stays listed', async () => {
    const links = [{ id: 'share-1', recipient: 'oma@example.org', created: '2026-11-10T10:00:00.000Z', expires: '2027-02-08T10:00:00.000Z' }];
    const state = serveWidgets([BOOK], { shares: { [BOOK.widgetId]: links } });
    state.revokeFailure = 500;
    const { user } = await openShare();
    const list = await screen.findByRole('region', { name: 'Links you have sent' });
    await user.click(await within(list).findByRole('button', { name: 'Stop sharing with oma@example.org' }));
    expect(await within(list).findByRole('status')).toHaveTextContent('The link sent to oma@example.org could not be stopped. Please try again.');
    expect(within(list).getByText('oma@example.org')).toBeInTheDocument();
  });

  test('a book that cannot be read says so, with Try again', async () => {
    serveWidgets([BOOK]);
    let fail = true;
    server.use(http.get(SHARE_URL.replace('/:id/share', '/all'), () => (fail ? problem(500, 'internal') : HttpResponse.json({ items: [BOOK] }))));
    const { user } = await openShare();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: This photo book could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await form()).toBeInTheDocument();
  });

  test('on the German storefront, in German, with that storefront’s vendor', async () => {
    serveWidgets([BOOK]);
    const requests = shareAnswers(shared);
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    const { user } = renderApp('/online-products/ORD-PORTO?channel=www.printhaven.de');
    const f = await screen.findByRole('form', { name: '„Summer in Porto“ teilen' });
    await user.type(within(f).getByRole('textbox', { name: 'Ihr Name' }), 'Jonas');
    await user.type(within(f).getByRole('textbox', { name: 'E-Mail-Adresse des Empfängers' }), 'freund@example.de');
    await user.click(within(f).getByRole('button', { name: 'Fotobuch teilen' }));
    expect(await screen.findByText('Ihr Fotobuch wurde mit freund@example.de geteilt.')).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(new URL(requests[0]!.url).searchParams.get('vendorId')).toBe('printhaven-de');
  });
});
