import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { serveAlbums } from '../../../../test/albums';
import { photosTakenIn } from '../../../../test/photo-library';
import { renderApp } from '../../../../test/render-app';

// Nothing loads the upload texts before this file's first test: the album page is opened as after a reload.
describe("an album's Add photos menu, on an album opened directly", () => {
  test('Upload photos opens the upload modal in words, not keys', async () => {
    serveAlbums({ photos: photosTakenIn(2024, 6, 2), albums: [{ id: 'a-1', name: 'Holiday', photoIds: ['p202406-1', 'p202406-2'] }] });
    const { user } = renderApp('/my-photos/albums/a-1', { flags: { PhotoManagementUploadViewEnabled: true } });

    await user.click(await screen.findByRole('button', { name: 'Add photos' }));
    // The item holds its place, disabled, until the upload control and its texts are there.
    const upload = () => screen.getByRole('button', { name: 'Upload photos' });
    await waitFor(() => expect(upload()).toBeEnabled());
    await user.click(upload());

    const dialog = await screen.findByRole('dialog');
    const texts = within(dialog);
    expect(await texts.findByText('Drag and drop your photos here')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleName('Upload photos');
    expect(texts.getByRole('button', { name: 'Choose photos' })).toBeInTheDocument();
    for (const key of ['title', 'dropHere', 'dropOr', 'chooseFiles', 'close']) expect(texts.queryByText(key)).not.toBeInTheDocument();
  });
});
