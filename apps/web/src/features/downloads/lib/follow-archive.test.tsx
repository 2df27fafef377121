import { render, screen, act } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { serveDownloads } from '../../../test/downloads';
import { testConfig } from '../../../test/fixtures';
import { createHttpClient } from '../../../lib/http/http-client';
import { followArchive } from './follow-archive';
import { waitForCondition } from '../../../test/wait';

const TEXTS = { started: 'Preparing download...', finished: 'Downloading photos', failed: 'Download failed', notSaved: () => 'Error: Your photos could not be downloaded' };

function follow(downloadId: string) {
  const config = testConfig();
  const http = createHttpClient({ config, getAccessToken: async () => 'token', reporter: { report: () => {} } });
  return followArchive(downloadId, { http, pushSocketUrl: config.pushSocketUrl, getAccessToken: async () => 'token', texts: TEXTS });
}

/** Lets fake time pass in steps, so the toasts' own timers and React's updates both run. */
async function pass(ms: number) {
  for (let left = ms; left > 0; left -= 250) await act(() => vi.advanceTimersByTimeAsync(Math.min(250, left)));
}

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

describe('followArchive: the spec §9 toast durations', () => {
  test("'Preparing download...' shows for 5 s", async () => {
    const downloads = serveDownloads();
    // The toast comes from the started event alone: the list cannot be read.
    downloads.listStatus = 500;
    const id = crypto.randomUUID();
    downloads.items.push({ id, name: null, photosCount: 2, size: null, state: 'pending', created: new Date().toISOString(), expires: null, error: null });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    render(<Toaster duration={5000} />);
    const socket = follow(id);
    await waitForCondition(() => expect(downloads.listening).toHaveLength(1));

    downloads.push('archive.generation.started', id);
    expect(await screen.findByText('Preparing download...')).toBeInTheDocument();
    await pass(4_000);
    expect(screen.getByText('Preparing download...')).toBeInTheDocument();
    await pass(2_000);
    expect(screen.queryByText('Preparing download...')).not.toBeInTheDocument();
    socket.close();
  });

  test("'Downloading photos' and 'Download failed' each stay 10 s", async () => {
    const downloads = serveDownloads();
    const ready = crypto.randomUUID();
    const failing = crypto.randomUUID();
    for (const id of [ready, failing]) downloads.items.push({ id, name: null, photosCount: 2, size: null, state: 'pending', created: new Date().toISOString(), expires: null, error: null });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<Toaster duration={5000} />);
    follow(ready);
    follow(failing);
    await waitForCondition(() => expect(downloads.listening).toHaveLength(2));

    downloads.finish(ready);
    downloads.push('archive.generation.error', failing, { state: 'failed', error: 'archive_failed' });
    expect(await screen.findByText('Downloading photos')).toBeInTheDocument();
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    await pass(8_000);
    expect(screen.getByText('Downloading photos')).toBeInTheDocument();
    expect(screen.getByText('Download failed')).toBeInTheDocument();
    await pass(3_000);
    expect(screen.queryByText('Downloading photos')).not.toBeInTheDocument();
    expect(screen.queryByText('Download failed')).not.toBeInTheDocument();
  });
});
