/// <reference types="node" />
import { SERVICE_BASE_PATHS, type CustomerAddressList } from '@shoebox/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerHeaders, getAsCustomer } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, newContext, pageProblems, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { startSignedInSession, type SignedInSession } from './support/session';

const CONSUMER = 'sofia@example.com';
const BUSINESS = 'nora@example.com';
const GERMAN_CHANNEL = 'www.printhaven.de';

const list = (page: Page) => page.getByRole('list', { name: 'Your addresses' });
const form = (page: Page) => page.getByRole('form');
const field = (page: Page, name: string) => form(page).getByRole('textbox', { name, exact: true });

/** The screen at both sizes the spec checks: axe finds nothing serious, and a screenshot of each is kept for review. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, `${name}, 1280x800`);
  await screenshot(page, `addresses-${name}-desktop`, { dir: REVIEW_SHOTS_DIR, fullPage: true });
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page, `${name}, 390x844`);
  await screenshot(page, `addresses-${name}-phone`, { dir: REVIEW_SHOTS_DIR, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

async function addressBook(page: Page, baseUrl: string): Promise<CustomerAddressList['items']> {
  return (await getAsCustomer<CustomerAddressList>(page, `${baseUrl}${SERVICE_BASE_PATHS.customers}/customers/me/addresses`)).items;
}

/** An address saved straight through the API, so the one added on screen is not the first (the first is always the default). */
async function ensureAnotherAddress(page: Page, baseUrl: string): Promise<void> {
  if ((await addressBook(page, baseUrl)).length > 0) return;
  const response = await page.request.post(`${baseUrl}${SERVICE_BASE_PATHS.customers}/customers/me/addresses`, {
    headers: await bearerHeaders(page.context()),
    data: { firstName: 'Sofia', lastName: 'Moreau', street: 'Baker Street', houseNumber: '221', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: null },
  });
  expect(response.status()).toBe(201);
}

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
}

const HOME = { 'First name': 'Sofia', 'Last name': 'Moreau', 'Street name': 'Abbey Road', 'Street number': '3', 'Postal code': 'NW8 9AY', 'Town or city': 'London', 'Phone number (optional)': '' };
const ADDED = 'Sofia Moreau, Abbey Road 3, NW8 9AY London';
const CHANGED = 'Sofia Moreau, Abbey Road 5, NW8 9AY London';

describe('the address book: add with each message, change, make default, delete, each step read again cold', () => {
  let session: SignedInSession;
  let page: Page;
  let baseUrl: string;

  beforeAll(async () => {
    session = await startSignedInSession(CONSUMER, { path: '/' });
    ({ page } = session);
    baseUrl = session.server.baseUrl;
    await ensureAnotherAddress(page, baseUrl);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  const fail = async (name: string, error: unknown) => {
    await screenshot(page, `addresses-${name}-failure`, { dir: REVIEW_SHOTS_DIR, fullPage: true });
    throw new Error(`${String(error)}\n${pageProblems(page)}`);
  };

  it('lists the addresses, the default one marked, opened cold', async () => {
    try {
      await page.goto('/settings/addresses/all');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Delivery addresses' }).waitFor();
      await list(page).waitFor();
      const book = await addressBook(page, baseUrl);
      expect(await list(page).getByRole('listitem').count()).toBe(book.length);
      expect(await list(page).getByRole('listitem').first().innerText()).toContain('Default address');
      await checkScreen(page, 'list');
    } catch (error) {
      await fail('list', error);
    }
  });

  it('adds an address: each of the four messages first, then saved and still there after a reload', async () => {
    try {
      await page.getByRole('link', { name: 'Add an address' }).click();
      await page.waitForURL(/\/settings\/new-address$/);
      await page.reload();
      await form(page).getByRole('heading', { name: 'Add an address' }).waitFor();
      await checkScreen(page, 'add-empty');

      await fill(page, { ...HOME, 'Street name': '<b>', 'Street number': 'abc', 'Postal code': '12', 'Phone number (optional)': 'call me' });
      await form(page).getByRole('button', { name: 'Save address' }).click();
      for (const message of ['Street name must be valid', 'Street number must be valid', 'Postal Code must be valid', 'Phone number must be valid']) {
        await form(page).getByText(message, { exact: true }).waitFor();
      }
      await checkScreen(page, 'add-messages');

      await fill(page, HOME);
      await form(page).getByRole('button', { name: 'Save address' }).click();
      await page.waitForURL(/\/settings\/addresses\/all$/);
      await page.getByRole('status').filter({ hasText: 'Your address has been saved.' }).waitFor();
      await list(page).getByRole('listitem', { name: ADDED }).waitFor();
      await page.reload();
      await list(page).getByRole('listitem', { name: ADDED }).waitFor();
      expect(await list(page).getByRole('listitem', { name: ADDED }).innerText()).not.toContain('Default address');
    } catch (error) {
      await fail('add', error);
    }
  });

  it('changes it on its own screen, opened cold, and the list shows the change after a reload', async () => {
    try {
      const row = list(page).getByRole('listitem', { name: ADDED });
      await row.getByRole('link', { name: `Change ${ADDED}` }).click();
      await page.waitForURL(/\/settings\/address\/[^/]+$/);
      await page.reload();
      await form(page).getByRole('heading', { name: 'Change address' }).waitFor();
      expect(await field(page, 'Street name').inputValue()).toBe('Abbey Road');
      await checkScreen(page, 'change');
      await fill(page, { 'Street number': '5' });
      await form(page).getByRole('button', { name: 'Save address' }).click();
      await page.waitForURL(/\/settings\/addresses\/all$/);
      await page.reload();
      await list(page).getByRole('listitem', { name: CHANGED }).waitFor();
      expect(await list(page).getByRole('listitem', { name: ADDED }).count()).toBe(0);
    } catch (error) {
      await fail('change', error);
    }
  });

  it('makes it the default: marked and first, still after a reload', async () => {
    try {
      await list(page).getByRole('listitem', { name: CHANGED }).getByRole('button', { name: `Make ${CHANGED} the default address` }).click();
      await expect.poll(() => list(page).getByRole('listitem').first().getAttribute('aria-label')).toBe(CHANGED);
      await page.reload();
      await list(page).waitFor();
      expect(await list(page).getByRole('listitem').first().getAttribute('aria-label')).toBe(CHANGED);
      expect(await list(page).getByRole('listitem', { name: CHANGED }).innerText()).toContain('Default address');
      expect((await addressBook(page, baseUrl)).find((a) => a.isDefault)?.houseNumber).toBe('5');
    } catch (error) {
      await fail('make-default', error);
    }
  });

  it('deletes it after asking: gone, and still gone after a reload; another address is the default', async () => {
    try {
      await list(page).getByRole('listitem', { name: CHANGED }).getByRole('button', { name: `Delete ${CHANGED}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete this address?' });
      await dialog.waitFor();
      await checkScreen(page, 'delete-confirmation');
      await dialog.getByRole('button', { name: 'Delete address' }).click();
      await list(page).getByRole('listitem', { name: CHANGED }).waitFor({ state: 'detached' });
      await page.reload();
      await list(page).waitFor();
      expect(await list(page).getByRole('listitem', { name: CHANGED }).count()).toBe(0);
      expect(await list(page).getByRole('listitem').first().innerText()).toContain('Default address');
      const book = await addressBook(page, baseUrl);
      expect(book.some((a) => a.street === 'Abbey Road')).toBe(false);
      expect(book.filter((a) => a.isDefault)).toHaveLength(1);
    } catch (error) {
      await fail('delete', error);
    }
  });

  it('an address that is not the customer’s, opened cold, is said not to be found', async () => {
    try {
      await page.goto('/settings/address/not-an-address-of-mine');
      await page.getByRole('heading', { level: 2, name: 'This address could not be found' }).waitFor();
      expect(await form(page).count()).toBe(0);
      await checkScreen(page, 'not-found');
    } catch (error) {
      await fail('not-found', error);
    }
  });

  it('reads in German on the German site, the messages too', async () => {
    let context: BrowserContext | undefined;
    try {
      context = await newContext(session.browser, baseUrl, { storageState: await session.context.storageState() });
      const german = await context.newPage();
      await german.goto(`/settings/addresses/all?channel=${GERMAN_CHANNEL}`);
      await german.reload();
      await german.getByRole('heading', { level: 1, name: 'Lieferadressen' }).waitFor();
      await german.getByRole('list', { name: 'Ihre Adressen' }).waitFor();
      await checkScreen(german, 'list-german');
      await german.getByRole('link', { name: 'Adresse hinzufügen' }).click();
      await german.waitForURL(/\/settings\/new-address/);
      await german.reload();
      await form(german).getByRole('heading', { name: 'Adresse hinzufügen' }).waitFor();
      await form(german).getByRole('textbox', { name: 'Straße', exact: true }).fill('<b>');
      await form(german).getByRole('textbox', { name: 'Hausnummer', exact: true }).fill('abc');
      await form(german).getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('12');
      await form(german).getByRole('textbox', { name: 'Telefonnummer (optional)', exact: true }).fill('ruf an');
      await form(german).getByRole('button', { name: 'Adresse speichern' }).click();
      for (const message of ['Der Straßenname muss gültig sein', 'Die Hausnummer muss gültig sein', 'Die Postleitzahl muss gültig sein', 'Die Telefonnummer muss gültig sein']) {
        await form(german).getByText(message, { exact: true }).waitFor();
      }
      await form(german).getByRole('checkbox', { name: 'Diese Adresse als meine Standardadresse verwenden' }).waitFor();
      await checkScreen(german, 'add-german');
    } catch (error) {
      await fail('german', error);
    } finally {
      await context?.close();
    }
  });
});

describe('a business customer’s address screens', () => {
  let session: SignedInSession;
  let page: Page;

  beforeAll(async () => {
    session = await startSignedInSession(BUSINESS, { path: '/' });
    ({ page } = session);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it('adds on /settings/b2b/new-address and changes on /settings/b2b/address/{id}, each opened cold', async () => {
    try {
      await page.goto('/settings/addresses/all');
      await page.getByRole('heading', { level: 1, name: 'Delivery addresses' }).waitFor();
      await page.getByRole('link', { name: 'Add an address' }).click();
      await page.waitForURL(/\/settings\/b2b\/new-address$/);
      await page.reload();
      await form(page).getByRole('heading', { name: 'Add an address' }).waitFor();
      await checkScreen(page, 'business-add');
      await fill(page, { ...HOME, 'First name': 'Nora', 'Last name': 'Bakker' });
      await form(page).getByRole('button', { name: 'Save address' }).click();
      await page.waitForURL(/\/settings\/addresses\/all$/);
      const name = 'Nora Bakker, Abbey Road 3, NW8 9AY London';
      const row = list(page).getByRole('listitem', { name });
      await row.waitFor();
      await row.getByRole('link', { name: `Change ${name}` }).click();
      await page.waitForURL(/\/settings\/b2b\/address\/[^/]+$/);
      await page.reload();
      await form(page).getByRole('heading', { name: 'Change address' }).waitFor();
      expect(await field(page, 'First name').inputValue()).toBe('Nora');
      await checkScreen(page, 'business-change');
      await page.getByRole('link', { name: 'Back to your addresses' }).click();
      await page.waitForURL(/\/settings\/addresses\/all$/);
    } catch (error) {
      await screenshot(page, 'addresses-business-failure', { dir: REVIEW_SHOTS_DIR, fullPage: true });
      throw new Error(`${String(error)}\n${pageProblems(page)}`);
    }
  });
});
