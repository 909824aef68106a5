/**
 * The operators' brands list (docs/api.md "Operators"): the columns, the name and status filters with
 * Search and Reset, New Brand, Edit, Delete behind its confirmation, and Manage entering the brand-scoped sidebar
 * in /global and in /super.
 */
import { LABEL, MSG } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  choose,
  confirmRowAction,
  DEMO_BRAND,
  fill,
  headers,
  reset,
  row,
  rows,
  search,
  selectShown,
  signInAs,
  uid,
} from './lists.ts';
import { api, apiLogin, DEMO, settled, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });

const COLUMNS = ['Index', 'Name', LABEL.status, 'Created at', 'Last updated', 'Operate'];
const table = (page: Page) => page.getByTestId('brand-list');

async function createBrand(name: string, is_published: 0 | 1) {
  const token = await apiLogin(DEMO.global_admin);
  const res = await api<{ _id: string }>('POST', '/admin/brands', { token, body: { name, is_published } });
  expect(res.code, res.msg).toBe(200);
  return res.data._id;
}

/** Manage of the demo brand opens its products with the brand-scoped sidebar; the back action returns. */
async function expectManage(page: Page, area: 'global' | 'super', back: string, groups: [string, string]) {
  await fill(page, 'Name', DEMO_BRAND);
  await search(page);
  await expect(rows(table(page))).toHaveCount(1);
  await page.getByRole('button', { name: `${LABEL.manage} ${DEMO_BRAND}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${area}/brands/[0-9a-f-]{36}/products$`));
  const id = new URL(page.url()).pathname.split('/')[3];

  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(page.getByTestId('sidebar-back')).toHaveText(back);
  await expect(page.getByTestId('sidebar-back')).toHaveAttribute('href', `/${area}/brands`);
  await expect(page.getByTestId('sidebar-title')).toHaveText(DEMO_BRAND);
  await expect(sidebar.locator('.ant-menu-item-group-title')).toHaveText(groups);
  await expect(sidebar.locator('.ant-menu').getByRole('link')).toHaveText([LABEL.navProducts, LABEL.navMyPlayers]);
  await expect(page.getByTestId(`nav-${area}-brands-${id}-products`)).toHaveAttribute(
    'href',
    `/${area}/brands/${id}/products`,
  );
  await expect(page.getByTestId(`nav-${area}-brands-${id}-instances`)).toHaveAttribute(
    'href',
    `/${area}/brands/${id}/instances`,
  );
  // the brand's products list is on screen
  await expect(page.getByTestId('product-list')).toBeVisible();

  await page.getByTestId('sidebar-back').click();
  await expect(page).toHaveURL(new RegExp(`/${area}/brands$`));
  await expect(page.getByTestId('sidebar-back')).toHaveCount(0);
  await expect(table(page)).toBeVisible();
}

test('global admin: the brands list, filters, New Brand, Edit, Delete and Manage', async ({ page }) => {
  const tag = `E2E Brand ${uid()}`;
  await createBrand(`${tag} Active`, 1);
  await createBrand(`${tag} Pending`, 0);

  await signInAs(page, DEMO.global_admin, '/global/brands');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.brands);
  await expect(headers(table(page))).toHaveText(COLUMNS);
  await fill(page, 'Name', DEMO_BRAND);
  await search(page);
  const demo = row(table(page), DEMO_BRAND);
  await expect(demo).toHaveCount(1);
  await expect(demo.locator('td').first()).toHaveText('1');
  await expect(demo.locator('td').nth(2)).toHaveText(LABEL.statusActive);
  await expect(demo.locator('td').nth(3)).toHaveText(/^\d{1,2} \w{3} \d{4} \d{2}:\d{2}$/);

  // name filter: both brands of this run; then status Active, Pending and All
  await fill(page, 'Name', tag);
  await search(page);
  await expect(rows(table(page))).toHaveCount(2);
  await expect(row(table(page), `${tag} Active`)).toHaveCount(1);
  await expect(row(table(page), `${tag} Pending`)).toHaveCount(1);
  await choose(page, page, LABEL.status, LABEL.statusActive);
  await search(page);
  await expect(rows(table(page)).locator('td:nth-child(2)')).toHaveText([`${tag} Active`]);
  await expect(rows(table(page)).locator('td:nth-child(3)')).toHaveText([LABEL.statusActive]);
  await choose(page, page, LABEL.status, LABEL.statusPending);
  await search(page);
  await expect(rows(table(page)).locator('td:nth-child(2)')).toHaveText([`${tag} Pending`]);
  await expect(rows(table(page)).locator('td:nth-child(3)')).toHaveText([LABEL.statusPending]);
  await choose(page, page, LABEL.status, 'All');
  await search(page);
  await expect(rows(table(page))).toHaveCount(2);

  // Reset: empty filters, the whole list (the demo brand among it)
  await reset(page);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(selectShown(page, LABEL.status)).toHaveText('');
  await expect(rows(table(page)).first()).toBeVisible();
  expect(await rows(table(page)).count()).toBeGreaterThan(2);

  // New Brand
  const name = `${tag} New`;
  await page.getByRole('button', { name: LABEL.newBrand }).click();
  let dialog = await settled(page.getByRole('dialog', { name: LABEL.newBrand }));
  await expect(selectShown(dialog, LABEL.status)).toHaveText(LABEL.statusPending);
  await fill(dialog, 'Name', name);
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createBrandSuccess)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await fill(page, 'Name', tag);
  await search(page);
  await expect(row(table(page), name)).toHaveCount(1);
  await expect(row(table(page), name).locator('td').nth(2)).toHaveText(LABEL.statusPending);

  // Edit: the dialog holds the brand; a new name and Active
  await page.getByRole('button', { name: `${LABEL.edit} ${name}`, exact: true }).click();
  dialog = await settled(page.getByRole('dialog', { name: LABEL.editBrand }));
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
  const renamed = `${tag} Renamed`;
  await fill(dialog, 'Name', renamed);
  await choose(page, dialog, LABEL.status, LABEL.statusActive);
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.updateBrandSuccess)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(table(page), renamed).locator('td').nth(2)).toHaveText(LABEL.statusActive);
  await expect(row(table(page), name)).toHaveCount(0);

  // Delete behind 'Confirm to delete this record?'
  await confirmRowAction(page, LABEL.delete, renamed);
  await expect(toast(page, MSG.deleteSuccess)).toBeVisible();
  await expect(row(table(page), renamed)).toHaveCount(0);
  await expect(rows(table(page))).toHaveCount(2);

  await expectManage(page, 'global', 'Global Admin', [LABEL.globalGroupContent, LABEL.globalGroupIntegration]);
});

test('super admin: the brands list and Manage with the Super Admin back action', async ({ page }) => {
  await signInAs(page, DEMO.super_admin, '/super/brands');
  await expect(headers(table(page))).toHaveText(COLUMNS);
  await expectManage(page, 'super', LABEL.superAdmin, [LABEL.groupContent, LABEL.groupIntegration]);
});
