/**
 * The plans screens (/global/plans; docs/api.md "Customers and plans"): the list's columns and filters, New Plan
 * ('Create plan success', then its PLAN EDIT page), PLAN EDIT's fields saved and read back ('Update plan
 * success'), CANCEL back to the list, and Delete behind its confirmation.
 */
import { LABEL, MSG } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import {
  choose,
  confirmPopover,
  dialog,
  emptyList,
  expectSwitches,
  fillFilter,
  reset,
  search,
  selectShown,
  uid,
} from './lists.ts';
import { api, apiLogin, DEMO, signIn, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });

const rows = (page: Page) => page.getByTestId('plan-list').locator('tbody tr.ant-table-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });
const filters = (page: Page) => page.locator('.list-page__filters');

async function openPlans(page: Page) {
  await signIn(page, DEMO.global_admin);
  await expect(page).toHaveURL(/\/global\/brands$/);
  await page.goto('/global/plans');
  await expect(page.getByRole('heading', { name: LABEL.plans, exact: true })).toBeVisible();
}

test('New Plan opens PLAN EDIT; its fields are saved and read back; CANCEL goes back; Delete', async ({ page }) => {
  await openPlans(page);
  await expect(page.getByTestId('plan-list').locator('thead th')).toHaveText([
    'Index',
    'Name',
    LABEL.status,
    'Customers',
    'Last updated',
    'Operate',
  ]);
  const name = `E2E Plan ${uid()}`;
  await page.getByRole('button', { name: LABEL.newPlan }).click();
  const form = await dialog(page, LABEL.newPlan);
  await form.getByLabel('Name', { exact: true }).fill(name);
  await expect(selectShown(form, LABEL.status)).toHaveText(LABEL.statusPending);
  await expectAccessible(page, 'the New Plan dialog');
  await choose(page, form, LABEL.status, LABEL.statusActive);
  await form.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createPlanSuccess)).toBeVisible();

  await expect(page).toHaveURL(/\/global\/plans\/[0-9a-f-]{36}\/edit$/);
  const edit = page.getByTestId('plan-edit');
  await expect(edit.getByRole('heading', { name: LABEL.planEdit })).toBeVisible();
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(selectShown(edit, LABEL.status)).toHaveText(LABEL.statusActive);
  // a new plan holds the default features
  await expect(edit.getByRole('switch', { name: LABEL.tabListeningGuide, exact: true })).toBeChecked();
  await expectAccessible(page, 'Plan edit');
  await expect(edit.getByRole('switch', { name: LABEL.tabDiscography, exact: true })).not.toBeChecked();
  await expect(selectShown(edit, LABEL.featureProductsInPlayer)).toHaveText('5 maximum');

  const renamed = `${name} Pro`;
  await edit.getByLabel('Name', { exact: true }).fill(renamed);
  await choose(page, edit, LABEL.status, LABEL.statusPending);
  await edit.getByRole('switch', { name: LABEL.tabListeningGuide, exact: true }).click();
  for (const label of [LABEL.tabDiscography, LABEL.tabTechSpecs, LABEL.featureMyAudio, LABEL.featureListenerVotes])
    await edit.getByRole('switch', { name: label, exact: true }).click();
  await choose(page, edit, LABEL.featureProductsInPlayer, LABEL.noLimit);
  await choose(page, edit, LABEL.featureAtkSongs, LABEL.noLimit);
  await edit.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updatePlanSuccess)).toBeVisible();

  await page.reload();
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await expect(selectShown(edit, LABEL.status)).toHaveText(LABEL.statusPending);
  const on: string[] = [
    LABEL.tabDiscography,
    LABEL.tabTechSpecs,
    LABEL.tabImages,
    LABEL.featureMyAudio,
    LABEL.featureListenerVotes,
  ];
  await expectSwitches(edit, on);
  await expect(selectShown(edit, LABEL.featureProductsInPlayer)).toHaveText(LABEL.noLimit);
  await expect(selectShown(edit, LABEL.featureAtkSongs)).toHaveText(LABEL.noLimit);

  await edit.getByRole('button', { name: LABEL.cancel }).click();
  await expect(page).toHaveURL(/\/global\/plans$/);
  await fillFilter(page, 'Name', renamed);
  await search(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, renamed).locator('td')).toHaveText([
    '1',
    renamed,
    LABEL.statusPending,
    '0',
    /^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/,
    /Edit/,
  ]);

  await page.getByRole('button', { name: `${LABEL.edit} ${renamed}` }).click();
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await edit.getByRole('button', { name: LABEL.cancel }).click();
  await expect(page).toHaveURL(/\/global\/plans$/);

  await page.getByRole('button', { name: `${LABEL.delete} ${renamed}` }).click();
  await confirmPopover(page, MSG.deleteRecordConfirm);
  await expect(toast(page, MSG.deleteSuccess)).toBeVisible();
  await expect(emptyList(page, 'plan-list')).toBeVisible();
});

test('filters: Name and Status (All, Active, Pending) narrow the list, Reset clears them', async ({ page }) => {
  const token = await apiLogin(DEMO.global_admin);
  const tag = `E2E Filter ${uid()}`;
  for (const [suffix, is_published] of [
    ['Gold', 1],
    ['Silver', 0],
  ] as const) {
    const res = await api('POST', '/admin/subscriptions', { token, body: { name: `${tag} ${suffix}`, is_published } });
    expect(res.code, res.msg).toBe(200);
  }
  await openPlans(page);
  await fillFilter(page, 'Name', tag);
  await search(page);
  await expect(rows(page)).toHaveCount(2);
  await choose(page, filters(page), LABEL.status, LABEL.statusActive);
  await search(page);
  await expect(rows(page).locator('td:nth-child(2)')).toHaveText([`${tag} Gold`]);
  await expect(rows(page).locator('td:nth-child(3)')).toHaveText([LABEL.statusActive]);
  await choose(page, filters(page), LABEL.status, LABEL.statusPending);
  await search(page);
  await expect(rows(page).locator('td:nth-child(2)')).toHaveText([`${tag} Silver`]);
  await choose(page, filters(page), LABEL.status, 'All');
  await search(page);
  await expect(rows(page)).toHaveCount(2);

  await reset(page);
  await expect(filters(page).getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(rows(page).first()).toBeVisible();
  expect(await rows(page).count()).toBeLessThanOrEqual(20);
});
