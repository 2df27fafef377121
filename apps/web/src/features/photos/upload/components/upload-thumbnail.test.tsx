// @vitest-environment jsdom
// On jsdom (the web tests' default is happy-dom): the upload's files, their bytes and object URLs are made as jsdom makes them, which the tus client and the thumbnail maker read as in a browser.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeTusServer } from '../../../../test/fake-tus-server';
import { server } from '../../../../test/msw-server';
import { renderWithServices } from '../../../../test/render-with-services';
import { waitForCondition } from '../../../../test/wait';
import { AddPhotosButton } from './add-photos-button';

const ENDPOINT = 'http://api.test/uploads';

function chosen(name: string, head: number[], size = 64): File {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  for (let i = head.length; i < size; i++) bytes[i] = (i * 11 + name.length) % 256;
  return new File([bytes], name, { lastModified: 1_700_000_000_000 });
}
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const HEIC = [0, 0, 0, 0x18, ...[...'ftypheic'].map((c) => c.charCodeAt(0))];

/** What Chromium draws: JPEG and PNG photos, but not HEIC, a damaged JPEG, nor a text file. */
const DRAWABLE = new Set(['harbour.jpg', 'sketch.png']);

let created: string[];
let revoked: string[];
let decodes: string[];

beforeEach(() => {
  created = [];
  revoked = [];
  decodes = [];
  // jsdom decodes no images and has no canvas: the browser's parts the thumbnails use, as Chromium answers.
  vi.stubGlobal('createImageBitmap', async (source: File) => {
    decodes.push(source.name);
    if (!DRAWABLE.has(source.name)) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { width: 288, height: 216, close: () => undefined };
  });
  const context = { fillStyle: '', imageSmoothingQuality: 'low', fillRect: () => undefined, drawImage: () => undefined };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(new Blob(['jpeg'], { type: 'image/jpeg' })));
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:http://localhost/thumbnail-${created.length + 1}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('every listed file shows a thumbnail, or a placeholder with its type when the browser cannot draw it; closing revokes every object URL', async () => {
  server.use(...fakeTusServer(ENDPOINT).handlers);
  const view = renderWithServices(<AddPhotosButton />, { flags: { PhotoManagementUploadViewEnabled: true } });
  await view.user.click(await screen.findByRole('button', { name: 'Add photos' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload photos' });
  const files = [chosen('harbour.jpg', JPEG), chosen('sketch.png', PNG), chosen('night.heic', HEIC), chosen('cut-off.jpg', JPEG), chosen('notes.jpg', [0x54, 0x68])];
  await view.user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, files);

  const list = await within(dialog).findByRole('list', { name: 'Photos to upload' });
  const row = (name: string) => within(list).getAllByRole('listitem').find((li) => li.textContent?.includes(name))!;
  await waitForCondition(() => expect(list.querySelectorAll('[data-thumbnail="pending"]')).toHaveLength(0));

  for (const name of ['harbour.jpg', 'sketch.png']) {
    const image = row(name).querySelector('img');
    expect(image, name).not.toBeNull();
    expect(image!.getAttribute('src')).toMatch(/^blob:/);
    // Decorative: the file name stands beside it, read once.
    expect(image).toHaveAttribute('alt', '');
  }
  for (const [name, type] of [
    ['night.heic', 'HEIC'],
    ['cut-off.jpg', 'JPG'],
    ['notes.jpg', 'JPG'],
  ] as const) {
    expect(row(name).querySelector('img'), name).toBeNull();
    const placeholder = row(name).querySelector('[data-thumbnail="placeholder"]');
    expect(placeholder, name).toHaveTextContent(type);
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
  }
  expect(within(list).getAllByText('harbour.jpg')).toHaveLength(1);
  expect(created).toHaveLength(2);

  // Uploading changes the rows, not their pictures: nothing is decoded again.
  const beforeUpload = row('harbour.jpg').querySelector('img')!.getAttribute('src');
  const decoded = decodes.length;
  await view.user.click(within(dialog).getByRole('button', { name: 'Upload 4 photos' }));
  await within(dialog).findByText('4 of 4 uploaded · 1 file refused');
  expect(row('harbour.jpg').querySelector('img')!.getAttribute('src')).toBe(beforeUpload);
  expect(decodes).toHaveLength(decoded);

  await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitForCondition(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(revoked.sort()).toEqual([...created].sort());
});
