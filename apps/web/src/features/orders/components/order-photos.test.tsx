import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { consumerIdentity } from '../../../test/fixtures';
import { orderUpload, serveOrders, superOrder } from '../../../test/orders';
import { renderApp } from '../../../test/render-app';
import { ORDER_PHOTOS_SHOWN } from './order-photos';
import { waitForCondition } from '../../../test/wait';

/** What was reported about the uploads calls (the order's delivery dates answer a 404 of their own). */
const uploadReports = (reporter: ReturnType<typeof renderApp>['reporter']) =>
  reporter.report.mock.calls.filter(([error]) => /\/(uploads|getanonymousuploads)\b/.test(String((error as Error).message)));
const photosSection = () => screen.findByRole('region', { name: /^Photos in this order/ });

describe('the photos an order was made from, on its details', () => {
  test("are asked for with the customer's account and shown small, each opening in My photos; those no longer there are counted", async () => {
    const fake = serveOrders([superOrder()]);
    fake.uploads.set('SO-1001', [orderUpload(1), orderUpload(2), orderUpload(3, { picture: null })]);
    const { reporter } = renderApp('/orders/SO-1001');

    const section = await photosSection();
    const photos = await within(section).findAllByRole('link');
    expect(photos.map((link) => link.getAttribute('href'))).toEqual(['/my-photos/photos/preview/photo-1', '/my-photos/photos/preview/photo-2']);
    expect(within(photos[0]!).getByRole('img', { name: 'IMG_0001.jpg' })).toHaveAttribute('src', 'https://cdn.example.test/photo-1-300.jpg');
    expect(section).toHaveAccessibleName('Photos in this order (3 photos)');
    expect(within(section).getByText('1 more photo is no longer in My photos.')).toBeInTheDocument();
    expect(fake.uploadRequests).toEqual([{ orderCode: 'SO-1001', accountId: consumerIdentity.customerId }]);
    expect(fake.anonymousUploadRequests).toEqual([]);
    expect(uploadReports(reporter)).toEqual([]);
  });

  test('an order the account’s call does not know (404) is asked for by its code among several, and its files are shown; the 404 is no failure', async () => {
    const fake = serveOrders([superOrder()]);
    fake.uploads.set('SO-1001', [orderUpload(7)]);
    fake.uploadsOnlyByCodes.add('SO-1001');
    const { reporter } = renderApp('/orders/SO-1001');

    const section = await photosSection();
    expect(await within(section).findByRole('img', { name: 'IMG_0007.jpg' })).toBeInTheDocument();
    expect(fake.anonymousUploadRequests).toEqual([{ ids: ['SO-1001'] }]);
    expect(uploadReports(reporter)).toEqual([]);
  });

  test('an order absent from both answers has no photos to show, and no section says otherwise', async () => {
    const fake = serveOrders([superOrder()]);
    fake.uploadsOnlyByCodes.add('SO-1001');
    renderApp('/orders/SO-1001');

    await screen.findByRole('heading', { level: 2, name: 'Order again' });
    await waitForCondition(() => expect(fake.anonymousUploadRequests).toEqual([{ ids: ['SO-1001'] }]));
    await waitForCondition(() => expect(screen.queryByRole('status', { name: /Loading the photos/ })).toBeNull());
    expect(screen.queryByRole('region', { name: /^Photos in this order/ })).toBeNull();
  });

  test('says so while they load, and when they cannot be read offers to try again (another failure is not a 404: no fallback)', async () => {
    const fake = serveOrders([superOrder()]);
    fake.uploads.set('SO-1001', [orderUpload(1)]);
    fake.uploadsStatus = 500;
    const { user } = renderApp('/orders/SO-1001');

    const section = await photosSection();
    expect(within(section).getByRole('status')).toHaveTextContent('Loading the photos of this order…');
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The photos of this order could not be loaded.');
    expect(fake.anonymousUploadRequests).toEqual([]);

    fake.uploadsStatus = 200;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('img', { name: 'IMG_0001.jpg' })).toBeInTheDocument();
  });

  test('with the library’s preview switched off, the photos are shown without leading anywhere', async () => {
    const fake = serveOrders([superOrder()]);
    fake.uploads.set('SO-1001', [orderUpload(1)]);
    renderApp('/orders/SO-1001', { flags: { PhotoManagementPreviewEnabled: false } });

    const section = await photosSection();
    expect(await within(section).findByRole('img', { name: 'IMG_0001.jpg' })).toBeInTheDocument();
    expect(within(section).queryByRole('link')).toBeNull();
  });

  test('when none of them is in My photos any more, that is said instead of pictures', async () => {
    const fake = serveOrders([superOrder()]);
    fake.uploads.set('SO-1001', [orderUpload(1, { picture: null }), orderUpload(2, { picture: null, photoId: null })]);
    renderApp('/orders/SO-1001');

    const section = await photosSection();
    expect(await within(section).findByText('Its 2 photos are no longer in My photos.')).toBeInTheDocument();
    expect(within(section).queryByRole('img')).toBeNull();
  });

  test(`shows the first ${ORDER_PHOTOS_SHOWN} of a large order, and all of them on asking`, async () => {
    const fake = serveOrders([superOrder()]);
    fake.uploads.set('SO-1001', Array.from({ length: ORDER_PHOTOS_SHOWN + 6 }, (_, i) => orderUpload(i + 1)));
    const { user } = renderApp('/orders/SO-1001');

    const section = await photosSection();
    expect(await within(section).findAllByRole('link')).toHaveLength(ORDER_PHOTOS_SHOWN);
    await user.click(within(section).getByRole('button', { name: `Show all ${ORDER_PHOTOS_SHOWN + 6} photos` }));
    expect(within(section).getAllByRole('link')).toHaveLength(ORDER_PHOTOS_SHOWN + 6);
    expect(within(section).queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument();
  });
});
