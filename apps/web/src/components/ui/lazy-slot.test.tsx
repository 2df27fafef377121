import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useTranslation } from 'react-i18next';
import { afterEach, expect, test, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { LazySlot } from './lazy-slot';

function UploadHeading() {
  const { t } = useTranslation('upload');
  return <h2>{t('title')}</h2>;
}

function CatchAll() {
  const { t } = useTranslation();
  return <p role="alert">{t('errors.catchAll')}</p>;
}

/** The slot as a screen shows it each time it is opened: a new slot per opening. */
const opened = (opening: number) => (
  <LazySlot key={opening} errorFallback={<CatchAll />}>
    <UploadHeading />
  </LazySlot>
);

/** i18next tries a failed file 5 times, waiting 350 ms and doubling: let all of that pass. */
const ALL_RETRIES_MS = 350 * (2 ** 5 - 1) + 1_000;

afterEach(() => {
  vi.useRealTimers();
});

test('a part whose texts cannot be loaded shows its error state, never keys, and loads them when opened again', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  let failing = true;
  const asked: string[] = [];
  server.use(
    http.get('*/locales/en-GB/upload.json', ({ request }) => {
      asked.push(request.url);
      // Once the server is well again, the default handler serves the file from public/.
      return failing ? new HttpResponse(null, { status: 500 }) : undefined;
    }),
  );

  const view = render(opened(1));
  await act(() => vi.advanceTimersByTimeAsync(ALL_RETRIES_MS));

  expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error has occurred');
  expect(screen.queryByText('title')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  const triedWhileFailing = asked.length;
  expect(triedWhileFailing).toBeGreaterThan(1);

  failing = false;
  view.rerender(opened(2));

  expect(await screen.findByRole('heading', { name: 'Upload photos' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(asked.length).toBeGreaterThan(triedWhileFailing);
});
