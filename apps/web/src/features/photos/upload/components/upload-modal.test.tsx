// @vitest-environment jsdom
// On jsdom (the web tests' default is happy-dom): the upload's files, their bytes and object URLs are made as jsdom makes them, which the tus client and the thumbnail maker read as in a browser.
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import deDE from '../../../../../public/locales/de-DE.json';
import deDEUpload from '../../../../../public/locales/de-DE/upload.json';
import enGBUpload from '../../../../../public/locales/en-GB/upload.json';
import { fakeTusServer, type FakeTusOptions } from '../../../../test/fake-tus-server';
import { server } from '../../../../test/msw-server';
import { renderWithServices } from '../../../../test/render-with-services';
import { AddPhotosButton } from './add-photos-button';


const ENDPOINT = 'http://api.test/uploads';
const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' };

function photo(name: string, size = 64): File {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < size; i++) bytes[i] = (i * 13 + name.length) % 256;
  return new File([bytes], name, { type: 'image/jpeg', lastModified: 1_700_000_000_000 });
}

/** What the real server answers when it refuses a file: the one JSON error shape, with its code and values. */
const refusal = (status: number, error: string, message: string, params?: Record<string, number>) =>
  HttpResponse.json({ status, error, message, correlationId: 'corr-1', ...(params ? { params } : {}) }, { status, headers: TUS_HEADERS });

/** The server's own (English) words, which a customer must never read in place of a translation. */
const SERVER_WORDS = {
  corrupt: 'SERVER: damaged, please try uploading it again.',
  pixels: 'SERVER: too many pixels.',
  unknown: 'SERVER: something new went wrong.',
  tooLarge: 'SERVER: larger than 50 MB.',
};

const refusingServer = (): FakeTusOptions => ({
  interceptPatch: (upload) => {
    const name = upload.metadata.filename;
    if (name === 'broken.jpg') return refusal(422, 'corrupt', SERVER_WORDS.corrupt);
    if (name === 'huge.jpg') return refusal(422, 'too_many_pixels', SERVER_WORDS.pixels, { width: 12_000, height: 9_000, maxMegapixels: 100 });
    if (name === 'odd.jpg') return refusal(422, 'something_new', SERVER_WORDS.unknown);
    return undefined;
  },
  complete: (upload) => (upload.metadata.filename?.startsWith('again') ? { photoId: `existing-${upload.id}`, duplicate: true } : { photoId: `new-${upload.id}` }),
});

/** A channel's texts: the app's and the upload feature's, as its customers read them. */
const LOCALES = {
  'en-GB': {
    messages: undefined,
    upload: enGBUpload,
    refused: {
      'broken.jpg': "broken.jpg: This photo is damaged or incomplete and cannot be opened. Export it again from your camera or your phone's photo app, then upload the new copy.",
      'huge.jpg': 'huge.jpg: This photo has too many pixels (12,000 × 9,000). Photos can have up to 100 megapixels.',
      'odd.jpg': 'odd.jpg: This file could not be uploaded.',
      'giant.jpg': 'giant.jpg: This file is larger than 50 MB, so it cannot be added to your library.',
    },
    allDuplicates: '3 photos already in your library',
    mixed: '2 of 3 uploaded · 1 photo already in your library',
    ready: 'Ready to upload',
    resumable: 'Ready: continues where it stopped',
  },
  'de-DE': {
    messages: deDE,
    upload: deDEUpload,
    refused: {
      'broken.jpg':
        'broken.jpg: Dieses Foto ist beschädigt oder unvollständig und lässt sich nicht öffnen. Exportieren Sie es erneut aus Ihrer Kamera oder der Foto-App Ihres Smartphones und laden Sie die neue Kopie hoch.',
      'huge.jpg': 'huge.jpg: Dieses Foto hat zu viele Pixel (12.000 × 9.000). Fotos dürfen höchstens 100 Megapixel haben.',
      'odd.jpg': 'odd.jpg: Diese Datei konnte nicht hochgeladen werden.',
      'giant.jpg': 'giant.jpg: Diese Datei ist größer als 50 MB und kann daher nicht in Ihre Fotobibliothek aufgenommen werden.',
    },
    allDuplicates: '3 Fotos bereits in Ihrer Fotobibliothek',
    mixed: '2 von 3 hochgeladen · 1 Foto bereits in Ihrer Fotobibliothek',
    ready: 'Bereit zum Hochladen',
    resumable: 'Bereit: wird an der unterbrochenen Stelle fortgesetzt',
  },
} as const;

afterEach(async () => {
  await i18next.changeLanguage('en-GB');
});

describe.each(Object.entries(LOCALES))('the upload modal in %s', (locale, texts) => {
  async function open(tusOptions: FakeTusOptions, ...handlers: HttpHandler[]) {
    if (texts.messages) {
      i18next.addResourceBundle(locale, 'translation', texts.messages, true, true);
      i18next.addResourceBundle(locale, 'upload', texts.upload, true, true);
    }
    await i18next.changeLanguage(locale);
    const tus = fakeTusServer(ENDPOINT, tusOptions);
    server.use(...handlers, ...tus.handlers);
    const view = renderWithServices(<AddPhotosButton />, { flags: { PhotoManagementUploadViewEnabled: true } });
    await view.user.click(await screen.findByRole('button', { name: texts.upload.addPhotos }));
    const dialog = await screen.findByRole('dialog', { name: texts.upload.title });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    const choose = (files: File[]) => view.user.upload(input, files);
    const startLabel = new RegExp(`^(${[texts.upload.start_one, texts.upload.start_other].map((label) => label.replace('{{count}}', '\\d+')).join('|')})$`);
    const upload = async () => view.user.click(await within(dialog).findByRole('button', { name: startLabel }));
    return { view, tus, dialog, choose, upload };
  }

  test("a server's refusal reads in the channel's language, from its code and values, never in the server's English", async () => {
    // Refused when created, before any byte: the file is over the size limit.
    const tooLarge = http.post(ENDPOINT, ({ request }) =>
      (request.headers.get('upload-metadata') ?? '').includes(btoa('giant.jpg')) ? refusal(413, 'too_large', SERVER_WORDS.tooLarge, { maxBytes: 50 * 1024 * 1024 }) : undefined,
    );
    const { dialog, choose, upload } = await open(refusingServer(), tooLarge);
    await choose([photo('broken.jpg'), photo('huge.jpg'), photo('odd.jpg'), photo('giant.jpg')]);
    await upload();

    for (const text of Object.values(texts.refused)) expect(await within(dialog).findByText(text)).toBeInTheDocument();
    for (const words of Object.values(SERVER_WORDS)) expect(within(dialog).queryByText(words, { exact: false })).not.toBeInTheDocument();
  });

  test('when every file was already in the library the summary says so, and a mix says both', async () => {
    const first = await open(refusingServer());
    await first.choose([photo('again-1.jpg'), photo('again-2.jpg'), photo('again-3.jpg')]);
    await first.upload();
    expect(await within(first.dialog).findByText(texts.allDuplicates)).toBeInTheDocument();
    first.view.unmount();

    const second = await open(refusingServer());
    await second.choose([photo('new-1.jpg'), photo('again-4.jpg'), photo('new-2.jpg')]);
    await second.upload();
    expect(await within(second.dialog).findByText(texts.mixed)).toBeInTheDocument();
  });

  test('a file the server refused, chosen again, is not offered as continuing where it stopped, and starts afresh', async () => {
    const first = await open(refusingServer());
    await first.choose([photo('broken.jpg')]);
    await first.upload();
    await within(first.dialog).findByText(texts.refused['broken.jpg']);
    first.view.unmount();

    const again = await open(refusingServer());
    await again.choose([photo('broken.jpg')]);
    expect(await within(again.dialog).findByText(texts.ready)).toBeInTheDocument();
    expect(within(again.dialog).queryByText(texts.resumable)).not.toBeInTheDocument();
    await again.upload();
    await within(again.dialog).findByText(texts.refused['broken.jpg']);
    // A new upload (POST), not a resume (HEAD) of the refused one.
    expect(again.tus.requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);
  });
});

test('the picker offers HEIF photos beside JPEG, PNG and HEIC, by type and by extension', async () => {
  server.use(...fakeTusServer(ENDPOINT).handlers);
  const view = renderWithServices(<AddPhotosButton />, { flags: { PhotoManagementUploadViewEnabled: true } });
  await view.user.click(await screen.findByRole('button', { name: 'Add photos' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload photos' });
  const accept = dialog.querySelector('input[type="file"]')!.getAttribute('accept')!.split(',');
  expect(accept).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'image/heic', 'image/heif', '.jpg', '.jpeg', '.png', '.heic', '.heif']));
});
