import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithServices } from '../../../test/render-with-services';
import { FeedbackButton } from './feedback-button';

// A file of its own: i18next keeps a namespace it has loaded for the rest of the file.
test('texts that cannot be loaded: says so beside the button (never keys), reports it, and opens when asked again', async () => {
  let failing = true;
  server.use(http.get('*/locales/en-GB/feedback.json', () => (failing ? new HttpResponse(null, { status: 404 }) : undefined)));
  const { user, reporter } = renderWithServices(<FeedbackButton placement="column" />, { path: '/orders' });

  await user.click(await screen.findByRole('button', { name: 'Give feedback' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The feedback form could not be opened. Please try again.');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByText('title')).not.toBeInTheDocument();
  expect(reporter.report).toHaveBeenCalledWith(expect.anything(), { feature: 'feedback' });

  failing = false;
  await user.click(screen.getByRole('button', { name: 'Give feedback' }));
  expect(await screen.findByRole('dialog', { name: 'How do you like your account area?' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
