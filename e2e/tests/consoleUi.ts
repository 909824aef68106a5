/** Clicking through the console's antd controls as a user (lists, selects, confirmations), for the operator specs. */
import { expect, type Locator, type Page } from '@playwright/test';
import { settled } from './support.ts';

export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The open drop-down of an antd Select. */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/**
 * The antd Select labelled `label` (exact) inside `scope`: opens it, types `search` into a searchable one, clicks
 * the option whose text is `option`, and checks what the select then shows.
 */
export async function choose(page: Page, scope: Locator | Page, label: string, option: string, search?: string) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  if (search !== undefined) await box.fill(search);
  const text = new RegExp(`^${escapeRe(option)}$`);
  // a click while antd still animates the list in can miss: click again until it closes
  await expect(async () => {
    if ((await openDropdown(page).count()) > 0)
      await openDropdown(page)
        .locator('.ant-select-item-option')
        .filter({ hasText: text })
        .first()
        .click({ timeout: 2000 });
    await expect(openDropdown(page)).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 10_000 });
  await expect(selectShown(scope, label)).toHaveText(text);
}

/** What the antd Select of the form item labelled `label` shows. */
export const selectShown = (scope: Locator | Page, label: string) => {
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page);
  return scope
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .locator('.ant-select-content');
};

/** The dialog titled `title`, once its opening zoom has ended. */
export const dialog = (page: Page, title: string) => settled(page.getByRole('dialog', { name: title }));

/** Answers OK to the row action's confirmation, after checking its text. */
export async function confirmPopover(page: Page, text: string) {
  const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').filter({ hasText: text });
  await expect(pop.getByText(text, { exact: true })).toBeVisible();
  await pop.getByRole('button', { name: 'OK' }).click();
  await expect(pop).toHaveCount(0);
}

/** Types into the list filter labelled `label` (exact). */
export async function fillFilter(page: Page, label: string, value: string) {
  const box = page.locator('.list-page__filters').getByLabel(label, { exact: true });
  await box.fill(value);
  await expect(box).toHaveValue(value);
}

export const search = (page: Page) =>
  page.locator('.list-page__filters').getByRole('button', { name: 'Search' }).click();

/** Reset of the list's filters (not a row's Reset Password). */
export const resetFilters = (page: Page) =>
  page.locator('.list-page__filters').getByRole('button', { name: 'Reset' }).click();

/** The 'No data' of the list whose table has this test id. */
export const emptyList = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('.ant-empty-description').getByText('No data', { exact: true });
