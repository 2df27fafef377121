import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import frFR from '../../../public/locales/fr-FR.json';
import { apiUrl } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderWithServices } from '../../test/render-with-services';
import { OrderCutoffNote } from './order-cutoff-note';

// Only the clock is faked: the HTTP client's timers and MSW run as usual.
const at = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });

describe('the order cut-off note', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await i18next.changeLanguage('en-GB');
  });

  test("says today's cut-off and the dispatch day, in the group's time zone", async () => {
    // Tuesday 1 December 2026, 21:30 in London.
    at('2026-12-01T21:30:00Z');
    renderWithServices(<OrderCutoffNote articleNames={['PAP_910']} />);
    expect(await screen.findByText('Order before 22:00 today for dispatch on Wednesday 2 December')).toBeInTheDocument();
  });

  test("after the cut-off, and at a weekend, the next working day's", async () => {
    at('2026-12-04T22:30:00Z');
    renderWithServices(<OrderCutoffNote articleNames={['PAP_1318']} />);
    expect(await screen.findByText('Order before 22:00 on Monday for dispatch on Tuesday 8 December')).toBeInTheDocument();
  });

  test('in the page’s language', async () => {
    i18next.addResourceBundle('fr-FR', 'translation', frFR, true, true);
    await i18next.changeLanguage('fr-FR');
    at('2026-12-01T21:30:00Z');
    renderWithServices(<OrderCutoffNote articleNames={['PAP_910']} />);
    expect(await screen.findByText('Commandez aujourd’hui avant 22:00 pour une expédition le mercredi 2 décembre')).toBeInTheDocument();
  });

  test('says nothing for an article in no group', async () => {
    renderWithServices(
      <>
        <OrderCutoffNote articleNames={['NOT_AN_ARTICLE']} />
        <OrderCutoffNote articleNames={['PAP_910']} />
      </>,
    );
    // Once the groups have come (the prints' note shows), the other still says nothing.
    await screen.findByText(/^Order before 22:00/);
    expect(screen.getAllByText(/^Order before/)).toHaveLength(1);
  });

  test("of an order's articles, the first a group holds speaks", async () => {
    at('2026-12-01T12:30:00Z');
    const books = { code: 'PHOTO_BOOKS', name: 'Photo books', articleNames: ['PHB_A4L'], orderCutoff: '14:00', timeZone: 'Europe/London', productionDays: 3 };
    const prints = { code: 'PRINTS', name: 'Photo prints', articleNames: ['PAP_910'], orderCutoff: '22:00', timeZone: 'Europe/London', productionDays: 1 };
    server.use(http.get(apiUrl('orders', '/v1/ArticleGroup'), () => HttpResponse.json({ items: [prints, books] })));
    renderWithServices(<OrderCutoffNote articleNames={['NOT_AN_ARTICLE', 'PHB_A4L', 'PAP_910']} />);
    // The photo book's group: 14:00, three working days.
    expect(await screen.findByText('Order before 14:00 today for dispatch on Friday 4 December')).toBeInTheDocument();
  });
});
