/**
 * A server refusal lands on the field a person typed into (docs/api.md "Refused fields"): the field
 * turns red with the reason under it in the screen's words, a tab holding it is marked '!', and the errored screen
 * passes axe (the error red is the theme's #cf1322, readable on white). One test per kind of form: a single-record
 * edit page, a tab of a tabbed edit page, a dialog.
 */
import { LABEL, MSG } from '@atk/contract';
import { expect, type Locator, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { fieldError, signInAs, toasts, uid } from './lists.ts';
import { api, apiLogin, DEMO, demoCategoryId, ok, settled, signIn } from './support.ts';

test.use({ actionTimeout: 10_000 });

/** The error shows in the theme's red (antd's own #ff4d4f reads at 3.9:1 on white). */
async function expectThemeRed(error: Locator) {
  await expect(error).toHaveCSS('color', 'rgb(207, 19, 34)');
}

test('catalogue edit page: a name of spaces only is refused by the server under the Name field', async ({ page }) => {
  const admin = await apiLogin(DEMO.global_admin);
  const name = `E2E Field errors ${uid()}`;
  const category = await ok(
    api<{ _id: string }>('POST', '/admin/categories', { token: admin, body: { name, is_published: 1 } }),
  );
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.goto(`/global/categories/${category._id}/edit`);
  const edit = page.getByTestId('category-edit');
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(name);

  await edit.getByLabel('Name', { exact: true }).fill('   ');
  await edit.getByRole('button', { name: LABEL.saveChanges }).click();
  const error = fieldError(edit, 'Name');
  await expect(error).toHaveText('Name is required');
  await expect(edit.locator('.ant-form-item-has-error')).toHaveCount(1);
  await expectThemeRed(error);
  // every refused field is on screen: no toast repeats it
  await page.waitForTimeout(300);
  expect(await toasts(page)).toEqual([]);
  await expectAccessible(page, 'Category edit, name refused by the server');

  // nothing was saved, and a corrected name clears the mark
  const stored = await ok(api<{ name: string }>('GET', `/admin/categories/${category._id}`, { token: admin }));
  expect(stored.name).toBe(name);
  await edit.getByLabel('Name', { exact: true }).fill(`${name} Fixed`);
  await edit.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(error).toHaveCount(0);
});

test('instance tab: a website that is not http(s) is refused by the server under its field; the tab is marked', async ({
  page,
}) => {
  const customer = await apiLogin(DEMO.customer);
  const made = await ok(
    api<{ _id: string }>('POST', '/instances', { token: customer, body: { general: { name: `E2E Fields ${uid()}` } } }),
  );
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.goto(`/client/instances/${made._id}/edit`);
  const general = page.getByTestId('tab-general');
  await expect(general).toBeVisible();

  // antd's url check lets any scheme through; the server wants http(s)
  await general.getByLabel(LABEL.website, { exact: true }).fill('ftp://files.example.com');
  await general.getByRole('button', { name: LABEL.saveChanges }).click();
  const error = fieldError(general, LABEL.website);
  await expect(error).toHaveText(`${LABEL.website} must start with http:// or https://`);
  await expect(page.getByTestId('invalid-general')).toBeVisible();
  await expectThemeRed(error);
  await page.waitForTimeout(300);
  expect(await toasts(page)).toEqual([]);
  await expectAccessible(page, 'Instance edit, General refused by the server');

  const stored = await ok(
    api<{ general: { website: string | null } }>('GET', `/instances/${made._id}`, { token: customer }),
  );
  expect(stored.general.website ?? null).toBeNull();

  // a save that goes through takes the field's error and the tab's mark away
  await general.getByLabel(LABEL.website, { exact: true }).fill('https://files.example.com');
  await general.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('invalid-general')).toHaveCount(0);
});

test('brand dialog: a name of spaces only is refused by the server under the Name field', async ({ page }) => {
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.getByRole('button', { name: LABEL.newBrand }).click();
  const dialog = await settled(page.getByRole('dialog', { name: LABEL.newBrand }));
  await dialog.getByLabel('Name', { exact: true }).fill('   ');
  await dialog.getByRole('button', { name: LABEL.save }).click();
  const error = fieldError(dialog, 'Name');
  await expect(error).toHaveText('Name is required');
  await expectThemeRed(error);
  // the dialog stays open with what was typed
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(300);
  expect(await toasts(page)).toEqual([]);
  await expectAccessible(page, 'New Brand, name refused by the server');
});

test('upload: a file the server refuses shows its reason, and no Upload success beside it', async ({ page }) => {
  const customer = await apiLogin(DEMO.customer);
  const product = await ok(
    api<{ _id: string }>('POST', '/products', {
      token: customer,
      body: {
        general: { name: `E2E Upload refused ${uid()}`, is_published: 0, category_id: await demoCategoryId(customer) },
      },
    }),
  );
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.goto(`/client/products/${product._id}/edit`);
  await page.getByRole('tab', { name: LABEL.tabFrequencyGraph, exact: true }).click();
  const tab = page.getByTestId('tab-frequency-graph');
  await expect(tab).toBeVisible();
  // a drawing the console takes (an .svg) that the server refuses by its content (a script)
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
  await tab
    .getByLabel('Frequency graph file', { exact: true })
    .setInputFiles({ name: 'graph.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  const refusal = 'The SVG file contains scripts or embedded content, which are not allowed';
  await expect(page.locator('.ant-message-notice').filter({ hasText: refusal })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await toasts(page)).not.toContain(MSG.uploadSuccess);
  const stored = await ok(api<{ frequency_graph: unknown }>('GET', `/products/${product._id}`, { token: customer }));
  expect(stored.frequency_graph ?? null).toBeNull();
  await expectAccessible(page, 'Frequency graph, upload refused by the server');
});
