import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppToaster, TOAST_DURATION_MS } from './toaster';

afterEach(() => vi.useRealTimers());

describe('the toaster', () => {
  test('shows a toast top-centre and dark, and closes it after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<AppToaster />);
    act(() => void toast('Photo removed from Summer'));
    const shown = await screen.findByText('Photo removed from Summer');
    const list = shown.closest('[data-sonner-toaster]');
    expect(list).toHaveAttribute('data-y-position', 'top');
    expect(list).toHaveAttribute('data-x-position', 'center');
    expect(list).toHaveAttribute('data-sonner-theme', 'dark');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 500));
    expect(screen.getByText('Photo removed from Summer')).toBeInTheDocument();
    // Then it leaves, after its exit animation.
    act(() => vi.advanceTimersByTime(1_500));
    expect(screen.queryByText('Photo removed from Summer')).not.toBeInTheDocument();
  });
});
