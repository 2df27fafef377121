/// <reference types="node" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BUCKET, useS3Server } from '../../server/src/test/s3-server';
import { signIn } from './support/auth';
import { launchBrowser, newContext, screenshot, watchCspViolations } from './support/browser';
import { startServer, type TestServer } from './support/server';

const PHOTOS = '/my-photos/photos';
// Sofia's storage status is critical: its modal would open over the upload modal.
const FLAGS = JSON.stringify({ PhotoManagementStorageWarningEnabled: [] });

/** The whole round trip with the bytes in an S3-compatible bucket on another origin, as on many machines. */
describe('photos in an S3-compatible bucket (sofia)', () => {
  const s3 = useS3Server();
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let violations: string[];
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-s3-e2e-'));
    [server, browser] = await Promise.all([startServer({ ...s3().env, FEATURE_FLAGS: FLAGS }), launchBrowser()]);
    page = await (await newContext(browser, server.baseUrl)).newPage();
    violations = await watchCspViolations(page);
    await signIn(page, 'sofia@example.com', { path: PHOTOS });
    const consent = page.getByRole('region', { name: 'Cookies' });
    if (await consent.count()) await consent.getByRole('button', { name: 'Save choices' }).click();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a photo, shows its thumbnail and preview from the bucket, and downloads the original byte for byte, with no CSP violation', async () => {
    const file = path.join(dir, 'lighthouse.jpg');
    fs.writeFileSync(file, await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer());

    await page.getByRole('button', { name: 'Add photos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload photos' });
    await dialog.locator('input[type=file]').setInputFiles([file]);
    await dialog.getByRole('button', { name: 'Upload 1 photo' }).click();
    await dialog.getByText('1 of 1 uploaded', { exact: true }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Add to my photos' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The thumbnail comes from the bucket, and it really loaded.
    const thumbnail = page.locator('[data-photo-id] img').first();
    await thumbnail.waitFor();
    const bucket = `${s3().config.endpoint}/${TEST_BUCKET}/`;
    expect((await thumbnail.getAttribute('src'))?.startsWith(bucket)).toBe(true);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    await page.locator('[data-photo-id]').first().click();
    const preview = page.getByRole('dialog', { name: 'lighthouse.jpg' });
    const large = preview.getByRole('img', { name: 'lighthouse.jpg' });
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 's3-preview');

    const [download] = await Promise.all([page.waitForEvent('download'), preview.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('lighthouse.jpg');
    expect(fs.readFileSync((await download.path())!).equals(fs.readFileSync(file))).toBe(true);
    expect(violations).toEqual([]);
  });
});
