/**
 * The tooltips of the player's features (docs/api.md "The player's public API"), super area: the columns, the Content
 * and Feature filters with Search and Reset, New Tooltip with a multi-line content, Edit, Delete behind its
 * confirmation.
 */
import { LABEL, MSG, TOOLTIP_FEATURES } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { choose, fill, headers, reset, rows, search, selectShown, signInAs, uid } from './lists.ts';
import { api, apiLogin, DEMO, settled, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });

const table = (page: Page) => page.getByTestId('tooltip-list');
const withText = (page: Page, text: string) => rows(table(page)).filter({ hasText: text });

test('super admin: filters, New Tooltip, Edit and Delete', async ({ page }) => {
  const tag = `E2E tip ${uid()}`;
  // another tooltip of this run, on another feature, as an operator's script would make it
  const token = await apiLogin(DEMO.super_admin);
  const other = await api('POST', '/admin/tooltips', { token, body: { feature: 2, content: `${tag} share` } });
  expect(other.code, other.msg).toBe(200);

  await signInAs(page, DEMO.super_admin, '/super/brands');
  await page.getByTestId('nav-super-tooltips').click();
  await expect(page).toHaveURL(/\/super\/tooltips$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.tooltips);
  await expect(headers(table(page))).toHaveText(['#', 'Feature', 'Content', 'Created at', 'Last updated', 'Operate']);
  await expect(rows(table(page)).first()).toBeVisible();

  // the Feature filter offers the ten features by name
  await page.getByLabel('Feature', { exact: true }).click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(open.locator('.ant-select-item-option').first()).toHaveText(TOOLTIP_FEATURES[0]);
  await page.keyboard.press('Escape');

  // New Tooltip: a feature and two lines of content
  await page.getByRole('button', { name: LABEL.newTooltip }).click();
  let dialog = await settled(page.getByRole('dialog', { name: LABEL.newTooltip }));
  await expectAccessible(page, 'the New Tooltip dialog');
  await choose(page, dialog, 'Feature', 'BuyButton');
  const content = dialog.getByLabel('Content', { exact: true });
  await expect(content).toHaveJSProperty('tagName', 'TEXTAREA');
  await content.fill(`${tag} buy\nsecond line`);
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createTooltipSuccess)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Content filter: both of this run
  await fill(page, 'Content', tag);
  await search(page);
  await expect(rows(table(page))).toHaveCount(2);
  const created = withText(page, `${tag} buy`);
  await expect(created.locator('td').nth(1)).toHaveText('BuyButton');
  await expect(created.locator('td').nth(2)).toHaveText(`${tag} buy\nsecond line`, { useInnerText: true });
  await expect(created.locator('td').nth(3)).toHaveText(/^\d{1,2} \w{3} \d{4} \d{2}:\d{2}$/);
  // and a feature on top: only the Share one
  await choose(page, page, 'Feature', 'Share');
  await search(page);
  await expect(rows(table(page))).toHaveCount(1);
  await expect(rows(table(page)).locator('td').nth(1)).toHaveText('Share');
  await expect(rows(table(page)).locator('td').nth(2)).toHaveText(`${tag} share`);

  // Reset: no filters, the whole list again
  await reset(page);
  await expect(page.getByLabel('Content', { exact: true })).toHaveValue('');
  await expect(selectShown(page, 'Feature')).toHaveText('');
  await expect(rows(table(page)).first()).toBeVisible();
  expect(await rows(table(page)).count()).toBeGreaterThan(2);

  // Edit: the dialog holds the tooltip; another feature and content
  await fill(page, 'Content', tag);
  await search(page);
  await withText(page, `${tag} buy`).getByRole('button', { name: /^Edit/ }).click();
  dialog = await settled(page.getByRole('dialog', { name: LABEL.editTooltip }));
  await expect(selectShown(dialog, 'Feature')).toHaveText('BuyButton');
  await expect(dialog.getByLabel('Content', { exact: true })).toHaveValue(`${tag} buy\nsecond line`);
  await choose(page, dialog, 'Feature', 'Image');
  await dialog.getByLabel('Content', { exact: true }).fill(`${tag} image`);
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.updateTooltipSuccess)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const edited = withText(page, `${tag} image`);
  await expect(edited.locator('td').nth(1)).toHaveText('Image');
  await expect(withText(page, `${tag} buy`)).toHaveCount(0);

  // Delete behind 'Confirm to delete this record?'
  await edited.getByRole('button', { name: /^Delete/ }).click();
  const pop = page.locator('.ant-popconfirm').filter({ hasText: MSG.deleteRecordConfirm });
  await expect(pop).toBeVisible();
  await expect(pop).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
  await pop.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, MSG.deleteSuccess)).toBeVisible();
  await expect(withText(page, `${tag} image`)).toHaveCount(0);
  await expect(rows(table(page))).toHaveCount(1);
});
