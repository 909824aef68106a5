/**
 * The landing page's instance (/global/landing; docs/api.md "Client guide and the player's public read"): the screen
 * shows the current (demo) instance, the searchable select finds instances by name, an unpublished one is refused with
 * the server's msg, a published one is saved ('Update success') and /home's LAUNCH PLAYER then opens it; CANCEL goes
 * back. The demo instance is put back afterwards, since other tests launch the landing player.
 */
import { LABEL, MSG } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { brandIdOf, DEMO_BRAND, exactly, signInAs, uid } from './lists.ts';
import { api, apiLogin, DEMO, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });
test.describe.configure({ mode: 'serial' });

const DEMO_INSTANCE = 'Demo Audio Microphones';
const SETTING = '/admin/settings/landing_instance';

interface Setting {
  content: { instance: { _id: string; name: string; brand_name: string } | null };
}

/** An operator's instance of the demo brand, published or not. */
async function createInstance(token: string, name: string, published: boolean) {
  const brand_id = await brandIdOf(DEMO_BRAND);
  const made = await api<{ _id: string }>('POST', '/admin/instances', { token, body: { general: { name, brand_id } } });
  expect(made.code, made.msg).toBe(200);
  if (published) {
    const res = await api('PUT', `/admin/instances/${made.data._id}`, {
      token,
      body: { general: { name, brand_id, is_published: 1 } },
    });
    expect(res.code, res.msg).toBe(200);
  }
  return made.data._id;
}

/**
 * The form's submit button, found in the DOM rather than in the accessibility tree: right after the search
 * dropdown closes, Chromium's tree had no 'SAVE' button for over 10 s while the page showed it (seen on
 * PostgreSQL with the settings specs running beside this one; the cause is not known yet).
 */
const saveButton = (page: Page) => page.locator('.page__card button[type="submit"]');

const instanceSelect = (page: Page) => page.getByLabel('Instance', { exact: true });
const shown = (page: Page) => page.getByTestId('landing-instance').locator('.ant-select-content');

/** Types into the select and picks the option named `name` from the search's answer. */
async function pick(page: Page, name: string) {
  const box = instanceSelect(page);
  await box.click();
  await box.fill(name);
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const option = open.locator('.ant-select-item-option').filter({ hasText: name }).first();
  await expect(option).toBeVisible();
  await expect(async () => {
    if ((await open.count()) > 0) await option.click({ timeout: 2000 });
    await expect(open).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 10_000 });
  await expect(shown(page)).toHaveText(exactly(name));
}

let token = '';
let demoId = '';

test.beforeAll(async () => {
  token = await apiLogin(DEMO.global_admin);
  const current = await api<Setting>('GET', SETTING, { token });
  expect(current.code, current.msg).toBe(200);
  expect(current.data.content.instance?.name).toBe(DEMO_INSTANCE);
  demoId = (current.data.content.instance as { _id: string })._id;
});

test.afterAll(async () => {
  // other tests launch the landing player: the demo instance again
  const res = await api('PUT', SETTING, { token, body: { content: { instance: { _id: demoId } } } });
  expect(res.code, res.msg).toBe(200);
});

test('global admin: picks a published instance, Save, and /home launches it', async ({ page }) => {
  const tag = `E2E Landing ${uid()}`;
  const publishedName = `${tag} Live`;
  const pendingName = `${tag} Draft`;
  const publishedId = await createInstance(token, publishedName, true);
  await createInstance(token, pendingName, false);

  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.getByTestId('nav-global-landing').click();
  await expect(page).toHaveURL(/\/global\/landing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.navLandingPage);
  await expect(shown(page)).toHaveText(DEMO_INSTANCE);
  await expect(page.getByTestId('landing-current')).toHaveText(`Current: ${DEMO_INSTANCE} (${DEMO_BRAND})`);

  // the search answers by name: both of this run, the draft marked Pending
  await instanceSelect(page).click();
  await instanceSelect(page).fill(tag);
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.filter({ hasText: tag })).toHaveCount(2);
  await expect(options.filter({ hasText: pendingName })).toContainText(LABEL.statusPending);
  await page.keyboard.press('Escape');

  // an unpublished instance is refused with the server's msg; the stored choice stays
  await pick(page, pendingName);
  await expect(saveButton(page)).toHaveText(LABEL.save);
  await saveButton(page).click();
  await expect(toast(page, MSG.landingInstanceNotPublished)).toBeVisible();
  expect((await api<Setting>('GET', SETTING, { token })).data.content.instance?._id).toBe(demoId);

  await pick(page, publishedName);
  await saveButton(page).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(page.getByTestId('landing-current')).toHaveText(`Current: ${publishedName} (${DEMO_BRAND})`);
  await page.reload();
  await expect(shown(page)).toHaveText(publishedName);

  // the landing page launches it
  await page.goto('/home');
  const launch = page.getByTestId('launch-player');
  await expect(launch).toBeEnabled();
  await launch.click();
  const player = page.locator('atk-player');
  await expect(player).toHaveAttribute('instance-id', publishedId);
  const dialog = player.getByRole('dialog', { name: publishedName });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: publishedName })).toBeVisible();
});

test('CANCEL goes back to the screen before', async ({ page }) => {
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.getByTestId('nav-global-landing').click();
  await expect(page).toHaveURL(/\/global\/landing$/);
  await page.getByRole('button', { name: LABEL.cancel, exact: true }).click();
  await expect(page).toHaveURL(/\/global\/brands$/);
  await expect(page.getByTestId('brand-list')).toBeVisible();
});
