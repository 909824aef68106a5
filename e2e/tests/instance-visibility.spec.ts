/**
 * Products visitors will not see say so. A customer's instance holds only a new product, which is Pending: its
 * Products tab marks it (with a link to publish it), Preview lists it before opening the player, and Publish (the
 * list's, and Status Active on the General tab) warns that visitors would see no product. Following the link and setting the product's Status to Active takes the
 * marks away, and Publish goes through without a warning.
 */
import { DEFAULT_SUBSCRIPTION, LABEL, MSG, PLAYER_TEXT } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { choose, fillFilter, row, search, signInAs, uid } from './lists.ts';
import { api, apiLogin, customerOnPlan, demoCategoryId, ok, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });
test.setTimeout(120_000);

const openInstanceList = async (page: Page, name: string) => {
  await page.getByTestId('nav-client-instances').click();
  await fillFilter(page, 'Name', name);
  await search(page);
  return row(page.getByTestId('instance-list'), name);
};

test('a pending product is marked on the Products tab and in Preview, and Publish warns of an empty player', async ({
  page,
}) => {
  const customer = await customerOnPlan('Visibility', DEFAULT_SUBSCRIPTION);
  const token = await apiLogin(customer.email, customer.password);
  const category_id = await demoCategoryId(token);
  const product = `E2E Pending mic ${uid()}`;
  const name = `E2E Visibility ${uid()}`;
  // The scene, through the calls the console makes: a new (Pending) product, an instance listing it Active.
  const made = await ok(
    api<{ _id: string }>('POST', '/products', {
      token,
      body: { general: { name: product, is_published: 0, category_id } },
    }),
  );
  const instance = await ok(api<{ _id: string }>('POST', '/instances', { token, body: { general: { name } } }));
  await ok(
    api('PUT', `/instances/${instance._id}`, {
      token,
      body: {
        products: [{ product_id: made._id, brand_id: customer.brandId, is_active: 1, order: null }],
        other_products: [],
      },
    }),
  );

  await signInAs(page, customer.email, '/client/products');
  let line = await openInstanceList(page, name);

  // ── Preview says which products visitors will not see, then opens the player on request ──
  await line.getByRole('button', { name: `${LABEL.preview} ${name}` }).click();
  const note = page.getByRole('dialog', { name: `${LABEL.preview} ${name}` });
  const hidden = note.getByTestId('preview-hidden-products');
  await expect(hidden.locator('p')).toHaveText([MSG.previewNoProduct, MSG.previewHiddenProducts]);
  await expect(hidden.getByRole('listitem')).toHaveText(
    `${product} ${MSG.productHiddenPending}${LABEL.publishProduct}`,
  );
  await expect(hidden.getByRole('link', { name: `${LABEL.publishProduct} ${product}` })).toHaveAttribute(
    'href',
    `/client/products/${made._id}/edit`,
  );
  await expectAccessible(page, 'Preview: products visitors will not see');
  await note.getByRole('button', { name: LABEL.previewAnyway }).click();
  await expect(note).toBeHidden();
  const panel = page.locator('atk-player').getByRole('dialog', { name });
  await expect(panel.getByRole('note')).toHaveText(PLAYER_TEXT.preview);
  await expect(panel.getByText(PLAYER_TEXT.noProducts)).toBeVisible();
  await panel.getByRole('button', { name: PLAYER_TEXT.close }).click();
  await expect(panel).toBeHidden();

  // ── Publish warns that visitors would see no product; Cancel leaves it Pending ──
  await line.getByRole('button', { name: `${LABEL.publish} ${name}` }).click();
  const warning = page.getByRole('dialog').filter({ hasText: MSG.publishNoProductConfirm });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: LABEL.cancel }).click();
  await expect(warning).toBeHidden();
  await expect(line.locator('td').nth(2)).toHaveText(LABEL.statusPending);

  // ── so does Status Active on the General tab; Cancel saves nothing ──
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  const general = page.getByTestId('tab-general');
  await choose(page, general, LABEL.status, LABEL.statusActive);
  await general.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: LABEL.cancel }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByTestId('dirty-general')).toBeVisible();
  await choose(page, general, LABEL.status, LABEL.statusPending);

  // ── the Products tab marks the product and links to its edit page, where its Status publishes it ──
  await page.getByRole('tab', { name: LABEL.tabProducts, exact: true }).click();
  const tab = page.getByTestId('tab-products');
  const mine = row(tab.getByTestId('my-products'), product);
  await expect(mine.locator('td').first()).toHaveText(`${product}${MSG.productHiddenPending}${LABEL.publishProduct}`);
  await expectAccessible(page, 'Instance Products tab with a pending product');
  await mine.getByRole('link', { name: `${LABEL.publishProduct} ${product}` }).click();
  await expect(page).toHaveURL(new RegExp(`/client/products/${made._id}/edit$`));
  const productGeneral = page.getByTestId('tab-general');
  await expect(productGeneral.getByLabel('Name', { exact: true })).toHaveValue(product);
  await choose(page, productGeneral, 'Status', LABEL.statusActive);
  await productGeneral.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();

  // ── the mark is gone, and Publish goes through at once ──
  await page.goto(`/client/instances/${instance._id}/edit`);
  await page.getByRole('tab', { name: LABEL.tabProducts, exact: true }).click();
  await expect(row(page.getByTestId('my-products'), product).locator('td').first()).toHaveText(product);
  line = await openInstanceList(page, name);
  await line.getByRole('button', { name: `${LABEL.publish} ${name}` }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(page.getByText(MSG.publishNoProductConfirm)).toHaveCount(0);
  await expect(line.locator('td').nth(2)).toHaveText(LABEL.statusActive);
});
