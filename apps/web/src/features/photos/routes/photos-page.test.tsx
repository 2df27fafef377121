import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { makePhoto, photosTakenIn, scrollWindowTo, servePhotoLibrary } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';
import { INFO_BANNER_READ_KEY } from '../components/info-banner';
import { buildTimelineLayout } from '../timeline/timeline-layout';

/** The timeline's month headings, in order. */
const sectionTitles = () =>
  within(screen.getByRole('region', { name: 'Photos timeline' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

const openTimeline = async (path = '/my-photos/photos', options?: Parameters<typeof renderApp>[1]) => {
  const view = renderApp(path, options);
  await screen.findByRole('region', { name: 'Photos timeline' });
  return view;
};

/** 20 months of 12 photos, newest (Dec 2024) first: each section is a heading and two rows in a 1024px window. */
const twentyMonths = () => Array.from({ length: 20 }, (_, i) => photosTakenIn(2024 - Math.floor(i / 12), 12 - (i % 12), 12)).flat();

describe('photos page header', () => {
  test("/my-photos goes to the Photos tab, titled 'My photos', with the Photos and Albums counts", async () => {
    servePhotoLibrary([...photosTakenIn(2024, 6, 3), ...photosTakenIn(2024, 5, 2)]);
    const { currentUrl } = renderApp('/my-photos');

    expect(await screen.findByRole('heading', { level: 1, name: 'My photos' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/my-photos/photos');
    const tabs = screen.getByRole('navigation', { name: 'Photo library' });
    const photos = within(tabs).getByRole('link', { name: /^Photos/ });
    await waitFor(() => expect(photos).toHaveAccessibleName('Photos 5'));
    expect(photos).toHaveAttribute('aria-current', 'page');
    // The customer's own albums plus the read albums of shared albums.
    expect(within(tabs).getByRole('link', { name: /^Albums/ })).toHaveAccessibleName('Albums 3');
    expect(within(tabs).getByRole('link', { name: /^Albums/ })).toHaveAttribute('href', '/my-photos/albums');
  });

  test('on a phone there is a back link to the account home, but not in stripped mode', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 1));
    await openTimeline('/my-photos/photos', { smallScreen: true });
    expect(screen.getByRole('link', { name: 'Back to my account' })).toHaveAttribute('href', '/');
  });

  test('stripped mode on a phone has no back link', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 1));
    await openTimeline('/my-photos/photos?stripped=true', { smallScreen: true });
    expect(screen.queryByRole('link', { name: 'Back to my account' })).not.toBeInTheDocument();
  });

  test('the info banner expands and collapses', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 1));
    const { user } = await openTimeline();
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/Photos are kept for 18 months/)).not.toBeVisible();

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Photos are kept for 18 months/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the info banner shows its summary the first time only: from the next visit it is its title, and it opens again', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 1));
    const first = await openTimeline();
    const banner = () => screen.getByRole('region', { name: 'Welcome to the new My photos' });
    expect(within(banner()).getByText('Your photos now live in one timeline, grouped by month.')).toBeVisible();
    expect(window.localStorage.getItem(INFO_BANNER_READ_KEY)).not.toBeNull();
    first.unmount();

    const { user } = await openTimeline();
    expect(within(banner()).queryByText('Your photos now live in one timeline, grouped by month.')).not.toBeInTheDocument();
    await user.click(within(banner()).getByRole('button', { name: 'Show more' }));
    expect(within(banner()).getByText('Your photos now live in one timeline, grouped by month.')).toBeVisible();
    expect(within(banner()).getByText(/Photos are kept for 18 months/)).toBeVisible();
    await user.click(within(banner()).getByRole('button', { name: 'Show less' }));
    expect(within(banner()).queryByText('Your photos now live in one timeline, grouped by month.')).not.toBeInTheDocument();
  });
});

describe('timeline states', () => {
  test("a loader, then 'Error: Your photos could not be loaded' when the counts fail; Try again loads them", async () => {
    const library = servePhotoLibrary(photosTakenIn(2024, 6, 2));
    library.countsStatus = 500;
    const { user } = renderApp('/my-photos/photos');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your photos…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Your photos could not be loaded');

    library.countsStatus = undefined;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'June 2024' })).toBeInTheDocument();
  });

  test("an empty library says 'Your photo library is empty'", async () => {
    servePhotoLibrary([]);
    renderApp('/my-photos/photos');
    expect(await screen.findByText('Your photo library is empty')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Photos timeline' })).not.toBeInTheDocument();
  });
});

describe('timeline sections from the counts', () => {
  test("one section per month, newest first, with 'Unknown Date' last and each month's count", async () => {
    servePhotoLibrary([...photosTakenIn(2023, 12, 1), ...photosTakenIn(2024, 6, 3), makePhoto('scan-1'), makePhoto('scan-2', { dateTaken: '1970-01-01T00:00:00' })]);
    await openTimeline();
    await waitFor(() => expect(sectionTitles()).toEqual(['June 2024', 'December 2023', 'Unknown Date']));
    expect(screen.getByText('3 photos')).toBeInTheDocument();
    expect(screen.getByText('1 photo')).toBeInTheDocument();
  });

  test('loads in StrictMode too, where effects run twice (as in development)', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 30));
    await openTimeline('/my-photos/photos', { strictMode: true });
    expect(await screen.findByRole('link', { name: 'p202406-30.jpg' })).toBeInTheDocument();
  });

  test('only the months within about a viewport load, with the first page of 24; scrolling loads the months it reaches', async () => {
    const library = servePhotoLibrary(twentyMonths());
    await openTimeline();
    await screen.findByRole('link', { name: 'p202412-1.jpg' });

    const requested = () => [...new Set(library.monthRequests.map((r) => `${r.year}-${r.month}`))];
    // 1024x768 window: 6 columns, sections 406px high; the top four are within a viewport of the visible part.
    await waitFor(() => expect(requested()).toEqual(['2024-12', '2024-11', '2024-10', '2024-9']));
    expect(library.monthRequests[0]).toMatchObject({ cursor: null, limit: 24, sortKey: 'dateTaken', sortOrder: 'desc' });

    const layout = buildTimelineLayout(library.counts('dateTaken'), 'desc', 1024);
    act(() => scrollWindowTo(layout.sections[15]!.top));

    await waitFor(() => expect(requested()).toContain('2023-9'));
    expect(await screen.findByRole('link', { name: 'p202309-1.jpg' })).toBeInTheDocument();
    expect(requested()).not.toContain('2024-5');
  });

  test("a month's request is aborted when it is scrolled far past before it answers", async () => {
    const library = servePhotoLibrary(twentyMonths());
    library.holdMonths.add('2023-9');
    await openTimeline();
    await screen.findByRole('link', { name: 'p202412-1.jpg' });
    const layout = buildTimelineLayout(library.counts('dateTaken'), 'desc', 1024);

    act(() => scrollWindowTo(layout.sections[15]!.top));
    await waitFor(() => expect(library.heldSignals.map((h) => h.month)).toContain('2023-9'));
    act(() => scrollWindowTo(0));

    await waitFor(() => expect(library.heldSignals.find((h) => h.month === '2023-9')?.signal.aborted).toBe(true));
  });

  test('a month in view keeps loading pages (24, 24, 48 …) until every photo that is in the window is there', async () => {
    const library = servePhotoLibrary(photosTakenIn(2024, 6, 60));
    await openTimeline();
    await waitFor(() =>
      expect(library.requestsFor(2024, 6).map((r) => [r.cursor, r.limit])).toEqual([
        [null, 24],
        ['after-24', 24],
        ['after-48', 48],
      ]),
    );
    expect(await screen.findByRole('link', { name: 'p202406-37.jpg' })).toBeInTheDocument();
  });

  test("where the loaded part ends, a '+N' tile loads more (the way back after a failed page)", async () => {
    const library = servePhotoLibrary(photosTakenIn(2024, 6, 60));
    library.intercept = (r) => (r.cursor === 'after-24' && library.requestsFor(2024, 6).length <= 3 ? new HttpResponse('failure', { status: 500 }) : undefined);
    const { user } = await openTimeline();

    const more = await screen.findByRole('button', { name: 'Load 36 more photos' });
    expect(more).toHaveTextContent('+36');
    await waitFor(() => expect(library.requestsFor(2024, 6)).toHaveLength(3));

    await user.click(more);
    expect(await screen.findByRole('link', { name: 'p202406-25.jpg' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Load \d+ more/ })).not.toBeInTheDocument());
  });

  test("a month that fails to load says so in its section, and Try again loads it", async () => {
    const library = servePhotoLibrary([...photosTakenIn(2024, 6, 2), ...photosTakenIn(2024, 5, 2)]);
    library.failMonths.add('2024-6');
    const { user } = await openTimeline();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Your photos could not be loaded');
    expect(screen.getByRole('link', { name: 'p202405-1.jpg' })).toBeInTheDocument();

    library.failMonths.clear();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'p202406-1.jpg' })).toBeInTheDocument();
  });

  test('placeholders stand for photos not loaded yet, and a thumbnail that fails shows its own failure state', async () => {
    const library = servePhotoLibrary(photosTakenIn(2024, 6, 4));
    library.holdMonths.add('2024-6');
    const { unmount } = await openTimeline();
    const region = screen.getByRole('region', { name: 'Photos timeline' });
    await waitFor(() => expect(region.querySelectorAll('[aria-hidden="true"][class*="placeholder"]')).toHaveLength(4));
    unmount();

    servePhotoLibrary(photosTakenIn(2024, 6, 2));
    await openTimeline();
    const tile = await screen.findByRole('link', { name: 'p202406-1.jpg' });
    const image = tile.querySelector('img') as HTMLImageElement;
    expect(image.src).toBe('http://img.test/p202406-1-300.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');

    fireEvent.error(image);
    expect(within(tile).getByText('This photo could not be shown')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'p202406-2.jpg' })).queryByText('This photo could not be shown')).not.toBeInTheDocument();
  });

  test('the year and month jump scrolls exactly to the heading of the chosen month', async () => {
    const library = servePhotoLibrary(twentyMonths());
    const { user } = await openTimeline();
    await screen.findByRole('link', { name: 'p202412-1.jpg' });
    const scrollTo = vi.spyOn(window, 'scrollTo');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Jump to' }), 'May 2024');

    const layout = buildTimelineLayout(library.counts('dateTaken'), 'desc', 1024);
    const may = layout.sections.find((s) => s.key === '2024-5')!;
    expect(scrollTo).toHaveBeenLastCalledWith({ top: may.top, behavior: 'instant' });
  });
});

describe('sort', () => {
  test('upload date or date taken, newest or oldest first: asked of the server and remembered on this device', async () => {
    const library = servePhotoLibrary([makePhoto('a', { dateTaken: '2024-06-01T10:00:00', uploadEnd: '2025-02-03T10:00:00Z' }), makePhoto('b')]);
    const first = await openTimeline();
    await waitFor(() => expect(sectionTitles()).toEqual(['June 2024', 'Unknown Date']));

    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Upload date');
    await waitFor(() => expect(sectionTitles()).toEqual(['February 2025', 'January 2025']));
    expect(library.monthRequests.at(-1)).toMatchObject({ sortKey: 'created', sortOrder: 'desc' });

    await first.user.click(screen.getByRole('button', { name: 'Order: Newest first' }));
    await waitFor(() => expect(sectionTitles()).toEqual(['January 2025', 'February 2025']));
    expect(library.monthRequests.at(-1)).toMatchObject({ sortKey: 'created', sortOrder: 'asc' });
    expect(JSON.parse(localStorage.getItem('shoebox.sort.photos') ?? '{}')).toEqual({ sortKey: 'created', sortOrder: 'asc' });
    first.unmount();

    await openTimeline();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('created');
    expect(screen.getByRole('button', { name: 'Order: Oldest first' })).toBeInTheDocument();
  });

  test("oldest first puts 'Unknown Date' at the start", async () => {
    localStorage.setItem('shoebox.sort.photos', JSON.stringify({ sortKey: 'dateTaken', sortOrder: 'asc' }));
    servePhotoLibrary([...photosTakenIn(2024, 6, 1), ...photosTakenIn(2023, 1, 1), makePhoto('scan')]);
    await openTimeline();
    await waitFor(() => expect(sectionTitles()).toEqual(['Unknown Date', 'January 2023', 'June 2024']));
  });

  test("the sort's tooltip reads 'Sort by upload date' when sorted by upload date", async () => {
    localStorage.setItem('shoebox.sort.photos', JSON.stringify({ sortKey: 'created', sortOrder: 'desc' }));
    servePhotoLibrary(photosTakenIn(2024, 6, 1));
    await openTimeline();
    act(() => screen.getByRole('combobox', { name: 'Sort by' }).focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sort by upload date');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveAccessibleDescription('Sort by upload date');
  });
});

describe("the 'Taken on' tooltip", () => {
  test("hovering or focusing a thumbnail shows 'Taken on {d MMMM yyyy at HH:mm:ss}' in the camera's time", async () => {
    servePhotoLibrary([makePhoto('a', { dateTaken: '2024-06-03T21:15:09+09:00', name: 'beach.jpg' }), makePhoto('b', { dateTaken: '2024-06-02T08:00:00', name: 'park.jpg' })]);
    const { user } = await openTimeline();
    const beach = await screen.findByRole('link', { name: 'beach.jpg' });

    await user.hover(beach);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Taken on 3 June 2024 at 21:15:09');
    await user.unhover(beach);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    // Keyboard focus shows it at once.
    act(() => beach.focus());
    await user.tab();
    expect(screen.getByRole('link', { name: 'park.jpg' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Taken on 2 June 2024 at 08:00:00');
    expect(screen.getByRole('link', { name: 'park.jpg' })).toHaveAccessibleDescription('Taken on 2 June 2024 at 08:00:00');
  });

  test('a photo without a date taken, or dated 1 Jan 1970, has no tooltip', async () => {
    servePhotoLibrary([makePhoto('scan', { name: 'scan.jpg' }), makePhoto('epoch', { dateTaken: '1970-01-01T10:30:00', name: 'epoch.jpg' })]);
    const { user } = await openTimeline();
    for (const name of ['scan.jpg', 'epoch.jpg']) {
      await user.hover(screen.getByRole('link', { name }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      act(() => screen.getByRole('link', { name }).focus());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    }
  });
});
