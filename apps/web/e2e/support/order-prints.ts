import type { Page } from 'playwright-core';
import { pickVisibleTiles } from './albums';

/** Selects `n` photos in view on the timeline and enters order-prints mode; answers them and its bar. */
export async function startOrderPrints(page: Page, n: number) {
  await page.goto('/my-photos/photos');
  await page.locator('[data-photo-id] img').first().waitFor();
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  const picked = await pickVisibleTiles(page, n);
  for (const id of picked) await page.locator(`[data-photo-id="${id}"]`).click();
  await page.getByRole('region', { name: 'Selected photos' }).getByRole('button', { name: 'Order prints' }).click();
  return { picked, bar: page.getByRole('region', { name: 'Order prints' }) };
}
