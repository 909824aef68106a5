/**
 * The product list screens (the client's Product list, the operators' lists; tenant isolation: docs/api.md
 * "Brand content"):
 * 20 rows a page, the Name and Status filters kept in localStorage, Reset, the New Product dialog, an
 * operator's view of one brand with its status column and admin calls, and another brand's product refused.
 */
import { API_BASE, LABEL, MSG, PAGE_SIZE } from '@atk/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { uid } from './lists.ts';
import { api, apiLogin, DEMO, settled, signIn, toast } from './support.ts';

// a stuck click names itself instead of using up the whole test
test.use({ actionTimeout: 10_000 });

const FILTERS_KEY = 'atk:filters:products:/client/products';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Created {
  _id: string;
  general: { name: string; brand_id: string; brand_name: string; is_published: 0 | 1 };
}

/** One category for the products this file makes through the API (a product needs one, docs/api.md "Products"). */
let category: Promise<string> | undefined;
const productCategory = () => {
  category ??= apiLogin(DEMO.global_admin).then(async (admin) => {
    const res = await api<{ _id: string }>('POST', '/admin/categories', {
      token: admin,
      body: { name: `E2E Products ${uid()}`, is_published: 1 },
    });
    expect(res.code, res.msg).toBe(200);
    return res.data._id;
  });
  return category;
};

async function createProduct(token: string, general: Record<string, unknown>, admin = false) {
  const body = { general: { category_id: await productCategory(), ...general } };
  const res = await api<Created>('POST', `${admin ? '/admin' : ''}/products`, { token, body });
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

async function brandId(token: string, name: string) {
  const res = await api<{ list: { _id: string; name: string }[] }>(
    'GET',
    `/admin/brands?page_num=1&page_size=1000&name=${encodeURIComponent(name)}`,
    { token },
  );
  expect(res.code, res.msg).toBe(200);
  const brand = res.data.list.find((b) => b.name === name);
  expect(brand, `brand ${name}`).toBeTruthy();
  return (brand as { _id: string })._id;
}

/** A category and one sub category of it, made by the operator for this run. */
async function createCategory(token: string, name: string, sub: string) {
  const category = await api<{ _id: string }>('POST', '/admin/categories', { token, body: { name, is_published: 1 } });
  expect(category.code, category.msg).toBe(200);
  const subCategory = await api<{ _id: string }>('POST', '/admin/sub_categories', {
    token,
    body: { name: sub, category_id: category.data._id, is_published: 1 },
  });
  expect(subCategory.code, subCategory.msg).toBe(200);
  return { categoryId: category.data._id, subCategoryId: subCategory.data._id };
}

/**
 * The antd Select of the form item labelled `label` (exact): opens it, types `search` in a searchable one (its
 * list is virtual: only the options in view are in the page), and clicks the option `option`.
 */
async function choose(page: Page, scope: Locator | Page, label: string, option: string | RegExp, search?: string) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  if (search !== undefined) await box.fill(search);
  const text = typeof option === 'string' ? new RegExp(`^${escapeRe(option)}$`) : option;
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  // A click that lands while antd is still animating the list in can miss: click again until it closes.
  await expect(async () => {
    if ((await open.count()) > 0)
      await open.locator('.ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 2000 });
    await expect(open).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 10_000 });
  await expect(selectShown(scope, label)).toHaveText(text);
}

/** What the antd Select of the form item labelled `label` shows. */
const selectShown = (scope: Locator | Page, label: string) => {
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page);
  return scope
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .locator('.ant-select-content');
};

const rows = (page: Page) => page.getByTestId('product-list').locator('tbody tr.ant-table-row');
const rowNames = (page: Page) => rows(page).locator('td:nth-child(2)');

/** Back from an edit page to the list, once the list (and not the edit form) is on screen. */
async function backToList(page: Page, path: RegExp) {
  await page.getByTestId('product-back').click();
  await expect(page).toHaveURL(path);
  await expect(page.getByTestId('product-list')).toBeVisible();
  await expect(page.getByRole('heading', { name: LABEL.productEdit })).toHaveCount(0);
}

async function searchName(page: Page, name: string) {
  const box = page.getByLabel('Name', { exact: true });
  await box.fill(name);
  await expect(box).toHaveValue(name);
  await page.getByRole('button', { name: LABEL.search }).click();
}

async function signInTo(page: Page, email: string, home: RegExp) {
  await signIn(page, email);
  await expect(page).toHaveURL(home);
}

test('product list: 20 a page, Name and Status filters kept across a reload, Reset clears them', async ({ page }) => {
  const token = await apiLogin(DEMO.customer);
  const tag = `E2E List ${uid()}`;
  const names = Array.from({ length: 21 }, (_, i) => `${tag} ${String(i + 1).padStart(2, '0')}`);
  // one of them is Active, the others start Pending
  for (const [i, name] of names.entries()) await createProduct(token, { name, is_published: i === 6 ? 1 : 0 });

  await signInTo(page, DEMO.customer, /\/client\/products$/);
  const table = page.getByTestId('product-list');
  await expect(table.locator('thead th')).toHaveText(['#', 'Product', 'Last updated', 'Edit']);
  // the demo brand holds more than 20 products now: the first page shows exactly 20
  await expect(rows(page)).toHaveCount(PAGE_SIZE);
  await expect(rows(page).first().locator('td').first()).toHaveText('1');
  await expect(page.locator('.ant-pagination-item-2')).toBeVisible();

  // Name filter: the 21 products of this run, 20 on page 1 and 1 on page 2
  await searchName(page, tag);
  const ofThisRun = new RegExp(`^${escapeRe(tag)} \\d\\d$`);
  await expect(rowNames(page)).toHaveText(Array(PAGE_SIZE).fill(ofThisRun));
  await page.locator('.ant-pagination-item-2').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('td').first()).toHaveText('21');
  await expect(page.locator('.ant-pagination-item-3')).toHaveCount(0);

  // Status filter on top of the name: only the Active one
  await choose(page, page, 'Status', LABEL.statusActive);
  await page.getByRole('button', { name: LABEL.search }).click();
  await expect(rowNames(page)).toHaveText([names[6]]);
  await expect(page.getByRole('link', { name: `Edit ${names[6]}` })).toHaveAttribute(
    'href',
    /\/client\/products\/[0-9a-f-]{36}\/edit$/,
  );
  const stored = await page.evaluate((key) => localStorage.getItem(key), FILTERS_KEY);
  expect(JSON.parse(stored ?? 'null')).toEqual({ name: tag, is_published: 1 });

  // both filters survive a reload, in the form and in the list
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(tag);
  await expect(selectShown(page, 'Status')).toHaveText(LABEL.statusActive);
  await expect(rowNames(page)).toHaveText([names[6]]);

  // Pending: the other 20
  await choose(page, page, 'Status', LABEL.statusPending);
  await page.getByRole('button', { name: LABEL.search }).click();
  await expect(page.locator('.ant-pagination-item-2')).toHaveCount(0);
  await expect(rowNames(page)).toHaveText(Array(PAGE_SIZE).fill(ofThisRun));
  await expect(rows(page).filter({ hasText: names[6] })).toHaveCount(0);

  // Reset: the form is empty, the whole list is back, nothing is stored, and it stays so after a reload
  await page.getByRole('button', { name: LABEL.reset }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(selectShown(page, 'Status')).toHaveText('');
  await expect(page.locator('.ant-pagination-item-2')).toBeVisible();
  await expect(rows(page)).toHaveCount(PAGE_SIZE);
  expect(await page.evaluate((key) => localStorage.getItem(key), FILTERS_KEY)).toBeNull();
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(selectShown(page, 'Status')).toHaveText('');
  await expect(page.locator('.ant-pagination-item-2')).toBeVisible();
  await expect(rows(page)).toHaveCount(PAGE_SIZE);
});

test('New Product: the dialog creates a product and opens its edit page', async ({ page }) => {
  const admin = await apiLogin(DEMO.global_admin);
  const id = uid();
  const categoryName = `E2E Category ${id}`;
  const subName = `E2E Sub ${id}`;
  await createCategory(admin, categoryName, subName);
  const name = `E2E New ${id}`;

  await signInTo(page, DEMO.customer, /\/client\/products$/);
  await page.getByRole('button', { name: LABEL.newProduct }).click();
  const dialog = await settled(page.getByRole('dialog', { name: LABEL.newProduct }));
  // a customer's products go to its own brand: no Brand field
  await expect(dialog.getByLabel('Brand', { exact: true })).toHaveCount(0);
  // the name is required
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(dialog.getByText(MSG.nameRequired)).toBeVisible();

  await dialog.getByLabel('Name', { exact: true }).fill(name);
  // the category is required (marked so): without one the server refuses and the dialog names the field
  await expect(dialog.locator('.ant-form-item-required[title="Category"]')).toBeVisible();
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(dialog.getByText('Category is required', { exact: true })).toBeVisible();
  await expect(toast(page, MSG.createProductSuccess)).toHaveCount(0);
  await expect(page).toHaveURL(/\/client\/products$/);
  await expectAccessible(page, 'New Product dialog: category required');
  await dialog.getByLabel('Model', { exact: true }).fill('NP-100');
  await choose(page, dialog, 'Status', LABEL.statusActive);
  await choose(page, dialog, 'Category', categoryName, categoryName);
  await choose(page, dialog, 'Sub Category', subName, subName);
  await dialog.getByRole('button', { name: LABEL.save }).click();

  await expect(toast(page, MSG.createProductSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/client\/products\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('heading', { name: LABEL.productEdit })).toBeVisible();
  await expect(page.getByTestId('product-name')).toHaveText(name);

  await page.reload();
  const general = page.getByTestId('tab-general');
  await expect(general.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(general.getByLabel('Model', { exact: true })).toHaveValue('NP-100');
  await expect(selectShown(general, 'Status')).toHaveText(LABEL.statusActive);
  await expect(selectShown(general, 'Category')).toHaveText(categoryName);
  await expect(selectShown(general, 'Sub Category')).toHaveText(subName);
  await expect(general.getByLabel('Brand name', { exact: true })).toHaveValue('Demo Audio');

  // and it is listed
  await backToList(page, /\/client\/products$/);
  await searchName(page, name);
  await expect(rowNames(page)).toHaveText([name]);
});

test('operator: a brand’s products with their status, New Product and General edits through the admin paths', async ({
  page,
}) => {
  const admin = await apiLogin(DEMO.global_admin);
  const customer = await apiLogin(DEMO.customer);
  const demoId = await brandId(admin, 'Demo Audio');
  const northfieldId = await brandId(admin, 'Northfield Microphones');
  const id = uid();
  const tag = `E2E Op ${id}`;
  const opCategory = `E2E Op Category ${id}`;
  await createCategory(admin, opCategory, `E2E Op Sub ${id}`);
  await createProduct(customer, { name: `${tag} active`, is_published: 1 });
  await createProduct(customer, { name: `${tag} pending`, is_published: 0 });
  await createProduct(admin, { name: `${tag} northfield`, is_published: 1, brand_id: northfieldId }, true);

  await signInTo(page, DEMO.global_admin, /\/global\//);
  const listPath = `/global/brands/${demoId}/products`;
  await page.goto(listPath);
  const table = page.getByTestId('product-list');
  await expect(table.locator('thead th')).toHaveText(['Index', 'Product name', 'Status', 'Last updated', 'Edit']);
  await expect(rows(page).first()).toBeVisible();

  // the brand's products only (the Northfield one is not here), each with its status
  const nameBox = page.getByLabel('Name', { exact: true });
  await nameBox.fill(tag);
  await expect(nameBox).toHaveValue(tag);
  const listCall = page.waitForRequest((r) => r.url().includes(`${API_BASE}/admin/products?`));
  await page.getByRole('button', { name: LABEL.search }).click();
  expect((await listCall).url()).toContain(`brand_id=${demoId}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(
    rows(page)
      .filter({ hasText: `${tag} active` })
      .locator('td')
      .nth(2),
  ).toHaveText(LABEL.statusActive);
  await expect(
    rows(page)
      .filter({ hasText: `${tag} pending` })
      .locator('td')
      .nth(2),
  ).toHaveText(LABEL.statusPending);
  await expect(rows(page).filter({ hasText: 'northfield' })).toHaveCount(0);

  // New Product inside the brand: no Brand choice, the product goes to this brand
  await page.getByRole('button', { name: LABEL.newProduct }).click();
  const dialog = await settled(page.getByRole('dialog', { name: LABEL.newProduct }));
  await expect(dialog.getByLabel('Brand', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Name', { exact: true }).fill(`${tag} created`);
  await choose(page, dialog, 'Category', opCategory, opCategory);
  const createCall = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`${API_BASE}/admin/products`),
  );
  await dialog.getByRole('button', { name: LABEL.save }).click();
  expect((await createCall).postDataJSON()).toMatchObject({ general: { name: `${tag} created`, brand_id: demoId } });
  await expect(toast(page, MSG.createProductSuccess)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${escapeRe(listPath)}/[0-9a-f-]{36}/edit$`));
  const productId = page.url().split('/').at(-2) as string;

  // General through the admin paths
  const general = page.getByTestId('tab-general');
  await expect(general.getByLabel('Brand name', { exact: true })).toHaveValue('Demo Audio');
  await expect(selectShown(general, 'Status')).toHaveText(LABEL.statusPending);
  await general.getByLabel('Name', { exact: true }).fill(`${tag} renamed`);
  await general.getByLabel('Model', { exact: true }).fill('OP-7');
  await choose(page, general, 'Status', LABEL.statusActive);
  await expect(page.getByTestId('dirty-general')).toBeVisible();
  const saveCall = page.waitForRequest((r) => r.method() === 'PUT');
  await general.getByRole('button', { name: LABEL.saveChanges }).click();
  const put = await saveCall;
  expect(put.url()).toContain(`${API_BASE}/admin/products/${productId}`);
  expect(put.postDataJSON()).toMatchObject({
    type: 'general',
    content: { name: `${tag} renamed`, model: 'OP-7', is_published: 1, brand_id: demoId },
  });
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(page.getByTestId('dirty-general')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('product-name')).toHaveText(`${tag} renamed`);
  await expect(general.getByLabel('Name', { exact: true })).toHaveValue(`${tag} renamed`);
  await expect(general.getByLabel('Model', { exact: true })).toHaveValue('OP-7');
  await expect(selectShown(general, 'Status')).toHaveText(LABEL.statusActive);

  // the brand's list shows it as Active
  await backToList(page, new RegExp(`${escapeRe(listPath)}$`));
  await searchName(page, `${tag} renamed`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('td').nth(2)).toHaveText(LABEL.statusActive);

  // and the product belongs to the brand
  const read = await api<Created>('GET', `/admin/products/${productId}`, { token: admin });
  expect(read.data.general).toMatchObject({ brand_id: demoId, brand_name: 'Demo Audio', name: `${tag} renamed` });
});

test('wrong tenant: another brand’s product opened by the demo customer shows not-found, not its data', async ({
  page,
}) => {
  const admin = await apiLogin(DEMO.global_admin);
  const customer = await apiLogin(DEMO.customer);
  const northfieldId = await brandId(admin, 'Northfield Microphones');
  const name = `E2E Northfield ${uid()}`;
  const other = await createProduct(admin, { name, model: 'NF-SECRET', brand_id: northfieldId }, true);
  expect(other.general.brand_name).toBe('Northfield Microphones');
  // the API refuses it to the customer as not found
  const direct = await api('GET', `/products/${other._id}`, { token: customer });
  expect(direct.code).toBe(404);
  expect(direct.msg).toBe(MSG.productNotFound);

  await signInTo(page, DEMO.customer, /\/client\/products$/);
  await page.goto(`/client/products/${other._id}/edit`);
  await expect(page.locator('.ant-result-404')).toBeVisible();
  await expect(page.getByText(MSG.productNotFound, { exact: true })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByTestId('product-name')).toHaveCount(0);
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByText('NF-SECRET')).toHaveCount(0);
  await expect(page.getByText('Northfield Microphones')).toHaveCount(0);

  // nor does it show in the customer's list
  await backToList(page, /\/client\/products$/);
  await searchName(page, name);
  await expect(page.getByTestId('product-list').locator('.ant-table-placeholder')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});

test('/global/products: every brand’s products, Name and Status filters kept across a reload, New Product', async ({
  page,
}) => {
  const admin = await apiLogin(DEMO.global_admin);
  const demoBrand = await brandId(admin, 'Demo Audio');
  const tag = `E2E Global ${uid()}`;
  await createProduct(admin, { name: `${tag} Active`, brand_id: demoBrand, is_published: 1 }, true);
  await createProduct(admin, { name: `${tag} Pending`, brand_id: demoBrand, is_published: 0 }, true);
  const key = 'atk:filters:products:/global/products';

  await signInTo(page, DEMO.global_admin, /\/global\/brands$/);
  await page.getByTestId('nav-global-products').click();
  await expect(page).toHaveURL(/\/global\/products$/);
  const table = page.getByTestId('product-list');
  await expect(table.locator('thead th')).toHaveText([
    'Index',
    'Product name',
    'Brand',
    'Status',
    'Last updated',
    'Edit',
  ]);
  await expect(page.getByRole('button', { name: LABEL.newProduct })).toBeVisible();

  await searchName(page, tag);
  await expect(rowNames(page)).toHaveText([`${tag} Pending`, `${tag} Active`]);
  await choose(page, page, 'Status', LABEL.statusActive);
  await page.getByRole('button', { name: LABEL.search }).click();
  await expect(rowNames(page)).toHaveText([`${tag} Active`]);
  await expect(rows(page).first().locator('td').nth(2)).toHaveText('Demo Audio');
  await expect(rows(page).first().locator('td').nth(3)).toHaveText(LABEL.statusActive);
  expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key)) ?? 'null')).toEqual({
    name: tag,
    is_published: 1,
  });

  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(tag);
  await expect(selectShown(page, 'Status')).toHaveText(LABEL.statusActive);
  await expect(rowNames(page)).toHaveText([`${tag} Active`]);
  await expect(page.getByRole('link', { name: `Edit ${tag} Active` })).toHaveAttribute(
    'href',
    /^\/global\/products\/[0-9a-f-]{36}\/edit$/,
  );

  await page.getByRole('button', { name: LABEL.reset }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();

  // New Product: an operator names the brand
  await page.getByRole('button', { name: LABEL.newProduct }).click();
  const dialog = await settled(page.getByRole('dialog', { name: LABEL.newProduct }));
  await expect(dialog.getByLabel('Brand', { exact: true })).toBeVisible();
});
