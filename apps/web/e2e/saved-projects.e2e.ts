/// <reference types="node" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAsCustomer } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newContext, pageProblems, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { DEMO_LIBRARY_OWNER } from './support/photos';
import type { TestServer } from './support/server';
import { startSignedInSession, type SignedInSession } from './support/session';

/** Emma's demo projects (apps/server/src/seed/demo-projects.ts): more than one page of 10. */
const EMMA_PROJECTS = 13;
const SEED_TIMEOUT_MS = 240_000;

const shot = (page: Page, name: string) => screenshot(page, name, { dir: REVIEW_SHOTS_DIR, fullPage: true });

/** The storage status's count of projects, as the photo library reads it. */
async function projectCount(page: Page, baseUrl: string): Promise<number> {
  return (await getAsCustomer<{ projectCount: number }>(page, `${baseUrl}/api/account-deletion/accounts/getaccountinformation`)).projectCount;
}

/** The demo projects are seeded after the demo photos, in the background on first start. */
async function waitForDemoProjects(page: Page, baseUrl: string): Promise<void> {
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if ((await projectCount(page, baseUrl)) >= EMMA_PROJECTS) return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error(`Emma's demo projects are not there after ${SEED_TIMEOUT_MS / 1000} s`);
}

const list = (page: Page) => page.getByRole('list', { name: 'Your saved projects' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages of saved projects' });

describe('saved projects: paged, one deleted, still gone after a reload', () => {
  let session: SignedInSession;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let emma: Page;

  beforeAll(async () => {
    session = await startSignedInSession(DEMO_LIBRARY_OWNER, { path: '/' });
    ({ server, browser, context, page: emma } = session);
    await waitForDemoProjects(emma, server.baseUrl);
  }, SEED_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it('lists 10 a page with name, product and date, and Continue opens the editor with the project', async () => {
    try {
      await emma.goto('/saved-projects');
      await emma.getByRole('heading', { level: 1, name: 'My saved projects' }).waitFor();
      await list(emma).waitFor();
      expect(await list(emma).getByRole('listitem').count()).toBe(10);
      await emma.getByText(`${EMMA_PROJECTS} saved projects`).waitFor();
      expect(await pager(emma).innerText()).toContain('Page 1 of 2');

      const first = list(emma).getByRole('listitem').first();
      // The product's name comes from the storefront's catalogue, which may answer after the list: until then the
      // row says "Photo product".
      await first.getByText('Photo prints').waitFor();
      expect(await first.innerText()).toMatch(/Photo prints[\s\S]*Last saved \d{1,2} [A-Z][a-z]{2} \d{4}/);
      const title = await first.getByRole('heading').innerText();
      const href = await first.getByRole('link', { name: `Continue ${title}` }).getAttribute('href');
      expect(href).toMatch(/\/prints-editor\?projectId=[0-9a-f-]{36}$/);

      await shot(emma, 'saved-projects-desktop-page-1');
      await expectNoSeriousA11yViolations(emma, 'saved projects, 1280x800');

      await pager(emma).getByRole('link', { name: 'Next page' }).click();
      await emma.waitForURL(/\/saved-projects\?page=2$/);
      await expect.poll(() => list(emma).getByRole('listitem').count()).toBe(EMMA_PROJECTS - 10);
      expect(await pager(emma).innerText()).toContain('Page 2 of 2');
    } catch (error) {
      await shot(emma, 'saved-projects-failure');
      throw new Error(`${String(error)}\n${pageProblems(emma)}`);
    }
  });

  it('deletes one after asking: shown as deleting, then gone, and still gone after a reload; the storage status counts one fewer', async () => {
    await emma.goto('/saved-projects?page=2');
    await expect.poll(() => list(emma).getByRole('listitem').count()).toBe(EMMA_PROJECTS - 10);
    const victim = list(emma).getByRole('listitem').first();
    const title = await victim.getByRole('heading').innerText();

    await victim.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = emma.getByRole('alertdialog', { name: 'Delete this project?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`“${title}” will be deleted.`);
    await shot(emma, 'saved-projects-confirm-delete');
    await expectNoSeriousA11yViolations(emma, 'saved projects delete confirmation, 1280x800');

    // The call is held a moment so the item's in-progress state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await emma.route('**/api/projects/api/v2/project/*', async (route) => {
      if (route.request().method() === 'DELETE') await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Delete project' }).click();
    const deleting = list(emma).getByRole('listitem', { name: title });
    await deleting.getByText('Deleting…').waitFor();
    expect(await deleting.getAttribute('aria-busy')).toBe('true');
    await shot(emma, 'saved-projects-deleting');
    release();

    await list(emma).getByRole('listitem', { name: title }).waitFor({ state: 'detached' });
    await emma.getByText(`${EMMA_PROJECTS - 1} saved projects`).waitFor();
    expect(await list(emma).getByRole('listitem').count()).toBe(EMMA_PROJECTS - 11);
    await emma.unroute('**/api/projects/api/v2/project/*');

    await emma.reload();
    await emma.getByText(`${EMMA_PROJECTS - 1} saved projects`).waitFor();
    await expect.poll(() => list(emma).getByRole('listitem').count()).toBe(EMMA_PROJECTS - 11);
    expect(await list(emma).getByRole('listitem', { name: title }).count()).toBe(0);
    await emma.goto('/saved-projects');
    await list(emma).waitFor();
    expect(await list(emma).getByRole('listitem', { name: title }).count()).toBe(0);
    expect(await projectCount(emma, server.baseUrl)).toBe(EMMA_PROJECTS - 1);
  });

  it('Continue opens the project in the prints editor; saved there, it comes first here, saved today', async () => {
    await emma.goto('/saved-projects');
    const second = list(emma).getByRole('listitem').nth(1);
    const title = await second.getByRole('heading').innerText();
    await second.getByRole('link', { name: `Continue ${title}` }).click();
    try {
      await emma.waitForURL(/\/prints-editor\?projectId=[0-9a-f-]{36}$/);
      await emma.getByRole('button', { name: 'Save project' }).click();
      await emma.getByRole('status').filter({ hasText: 'Project saved' }).waitFor();
      await shot(emma, 'saved-projects-continued-in-editor');
    } catch (error) {
      await shot(emma, 'saved-projects-editor-failure');
      throw new Error(`${String(error)}\n${pageProblems(emma)}`);
    }
    await emma.goto('/saved-projects');
    const first = list(emma).getByRole('listitem').first();
    await expect.poll(() => first.getByRole('heading').innerText()).toBe(title);
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date());
    expect(await first.innerText()).toContain(`Last saved ${today}`);
  });

  it('reads on a phone (390x844) without serious accessibility findings', async () => {
    const phone = await newContext(browser, server.baseUrl, { viewport: PHONE, storageState: await context.storageState() });
    const page = await phone.newPage();
    try {
      await page.goto('/saved-projects');
      await list(page).waitFor();
      await expect.poll(() => list(page).getByRole('listitem').count()).toBe(10);
      await shot(page, 'saved-projects-phone');
      await expectNoSeriousA11yViolations(page, 'saved projects, 390x844');
    } finally {
      await phone.close();
    }
  });
});
