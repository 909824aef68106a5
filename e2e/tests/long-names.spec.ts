/**
 * A name of 200 characters without a space (a pasted code, a URL-like model name) wraps wherever it is shown: no
 * screen that shows it grows wider than the window, on a desktop (1440 px) or a phone (390 px), and a row's actions
 * stay on screen (docs/accessibility.md "Long names").
 */
import { DEFAULT_SUBSCRIPTION, LABEL } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { fillFilter, row, search, signInAs, uid } from './lists.ts';
import { api, apiLogin, customerOnPlan, DEMO, demoCategoryId, expectNoSideScroll, ok, settled } from './support.ts';

/** 200 characters, no space, unique. */
const longName = (what: string) => {
  const tail = uid();
  return `${what}${'Wide'.repeat(50)}`.slice(0, 200 - tail.length) + tail;
};

const BRAND = longName('Brand');
const PRODUCT = longName('Product');
const PLAYER = longName('Player');
let customer: { email: string; password: string; brandId: string };
let productId = '';
let playerId = '';

test.beforeAll(async () => {
  customer = await customerOnPlan('Long Names', DEFAULT_SUBSCRIPTION, undefined, BRAND);
  const token = await apiLogin(customer.email, customer.password);
  const category_id = await demoCategoryId(token);
  productId = (
    await ok(
      api<{ _id: string }>('POST', '/products', {
        token,
        body: { general: { name: PRODUCT, is_published: 1, category_id } },
      }),
    )
  )._id;
  playerId = (await ok(api<{ _id: string }>('POST', '/instances', { token, body: { general: { name: PLAYER } } })))._id;
  await ok(
    api('PUT', `/instances/${playerId}`, {
      token,
      body: {
        products: [{ product_id: productId, brand_id: customer.brandId, is_active: 1, order: 1 }],
        other_products: [],
      },
    }),
  );
});

/** The page shows `name` whole (wrapped, not cut) and is no wider than the window. */
async function expectWrapped(page: Page, name: string) {
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expectNoSideScroll(page);
}

for (const [device, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`${device} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('the brand console: products, a product, My Players and a player', async ({ page }) => {
      await signInAs(page, customer.email, '/client/products');
      await expect(page.getByTestId('sidebar-title')).toHaveText(BRAND);
      await expectWrapped(page, PRODUCT);

      await page.goto(`/client/products/${productId}/edit`);
      await expect(page.getByRole('heading', { name: LABEL.productEdit })).toBeVisible();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(PRODUCT);
      await expectNoSideScroll(page);

      await page.goto('/client/instances');
      const player = row(page.getByTestId('instance-list'), PLAYER);
      await expect(player).toBeVisible();
      await expectNoSideScroll(page);
      // each of the row's actions is whole on screen
      for (const action of await player.getByRole('button').all()) {
        const box = await action.boundingBox();
        expect(box, 'a row action is shown').not.toBeNull();
        if (box)
          expect(box.x + box.width, `${await action.textContent()} ends on screen`).toBeLessThanOrEqual(viewport.width);
      }

      await page.goto(`/client/instances/${playerId}/edit`);
      await page.getByRole('tab', { name: LABEL.tabProducts, exact: true }).click();
      await expectWrapped(page, PRODUCT);
    });

    test("the operator console: Brands, a brand's Edit and Customers", async ({ page }) => {
      await signInAs(page, DEMO.global_admin, '/global/brands');
      await fillFilter(page, 'Name', BRAND);
      await search(page);
      await expectWrapped(page, BRAND);

      await row(page.getByTestId('brand-list'), BRAND)
        .getByRole('button', { name: `${LABEL.edit} ${BRAND}` })
        .click();
      const dialog = await settled(page.getByRole('dialog', { name: LABEL.editBrand }));
      await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(BRAND);
      await expectNoSideScroll(page);
      await dialog.getByRole('button', { name: LABEL.cancel }).click();

      await page.goto('/global/customers');
      await fillFilter(page, 'Email', customer.email);
      await search(page);
      await expectWrapped(page, BRAND);
    });
  });
}
