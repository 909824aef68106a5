/**
 * A self sign-up's brand waits for an operator (docs/api.md "A brand's state and scope"): its customer is told so
 * across the brand console (the banner), at Publish and on the Integration page; an operator's confirmation of a
 * name another brand has is refused with that brand named, a rename lets it through, the banner is gone after a
 * reload and the owner has the mail.
 */
import { hashPassword, LABEL, MSG } from '@atk/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { choose, dialog, fill, row, rows, search, signInAs, uid } from './lists.ts';
import { api, apiLogin, DEMO, mailedText, ok, signIn, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });

const PASSWORD = 'Pending!2345';

/** An operator's Brands screen, narrowed to the brands named `name` and still pending. */
async function pendingBrands(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await fill(page, 'Name', name);
  await choose(page, page, LABEL.status, LABEL.statusPending);
  await search(page);
  return page;
}

test('a pending brand is told what waits for the confirmation, which names a clash; the owner is mailed', async ({
  page,
  browser,
}) => {
  // An operator's brand, and a stranger signing up with its very name (as the sign-up form's call does).
  const taken = `Pending Clash ${uid()}`;
  const operator = await apiLogin(DEMO.global_admin);
  await ok(api('POST', '/admin/brands', { token: operator, body: { name: taken, is_published: 1 } }));
  const email = `pending-${uid()}@e2e.example`;
  const registered = await api('POST', '/users/register', {
    body: { email, password: hashPassword(PASSWORD), password_confirm: hashPassword(PASSWORD), brand_name: taken },
  });
  expect({ code: registered.code, msg: registered.msg, data: registered.data }).toEqual({
    code: 200,
    msg: MSG.registerReceived,
    data: null,
  });

  // The customer signs in: the banner across the console says what is pending and what it blocks.
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/client\/products$/);
  const banner = page.getByTestId('pending-brand-banner');
  await expect(banner.locator('.ant-alert-title')).toHaveText(MSG.brandPendingTitle);
  await expect(banner.locator('.ant-alert-description')).toHaveText(MSG.brandPendingBanner);
  await expectAccessible(page, 'the brand console with the pending banner');

  // My Players: Publish says the player goes public once the brand is confirmed, on the list and on the Status field.
  const token = await apiLogin(email, PASSWORD);
  const instance = await ok(
    api<{ _id: string }>('POST', '/instances', { token, body: { general: { name: `Player ${uid()}` } } }),
  );
  await page.getByTestId('nav-client-instances').click();
  await expect(page.getByTestId('publish-awaits-brand')).toHaveText(MSG.publishAwaitsBrand);
  await expect(banner).toBeVisible();
  await page.goto(`/client/instances/${instance._id}/edit`);
  await expect(page.getByTestId('status-field').locator('.ant-form-item-extra')).toHaveText(MSG.publishAwaitsBrand);
  await expectAccessible(page, "a pending brand's instance");

  // Integration: the snippets work once the brand is confirmed.
  await page.goto('/client/integration');
  await expect(page.getByTestId('integration-awaits-brand')).toHaveText(MSG.integrationAwaitsBrand);
  await expectAccessible(page, "a pending brand's integration page");

  // The operator switches it to Active: refused, the other brand named; renamed, it is confirmed.
  const brands = await pendingBrands(browser, taken);
  const table = brands.getByTestId('brand-list');
  await expect(rows(table)).toHaveCount(1);
  await brands.getByRole('button', { name: `${LABEL.edit} ${taken}`, exact: true }).click();
  let edit = await dialog(brands, LABEL.editBrand);
  await choose(brands, edit, LABEL.status, LABEL.statusActive);
  await edit.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(brands, MSG.brandConfirmClash.replace('{name}', taken))).toBeVisible();
  await edit.getByRole('button', { name: LABEL.cancel }).click();
  await expect(brands.getByRole('dialog')).toHaveCount(0);
  await expect(row(table, taken).locator('td').nth(2)).toHaveText(LABEL.statusPending);

  const renamed = `${taken} Studio`;
  await brands.getByRole('button', { name: `${LABEL.edit} ${taken}`, exact: true }).click();
  edit = await dialog(brands, LABEL.editBrand);
  await fill(edit, 'Name', renamed);
  await choose(brands, edit, LABEL.status, LABEL.statusActive);
  await edit.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(brands, MSG.updateBrandSuccess)).toBeVisible();
  await expect(brands.getByRole('dialog')).toHaveCount(0);

  // The customer's next load: no banner, no notes, the new name in the sidebar.
  await page.reload();
  await expect(page.getByTestId('integration-awaits-brand')).toHaveCount(0);
  await expect(page.getByTestId('pending-brand-banner')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-title')).toHaveText(renamed);
  await page.getByTestId('nav-client-instances').click();
  await expect(page.getByTestId('instance-list')).toBeVisible();
  await expect(page.getByTestId('publish-awaits-brand')).toHaveCount(0);

  // And the owner has the mail.
  const mail = await mailedText(email, `An operator confirmed your brand ${renamed}.`);
  const headers = mail.replace(/\r?\n(?=[ \t])/g, ''); // long header lines are folded
  expect(headers).toContain(`Subject: Your brand ${renamed} is confirmed on ATK Player`);
  expect(headers).toContain(`To: ${email}`);
});
