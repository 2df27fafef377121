import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import enGB from '../../public/locales/en-GB.json';
import { renderApp } from '../test/render-app';

test.each([
  ['/online-products', 'My online photo books'],
])('the unbuilt screen %s shows its title as the page heading and says it is not available yet', async (path, title) => {
  renderApp(path);

  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByText(enGB.unbuilt.body)).toBeInTheDocument();
  expect(enGB.unbuilt.body).toBe('This part of your account is not available yet. We are working on it.');
  // The browser tab names the screen and the brand.
  await vi.waitFor(() => expect(document.title).toBe(`${title} | Printhaven`));
});
