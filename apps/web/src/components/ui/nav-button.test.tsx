import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithServices } from '../../test/render-with-services';
import { NAV_BUTTON_HREF_MISSING, NavButton } from './nav-button';

describe('a navigation button', () => {
  test('follows a path of the app in the page, and an address elsewhere as a plain link', async () => {
    const { user, currentUrl } = renderWithServices(
      <>
        <NavButton variant="primary" href="/settings">
          Settings
        </NavButton>
        <NavButton variant="secondary" href="https://www.printhaven.co.uk/photo-prints">
          Products
        </NavButton>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('href', 'https://www.printhaven.co.uk/photo-prints');
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(currentUrl()).toBe('/settings');
  });

  test.each([undefined, null, '', '  '])("without a target (%j) is left out and reported with 'href is required for NavButton'", async (href) => {
    const { reporter } = renderWithServices(
      <>
        <NavButton variant="primary" href={href}>
          Products
        </NavButton>
        <p>Rest of the page</p>
      </>,
    );
    expect(await screen.findByText('Rest of the page')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Products' })).not.toBeInTheDocument();
    expect(reporter.report).toHaveBeenCalledWith(expect.objectContaining({ message: NAV_BUTTON_HREF_MISSING }), { component: 'NavButton' });
    expect(NAV_BUTTON_HREF_MISSING).toBe('href is required for NavButton');
  });
});
