import { FEEDBACK_PATH } from '@shoebox/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import frFR from '../../../../public/locales/fr-FR.json';
import nlNL from '../../../../public/locales/nl-NL.json';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithServices } from '../../../test/render-with-services';
import { waitForCondition } from '../../../test/wait';
import { FeedbackButton } from './feedback-button';

const TITLE = 'How do you like your account area?';

/** Serves POST {customers}/feedback, answering each request with the next answer (the last one repeated). */
function serveFeedback(...answers: (() => Response | Promise<Response>)[]) {
  const requests: { body: unknown; authorization: string | null }[] = [];
  server.use(
    http.post(apiUrl('customers', FEEDBACK_PATH), async ({ request }) => {
      requests.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      return answers[Math.min(requests.length - 1, answers.length - 1)]!();
    }),
  );
  return requests;
}

const accepted = () => new HttpResponse(null, { status: 204 });
const refusal = (status: number, headers?: Record<string, string>) => () =>
  HttpResponse.json({ status, error: status === 429 ? 'too_many_feedback' : 'internal', message: 'x', correlationId: 'c' }, { status, headers });

async function openDialog(path = '/orders') {
  const view = renderWithServices(<FeedbackButton placement="column" />, { path });
  await view.user.click(await screen.findByRole('button', { name: 'Give feedback' }));
  const dialog = await screen.findByRole('dialog', { name: TITLE });
  return { ...view, dialog };
}

afterEach(async () => {
  // Sonner keeps its toasts in one store for the whole file: a thanks must not outlive its test.
  toast.dismiss();
  await i18next.changeLanguage('en-GB');
});

describe('the feedback dialog', () => {
  test('asks for a rating of five named choices and an optional comment, the rating focused first', async () => {
    const { dialog } = await openDialog();
    const group = within(dialog).getByRole('group', { name: 'Your rating' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Very poor', 'Poor', 'Okay', 'Good', 'Very good']);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(radios[0]).toHaveFocus();
    const comment = within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' });
    expect(comment).toHaveAttribute('maxlength', '2000');
    expect(comment).toHaveAccessibleDescription('0 / 2000');
  });

  test('Send stays disabled until a rating is chosen', async () => {
    const requests = serveFeedback(accepted);
    const { user, dialog } = await openDialog();
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' }), 'Only words');
    expect(send).toBeDisabled();
    await user.click(send);
    expect(requests).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Okay' }));
    expect(send).toBeEnabled();
  });

  test('the rating is chosen with the arrow keys too', async () => {
    const { user, dialog } = await openDialog();
    // Focus is on the first face; an arrow key moves to the next one and chooses it.
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: 'Poor' })).toBeChecked();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: 'Good' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  test('the comment counts its characters as they are typed', async () => {
    const { user, dialog } = await openDialog();
    const comment = within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' });
    await user.type(comment, 'Great prints');
    expect(within(dialog).getByText('12 / 2000')).toBeInTheDocument();
    expect(comment).toHaveAccessibleDescription('12 / 2000');
  });

  test('sends the rating, the trimmed comment and the page once, even on a double click; then closes and thanks', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const requests = serveFeedback(async () => {
      await answered;
      return accepted();
    });
    const { user, dialog } = await openDialog('/settings/addresses/all');
    await user.click(within(dialog).getByRole('radio', { name: 'Good' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' }), '  The address book{Enter}is easy to use.   ');

    await user.dblClick(within(dialog).getByRole('button', { name: 'Send' }));
    const sending = await within(dialog).findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    expect(sending).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // A click more while it is on its way sends nothing more either.
    await user.click(sending);

    answer();
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    expect(requests).toEqual([
      { body: { rating: 4, comment: 'The address book\nis easy to use.', page: '/settings/addresses/all' }, authorization: 'Bearer test-access-token' },
    ]);
    // Focus goes back to where the customer opened it.
    expect(screen.getByRole('button', { name: 'Give feedback' })).toHaveFocus();
  });

  test('two submits in the same moment (before the page shows it sending) send once', async () => {
    const requests = serveFeedback(accepted);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Good' }));
    const form = dialog.querySelector('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);

    await screen.findByText('Thank you for your feedback!');
    expect(requests).toHaveLength(1);
  });

  test('a rating alone is sent without a comment', async () => {
    const requests = serveFeedback(accepted);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Very poor' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await screen.findByText('Thank you for your feedback!');
    expect(requests.map((request) => request.body)).toEqual([{ rating: 1, page: '/orders' }]);
  });

  test('too much feedback today (429): says so in the dialog and keeps the rating and comment', async () => {
    const requests = serveFeedback(refusal(429, { 'Retry-After': '3600' }));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Very good' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' }), 'Love it');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have sent us enough feedback for today. Thank you!');
    expect(screen.getByRole('dialog', { name: TITLE })).toBe(dialog);
    expect(within(dialog).getByRole('radio', { name: 'Very good' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' })).toHaveValue('Love it');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.queryByText('Thank you for your feedback!')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  test('any other failure: asks to try again, keeps the input, and a second try can succeed', async () => {
    const requests = serveFeedback(refusal(500), accepted);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Poor' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' }), 'Slow pages');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your feedback could not be sent. Please try again.');
    expect(within(dialog).getByRole('radio', { name: 'Poor' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' })).toHaveValue('Slow pages');

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(requests.map((request) => request.body)).toEqual([
      { rating: 2, comment: 'Slow pages', page: '/orders' },
      { rating: 2, comment: 'Slow pages', page: '/orders' },
    ]);
  });

  test('a network failure says the same', async () => {
    server.use(http.post(apiUrl('customers', FEEDBACK_PATH), () => HttpResponse.error()));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Good' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your feedback could not be sent. Please try again.');
  });

  test('Cancel and Escape close it without sending anything; opened again, it starts afresh', async () => {
    const requests = serveFeedback(accepted);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Good' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Give feedback' }));
    const again = await screen.findByRole('dialog', { name: TITLE });
    expect(within(again).getByRole('radio', { name: 'Good' })).not.toBeChecked();
    await user.keyboard('{Escape}');
    await waitForCondition(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(requests).toHaveLength(0);
  });
});

describe('in the storefront’s language', () => {
  test('Dutch (nl-NL)', async () => {
    i18next.addResourceBundle('nl-NL', 'translation', nlNL, true, true);
    await i18next.changeLanguage('nl-NL');
    const requests = serveFeedback(accepted, accepted);
    const view = renderWithServices(<FeedbackButton placement="column" />, { path: '/orders?channel=www.printhaven.nl' });
    await view.user.click(await screen.findByRole('button', { name: 'Feedback geven' }));

    const dialog = await screen.findByRole('dialog', { name: 'Wat vindt u van uw accountomgeving?' });
    const group = within(dialog).getByRole('group', { name: 'Uw beoordeling' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Zeer slecht', 'Slecht', 'Redelijk', 'Goed', 'Zeer goed']);
    expect(within(dialog).getByRole('textbox', { name: 'Vertel ons meer (optioneel)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toBeInTheDocument();

    await view.user.click(within(dialog).getByRole('radio', { name: 'Zeer goed' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Bedankt voor uw feedback!')).toBeInTheDocument();
    expect(requests.map((request) => request.body)).toEqual([{ rating: 5, page: '/orders' }]);
  });

  test('French (fr-FR), its refusals too', async () => {
    i18next.addResourceBundle('fr-FR', 'translation', frFR, true, true);
    await i18next.changeLanguage('fr-FR');
    serveFeedback(refusal(429), refusal(503));
    const view = renderWithServices(<FeedbackButton placement="column" />, { path: '/orders?channel=www.printhaven.fr' });
    await view.user.click(await screen.findByRole('button', { name: 'Donner votre avis' }));

    const dialog = await screen.findByRole('dialog', { name: 'Que pensez-vous de votre espace client\u00a0?' });
    await view.user.click(within(dialog).getByRole('radio', { name: 'Correct' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Vous nous avez envoyé suffisamment d'avis pour aujourd'hui. Merci !"); // text content's spaces are normalised
    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText("Votre avis n'a pas pu être envoyé. Veuillez réessayer.")).toBeInTheDocument();
  });
});
