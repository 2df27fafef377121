import { STORAGE_STATUS_PATH, type DeletionInfo } from '@shoebox/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { apiUrl } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderWithServices } from '../../../../test/render-with-services';
import { AUTO_OPENED_KEY } from '../lib/storage-messages';
import { StorageStatusButton } from './storage-status-button';

const DAY = 86_400_000;
const WARNING_FLAG = 'PhotoManagementStorageWarningEnabled';

/** Midnight UTC `days` from today: storageOutlook counts whole UTC days, so this is exactly `days` away. */
function inDays(days: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY);
}
function inMonths(months: number, extraDays = 3): Date {
  const d = inDays(extraDays);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}
const longDate = (d: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);

function deletionInfo(projected: Date, lastOrderDate: string | null = '2024-09-14T10:00:00.000Z'): DeletionInfo {
  return { lastOrderDate, projectCount: 2, projectedDeletionDate: projected.toISOString(), registrationDate: '2021-02-03T09:00:00.000Z' };
}

function setup(info: DeletionInfo | 'error', options: { flag?: boolean; onDeletePhotos?: () => void; path?: string } = {}) {
  server.use(
    http.get(apiUrl('accountDeletionInfo', '/accounts/getaccountinformation'), () =>
      info === 'error' ? HttpResponse.json({ status: 500, error: 'x', message: 'x', correlationId: 'c' }, { status: 500 }) : HttpResponse.json(info),
    ),
  );
  return renderWithServices(<StorageStatusButton onDeletePhotos={options.onDeletePhotos} />, { flags: { [WARNING_FLAG]: options.flag ?? false }, path: options.path });
}

async function statusButton(name: string | RegExp) {
  return screen.findByRole('button', { name });
}

describe('storage status', () => {
  test.each([
    ['safe with 3 months or more left', inMonths(3), 'Storage: safe', 'safe', 'Your photos are stored safely'],
    ['warning with 2 months left', inMonths(2), 'Storage: 2 months left', 'warning', 'Your photos will be deleted in 2 months'],
    ['warning with 1 month left', inMonths(1), 'Storage: 1 month left', 'warning', 'Your photos will be deleted in 1 month'],
    ['critical in N days', inDays(12), 'Storage: deleted in 12 days', 'critical', 'Your photos will be deleted in 12 days'],
    ['critical tomorrow', inDays(1), 'Storage: deleted tomorrow', 'critical', 'Your photos will be deleted tomorrow'],
    ['critical today', inDays(0), 'Storage: deleted today', 'critical', 'Your photos will be deleted today'],
  ])('%s', async (_label, projected, buttonName, tone, title) => {
    const view = setup(deletionInfo(projected));
    const button = await statusButton(buttonName);
    expect(button).toHaveAttribute('data-tone', tone);
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');

    await view.user.click(button);

    const dialog = await screen.findByRole(tone === 'critical' ? 'alertdialog' : 'dialog', { name: title });
    expect(dialog).toHaveAccessibleDescription(
      'We keep your photos for 18 months after your last order, or after you registered if you have not ordered yet. Each new order starts the 18 months again.',
    );
    expect(within(dialog).getByText('Your last order was on 14 September 2024.')).toBeInTheDocument();
    const deletion = projected.getTime() <= inDays(0).getTime() ? `Unless you order today, your photos will be deleted today, ${longDate(projected)}.` : `Unless you order before then, your photos will be deleted on ${longDate(projected)}.`;
    expect(within(dialog).getByText(deletion)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Export photos' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(within(dialog).getByRole('button', { name: 'Delete photos' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Shop our products' }) !== null).toBe(tone !== 'safe');
  });

  test('without an order, the 18 months count from registration', async () => {
    const view = setup(deletionInfo(inMonths(6), null));
    await view.user.click(await statusButton('Storage: safe'));
    expect(await screen.findByText('You have not ordered yet, so the 18 months started when you registered on 3 February 2021.')).toBeInTheDocument();
  });

  test('"Delete photos" goes to the photos page’s delete-all flow', async () => {
    const view = setup(deletionInfo(inDays(5)), { flag: false });
    await view.user.click(await statusButton('Storage: deleted in 5 days'));
    await view.user.click(await screen.findByRole('button', { name: 'Delete photos' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(view.currentUrl()).toBe('/my-photos/photos?delete=all');
  });

  test('"Delete photos" calls the page’s callback when it gives one', async () => {
    const onDeletePhotos = vi.fn();
    const view = setup(deletionInfo(inMonths(4)), { onDeletePhotos });
    await view.user.click(await statusButton('Storage: safe'));
    await view.user.click(await screen.findByRole('button', { name: 'Delete photos' }));

    expect(onDeletePhotos).toHaveBeenCalledTimes(1);
    expect(view.currentUrl()).toBe('/my-photos/photos');
  });

  test('Escape closes the modal and focus returns to the button', async () => {
    const view = setup(deletionInfo(inMonths(4)));
    const button = await statusButton('Storage: safe');
    await view.user.click(button);
    await screen.findByRole('dialog');
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  test('when the information cannot be loaded, the button still explains the rule and says so', async () => {
    const view = setup('error');
    const button = await statusButton('Storage status');
    expect(button).toHaveAttribute('data-tone', 'unknown');
    await view.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Storage of your photos' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your storage information could not be loaded. Please try again later.');
  });

  describe('opened from a reminder mail’s link', () => {
    test('the address opens the storage status once and leaves the address without its query', async () => {
      const view = setup(deletionInfo(inMonths(2)), { path: `${STORAGE_STATUS_PATH}&album=7` });
      const dialog = await screen.findByRole('dialog', { name: 'Your photos will be deleted in 2 months' });
      expect(within(dialog).getByRole('button', { name: 'Export photos' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Delete photos' })).toBeInTheDocument();
      // Replaced, not pushed: a reload or Back does not open it again; other query parts stay.
      expect(view.currentUrl()).toBe('/my-photos/photos?album=7');

      await view.user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    test('without the query the storage status stays closed', async () => {
      const view = setup(deletionInfo(inMonths(2)), { path: '/my-photos/photos?storage=other' });
      await statusButton('Storage: 2 months left');
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(view.currentUrl()).toBe('/my-photos/photos?storage=other');
    });
  });

  describe('with the storage-warning flag on', () => {
    test('the critical modal opens by itself once per browser session', async () => {
      const first = setup(deletionInfo(inDays(1)), { flag: true });
      expect(await screen.findByRole('alertdialog', { name: 'Your photos will be deleted tomorrow' })).toBeInTheDocument();
      expect(window.sessionStorage.getItem(AUTO_OPENED_KEY)).toBe('1');
      await first.user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
      first.unmount();

      const second = setup(deletionInfo(inDays(1)), { flag: true });
      const button = await statusButton('Storage: deleted tomorrow');
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

      // The button still opens it at any time.
      await second.user.click(button);
      expect(await screen.findByRole('alertdialog', { name: 'Your photos will be deleted tomorrow' })).toBeInTheDocument();
    });

    test('a warning or safe status does not open by itself', async () => {
      setup(deletionInfo(inMonths(2)), { flag: true });
      await statusButton('Storage: 2 months left');
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(window.sessionStorage.getItem(AUTO_OPENED_KEY)).toBeNull();
    });
  });

  test('with the flag off, a critical status does not open by itself', async () => {
    setup(deletionInfo(inDays(0)), { flag: false });
    await statusButton('Storage: deleted today');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
