/**
 * The customers screens (Customers, Customer edit; docs/api.md "Customers and plans"): New Customer with its warnings
 * and the new customer signing in at once, Edit Customer, Reset Password, Confirm of a self-signed-up customer, Delete,
 * the filters, and CUSTOMER EDIT's subscription (a plan fills it); in /global, and once in /super.
 */
import { hashPassword, LABEL, MSG } from '@atk/contract';
import { type Browser, expect, type Page, type Request, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import {
  choose,
  confirmPopover,
  dialog,
  emptyList,
  escapeRe,
  expectSwitches,
  fillFilter,
  reset,
  search,
  selectShown,
  uid,
} from './lists.ts';
import { api, apiLogin, DEMO, signIn, toast, uniqueEmail } from './support.ts';

test.use({ actionTimeout: 10_000 });

/**
 * The master brand of the customers made here: a brand of this run's own, never the demo brand, whose instances
 * are governed by the union of its customers' subscriptions (a customer granted features here would lift the
 * demo brand's limits that other tests rely on).
 */
const CUSTOMER_BRAND = `E2E Customers ${uid()}`;
let customerBrandId = '';

test.beforeAll(async () => {
  const token = await apiLogin(DEMO.global_admin);
  const res = await api<{ _id: string }>('POST', '/admin/brands', {
    token,
    body: { name: CUSTOMER_BRAND, is_published: 1 },
  });
  expect(res.code, res.msg).toBe(200);
  customerBrandId = res.data._id;
});
const rows = (page: Page) => page.getByTestId('customer-list').locator('tbody tr.ant-table-row');
const rowOf = (page: Page, email: string) => rows(page).filter({ hasText: email });

async function openCustomers(page: Page, area: 'global' | 'super') {
  await signIn(page, area === 'global' ? DEMO.global_admin : DEMO.super_admin);
  await expect(page).toHaveURL(new RegExp(`/${area}/brands$`));
  await page.goto(`/${area}/customers`);
  await expect(page.getByRole('heading', { name: LABEL.customers, exact: true })).toBeVisible();
}

async function filterByEmail(page: Page, email: string) {
  await fillFilter(page, 'Email', email);
  await search(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, email)).toBeVisible();
}

/** A customer an operator made (the scene of the edit tests), active on this run's brand. */
async function createCustomer(password: string, names: { first: string; last: string }) {
  const token = await apiLogin(DEMO.global_admin);
  const roles = await api<{ list: { _id: string; name: string }[] }>(
    'GET',
    '/admin/roles?page_num=1&page_size=100&is_deleted=false',
    { token },
  );
  const email = uniqueEmail('customer');
  const res = await api<{ _id: string }>('POST', '/admin/users', {
    token,
    body: {
      email,
      password: hashPassword(password),
      password_confirm: hashPassword(password),
      master_brand_id: customerBrandId,
      master_brand_status: 'active',
      company_name: 'E2E Co',
      first_name: names.first,
      last_name: names.last,
      role_id: roles.data.list.find((r) => r.name === 'customer')?._id,
    },
  });
  expect(res.code, res.msg).toBe(200);
  return { email, id: res.data._id, token };
}

/** Signs in from a fresh browser context (nobody's session), returning its page. */
async function signInFresh(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

async function expectSignedIn(browser: Browser, email: string, password: string) {
  const page = await signInFresh(browser, email, password);
  await expect(toast(page, MSG.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/client\/products$/);
  await expect(page.getByTestId('user-menu')).toHaveText(email);
  await page.context().close();
}

async function expectRefused(browser: Browser, email: string, password: string) {
  const page = await signInFresh(browser, email, password);
  await expect(toast(page, MSG.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.context().close();
}

/** Creates a customer through New Customer, each warning seen first. */
async function newCustomerByHand(page: Page, email: string, password: string, names: { first: string; last: string }) {
  // the warnings come before any call: nothing is sent until the form is right
  const creates: string[] = [];
  const onRequest = (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/admin/users')) creates.push(r.url());
  };
  page.on('request', onRequest);
  await page.getByRole('button', { name: LABEL.newCustomer }).click();
  const form = await dialog(page, LABEL.newCustomer);
  const save = form.getByRole('button', { name: LABEL.save });
  await save.click();
  await expect(toast(page, MSG.emailRequired)).toBeVisible();
  await form.getByLabel('Email', { exact: true }).fill(email);
  await save.click();
  await expect(toast(page, MSG.passwordMismatch)).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password', { exact: true }).fill(`${password}x`);
  await save.click();
  await expect(page.locator('.ant-message').getByText(MSG.passwordMismatch, { exact: true }).last()).toBeVisible();
  expect(creates).toEqual([]);
  await form.getByLabel('Confirm Password', { exact: true }).fill(password);
  await choose(page, form, 'Master Brand', CUSTOMER_BRAND, CUSTOMER_BRAND);
  await form.getByLabel('Company Name', { exact: true }).fill('Hand Made Co');
  await form.getByLabel('First Name', { exact: true }).fill(names.first);
  await form.getByLabel('Last Name', { exact: true }).fill(names.last);
  await save.click();
  await expect(toast(page, MSG.createCustomerSuccess)).toBeVisible();
  await expect(form).toBeHidden();
  expect(creates).toHaveLength(1);
  page.off('request', onRequest);
}

test('New Customer: the warnings, then the customer is listed as Active and signs in at once', async ({
  page,
  browser,
}) => {
  // two sign-ins and a dialog filled by hand: more than the default on a loaded machine
  test.setTimeout(60_000);
  await openCustomers(page, 'global');
  await expect(page.getByTestId('customer-list').locator('thead th')).toHaveText([
    '#',
    'Email',
    'Name',
    'Master Brand',
    'Brand Status',
    'Created at',
    'Operate',
  ]);
  const email = uniqueEmail('new-customer');
  const password = 'Cust!2345';
  const names = { first: 'Nora', last: `Hand ${uid()}` };
  await newCustomerByHand(page, email, password, names);

  await filterByEmail(page, email);
  const row = rowOf(page, email);
  await expect(row.locator('td')).toHaveText([
    '1',
    email,
    `${names.first} ${names.last}`,
    CUSTOMER_BRAND,
    LABEL.statusActive,
    /^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/,
    /Edit Features/,
  ]);
  await expect(row.getByRole('button', { name: `${LABEL.confirm} ${email}` })).toHaveCount(0);

  await expectSignedIn(browser, email, password);
});

test('Edit Customer and Reset Password: read back, then only the new password signs in', async ({ page, browser }) => {
  const oldPassword = 'Old!23456';
  const newPassword = 'New!23456';
  const { email } = await createCustomer(oldPassword, { first: 'Ed', last: `Before ${uid()}` });
  await openCustomers(page, 'global');
  await filterByEmail(page, email);

  await page.getByRole('button', { name: `${LABEL.edit} ${email}` }).click();
  let form = await dialog(page, LABEL.editCustomer);
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expectAccessible(page, 'the Edit Customer dialog');
  await expect(form.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(form.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(selectShown(form, 'Master Brand')).toHaveText(CUSTOMER_BRAND);
  const last = `After ${uid()}`;
  await form.getByLabel('Last Name', { exact: true }).fill(last);
  await form.getByLabel('Company Name', { exact: true }).fill('Edited Co');
  await form.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.updateCustomerSuccess)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(rowOf(page, email).locator('td').nth(2)).toHaveText(`Ed ${last}`);

  await page.reload();
  await expect(rowOf(page, email)).toBeVisible();
  await page.getByRole('button', { name: `${LABEL.edit} ${email}` }).click();
  form = await dialog(page, LABEL.editCustomer);
  await expect(form.getByLabel('Last Name', { exact: true })).toHaveValue(last);
  await expect(form.getByLabel('Company Name', { exact: true })).toHaveValue('Edited Co');
  await form.getByRole('button', { name: LABEL.cancel }).click();
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: `${LABEL.resetPassword} ${email}` }).click();
  form = await dialog(page, LABEL.resetPassword);
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  const save = form.getByRole('button', { name: LABEL.save });
  await save.click();
  await expect(toast(page, MSG.enterNewPassword)).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm Password', { exact: true }).fill(oldPassword);
  await save.click();
  await expect(toast(page, MSG.passwordMismatch)).toBeVisible();
  await form.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await save.click();
  await expect(toast(page, MSG.resetPasswordSuccess)).toBeVisible();
  await expect(form).toBeHidden();

  await expectRefused(browser, email, oldPassword);
  await expectSignedIn(browser, email, newPassword);
});

test('Confirm: a self-signed-up customer is Pending until confirmed; the Brand Status filter follows', async ({
  page,
}) => {
  const email = uniqueEmail('self-signup');
  const brand = `Self Brand ${uid()}`;
  const registered = await api('POST', '/users/register', {
    body: {
      email,
      password: hashPassword('Self!2345'),
      password_confirm: hashPassword('Self!2345'),
      brand_name: brand,
    },
  });
  expect(registered.code, registered.msg).toBe(200);

  await openCustomers(page, 'global');
  await fillFilter(page, 'Email', email);
  await choose(page, page.locator('.list-page__filters'), 'Brand Status', LABEL.statusActive);
  await search(page);
  await expect(emptyList(page, 'customer-list')).toBeVisible();
  await choose(page, page.locator('.list-page__filters'), 'Brand Status', LABEL.statusPending);
  await search(page);
  await expect(rows(page)).toHaveCount(1);
  const row = rowOf(page, email);
  await expect(row.locator('td').nth(3)).toHaveText(brand);
  await expect(row.locator('td').nth(4)).toContainText(LABEL.statusPending);

  await row.getByRole('button', { name: `${LABEL.confirm} ${email}` }).click();
  await confirmPopover(page, MSG.confirmCustomerBrand);
  await expect(toast(page, MSG.confirmSuccess)).toBeVisible();
  // no longer pending: gone from the Pending list, shown Active under All
  await expect(emptyList(page, 'customer-list')).toBeVisible();
  await choose(page, page.locator('.list-page__filters'), 'Brand Status', 'All');
  await search(page);
  await expect(rowOf(page, email).locator('td').nth(4)).toHaveText(LABEL.statusActive);
  await expect(rowOf(page, email).getByRole('button', { name: `${LABEL.confirm} ${email}` })).toHaveCount(0);
});

test('filters: Name and Email narrow the list, Reset clears them; Delete removes a customer who can no longer sign in', async ({
  page,
  browser,
}) => {
  const last = `Filter ${uid()}`;
  const password = 'Gone!2345';
  const a = await createCustomer(password, { first: 'Ann', last });
  const b = await createCustomer(password, { first: 'Bob', last });
  await openCustomers(page, 'global');

  await fillFilter(page, 'Name', last);
  await search(page);
  await expect(rows(page)).toHaveCount(2);
  await expect(rowOf(page, a.email)).toBeVisible();
  await expect(rowOf(page, b.email)).toBeVisible();
  await fillFilter(page, 'Name', `Ann ${last}`);
  await search(page);
  await expect(rows(page).locator('td:nth-child(2)')).toHaveText([a.email]);
  await fillFilter(page, 'Name', '');
  await fillFilter(page, 'Email', b.email);
  await search(page);
  await expect(rows(page).locator('td:nth-child(2)')).toHaveText([b.email]);

  await reset(page);
  await expect(page.locator('.list-page__filters').getByLabel('Email', { exact: true })).toHaveValue('');
  await expect(rows(page).first()).toBeVisible();
  expect(await rows(page).count()).toBeLessThanOrEqual(20);
  // only customers are listed: the operators are not
  await fillFilter(page, 'Email', DEMO.global_admin);
  await search(page);
  await expect(emptyList(page, 'customer-list')).toBeVisible();

  await filterByEmail(page, a.email);
  await page.getByRole('button', { name: `${LABEL.delete} ${a.email}` }).click();
  await confirmPopover(page, MSG.deleteRecordConfirm);
  await expect(toast(page, MSG.deleteSuccess)).toBeVisible();
  await expect(emptyList(page, 'customer-list')).toBeVisible();
  await expectRefused(browser, a.email, password);
});

test('CUSTOMER EDIT: switches and maximums saved and read back; a plan fills them; CANCEL goes back', async ({
  page,
}) => {
  const { email, id, token } = await createCustomer('Feat!2345', { first: 'Fay', last: `Features ${uid()}` });
  const planName = `E2E Plan ${uid()}`;
  const plan = await api<{ _id: string }>('POST', '/admin/subscriptions', {
    token,
    body: {
      name: planName,
      is_published: 1,
      listening_guide: { is_enable: 0 },
      discography: { is_enable: 1 },
      frequency_graphs: { is_enable: 1 },
      tech_specs: { is_enable: 1 },
      images: { is_enable: 0 },
      other_brands_products: { is_enable: 1 },
      my_audio: { is_enable: 0 },
      products_in_player: { max_num: 99999 },
      atk_songs: { max_num: 99999 },
    },
  });
  expect(plan.code, plan.msg).toBe(200);

  await openCustomers(page, 'global');
  await filterByEmail(page, email);
  await page.getByRole('button', { name: `${LABEL.editFeatures} ${email}` }).click();
  await expect(page).toHaveURL(new RegExp(`/global/customers/${escapeRe(id)}/edit$`));
  const edit = page.getByTestId('customer-edit');
  await expect(edit.getByRole('heading', { name: LABEL.customerEdit })).toBeVisible();
  await expect(edit.locator('.page__subtitle')).toHaveText(CUSTOMER_BRAND);
  // a new customer starts on the default subscription
  await expectSwitches(page.getByTestId('customer-edit'), [LABEL.tabListeningGuide, LABEL.tabImages]);
  await expect(selectShown(edit, LABEL.featureProductsInPlayer)).toHaveText('5 maximum');
  await expect(selectShown(edit, LABEL.featureAtkSongs)).toHaveText('3 maximum');

  await edit.getByRole('switch', { name: LABEL.tabDiscography, exact: true }).click();
  await edit.getByRole('switch', { name: LABEL.featureMyAudio, exact: true }).click();
  await edit.getByRole('switch', { name: LABEL.tabImages, exact: true }).click();
  await choose(page, edit, LABEL.featureProductsInPlayer, LABEL.noLimit);
  await edit.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await page.reload();
  await expectSwitches(page.getByTestId('customer-edit'), [
    LABEL.tabListeningGuide,
    LABEL.tabDiscography,
    LABEL.featureMyAudio,
  ]);
  await expect(selectShown(edit, LABEL.featureProductsInPlayer)).toHaveText(LABEL.noLimit);
  await expect(selectShown(edit, LABEL.featureAtkSongs)).toHaveText('3 maximum');

  // choosing the plan fills everything from it
  await choose(page, edit, LABEL.plan, planName);
  const fromPlan = [
    LABEL.tabDiscography,
    LABEL.featureFrequencyGraphs,
    LABEL.tabTechSpecs,
    LABEL.featureOtherBrandsProducts,
  ];
  await expectSwitches(page.getByTestId('customer-edit'), fromPlan);
  await expect(selectShown(edit, LABEL.featureAtkSongs)).toHaveText(LABEL.noLimit);
  await edit.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await page.reload();
  await expect(selectShown(edit, LABEL.plan)).toHaveText(planName);
  await expectSwitches(page.getByTestId('customer-edit'), fromPlan);
  await expect(selectShown(edit, LABEL.featureProductsInPlayer)).toHaveText(LABEL.noLimit);
  await expect(selectShown(edit, LABEL.featureAtkSongs)).toHaveText(LABEL.noLimit);

  // the plan now counts this customer
  const plans = await api<{ list: { _id: string; customers_count: number }[] }>(
    'GET',
    `/admin/subscriptions?page_num=1&page_size=20&name=${encodeURIComponent(planName)}`,
    { token },
  );
  expect(plans.data.list.find((p) => p._id === plan.data._id)?.customers_count).toBe(1);
  // a plan set back to Pending is no longer offered, but the customer's page still names it
  const unpublished = await api('PUT', `/admin/subscriptions/${plan.data._id}`, { token, body: { is_published: 0 } });
  expect(unpublished.code, unpublished.msg).toBe(200);
  await page.reload();
  await expect(selectShown(edit, LABEL.plan)).toHaveText(planName);

  await page.goto('/global/customers');
  await filterByEmail(page, email);
  await page.getByRole('button', { name: `${LABEL.editFeatures} ${email}` }).click();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: LABEL.cancel }).click();
  await expect(page).toHaveURL(/\/global\/customers$/);
  await expect(rowOf(page, email)).toBeVisible();
});

test('/super/customers: New Customer, Edit Features within /super, Delete', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await openCustomers(page, 'super');
  const email = uniqueEmail('super-customer');
  const password = 'Supr!2345';
  await newCustomerByHand(page, email, password, { first: 'Sue', last: `Super ${uid()}` });
  await filterByEmail(page, email);
  await expect(rowOf(page, email).locator('td').nth(4)).toHaveText(LABEL.statusActive);
  await expectSignedIn(browser, email, password);

  await page.getByRole('button', { name: `${LABEL.editFeatures} ${email}` }).click();
  await expect(page).toHaveURL(/\/super\/customers\/[0-9a-f-]{36}\/edit$/);
  const edit = page.getByTestId('customer-edit');
  await expect(edit.getByRole('heading', { name: LABEL.customerEdit })).toBeVisible();
  await edit.getByRole('switch', { name: LABEL.featureFrequencyGraphs, exact: true }).click();
  await edit.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await page.reload();
  await expect(edit.getByRole('switch', { name: LABEL.featureFrequencyGraphs, exact: true })).toBeChecked();
  await edit.getByRole('button', { name: LABEL.cancel }).click();
  await expect(page).toHaveURL(/\/super\/customers$/);

  await filterByEmail(page, email);
  await page.getByRole('button', { name: `${LABEL.delete} ${email}` }).click();
  await confirmPopover(page, MSG.deleteRecordConfirm);
  await expect(toast(page, MSG.deleteSuccess)).toBeVisible();
  await expect(emptyList(page, 'customer-list')).toBeVisible();
  await expectRefused(browser, email, password);
});

test('a brand’s status reads the same words and tag colour on Brands and on Customers', async ({ page }) => {
  // One StatusTag renders both lists' status: the same brand never reads two ways.
  const { email } = await createCustomer('Status!2345', { first: 'Same', last: 'Status' });
  await openCustomers(page, 'global');
  await filterByEmail(page, email);
  const onCustomers = rowOf(page, email).locator('.ant-tag');
  await expect(onCustomers).toHaveText(LABEL.statusActive);
  const customersTag = await onCustomers.getAttribute('class');
  await expectAccessible(page, 'customers list: brand status');

  await page.goto('/global/brands');
  await fillFilter(page, 'Name', CUSTOMER_BRAND);
  await search(page);
  const brandRow = page.getByTestId('brand-list').locator('tbody tr.ant-table-row').filter({ hasText: CUSTOMER_BRAND });
  await expect(brandRow).toHaveCount(1);
  const onBrands = brandRow.locator('.ant-tag');
  await expect(onBrands).toHaveText(LABEL.statusActive);
  expect(await onBrands.getAttribute('class')).toBe(customersTag);
  await expectAccessible(page, 'brands list: brand status');
});
