/**
 * The operators' invitations (docs/api.md "Operators") in /global and /super: the columns, Send
 * Invitation with its two checks, the new row with its brand, the email filter with Reset, and Copy Link showing
 * the very link the mail carries, copied to the clipboard, which opens the invitation page.
 */
import { LABEL, MSG } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { choose, DEMO_BRAND, fill, headers, reset, row, rows, search, selectShown, signInAs } from './lists.ts';
import { DEMO, inviteToDemoBrand, mailedLink, settled, toast, uniqueEmail } from './support.ts';

test.use({ actionTimeout: 10_000, permissions: ['clipboard-read', 'clipboard-write'] });

const table = (page: Page) => page.getByTestId('invitation-list');

for (const [area, email] of [
  ['global', DEMO.global_admin],
  ['super', DEMO.super_admin],
] as const) {
  test(`${area}: Send Invitation, the new row, the email filter and Copy Link`, async ({ page }) => {
    const invitee = uniqueEmail(`invited-${area}`);
    await signInAs(page, email, `/${area}/brands`);
    await page.getByTestId(`nav-${area}-invitations`).click();
    await expect(page).toHaveURL(new RegExp(`/${area}/invitations$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.invitations);
    await expect(headers(table(page))).toHaveText([
      'Index',
      'Email',
      'Brand',
      'Invitation at',
      LABEL.invitationState,
      LABEL.copyLink,
    ]);

    await page.getByRole('button', { name: LABEL.sendInvitation }).click();
    const dialog = await settled(page.getByRole('dialog', { name: LABEL.sendInvitation }));
    await expect(selectShown(dialog, LABEL.brandOrigin)).toHaveText(LABEL.existingBrand);
    // nothing entered: both checks
    await dialog.getByRole('button', { name: LABEL.save }).click();
    await expect(dialog.getByText(MSG.validEmail, { exact: true })).toBeVisible();
    await expect(dialog.getByText(MSG.selectBrand, { exact: true })).toBeVisible();
    // an address that is not one
    await fill(dialog, 'Email', 'not-an-email');
    await expect(dialog.getByText(MSG.validEmail, { exact: true })).toBeVisible();
    // the only brand origin is Existing Brand
    await dialog.getByLabel(LABEL.brandOrigin, { exact: true }).click();
    const origins = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await expect(origins).toHaveText([LABEL.existingBrand]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await fill(dialog, 'Email', invitee);
    await expect(dialog.getByText(MSG.validEmail, { exact: true })).toHaveCount(0);
    await choose(page, dialog, 'Brand', DEMO_BRAND, 'Demo Au');
    await expect(dialog.getByText(MSG.selectBrand, { exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: LABEL.save }).click();
    await expect(toast(page, MSG.sendInvitationSuccess)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const invited = row(table(page), invitee);
    await expect(invited).toHaveCount(1);
    await expect(invited.locator('td').nth(2)).toHaveText(DEMO_BRAND);
    await expect(invited.locator('td').nth(3)).toHaveText(/^\d{1,2} \w{3} \d{4} \d{2}:\d{2}$/);
    // its link is not used yet: Pending
    await expect(invited.locator('td').nth(4)).toHaveText(LABEL.invitationPending);
    // the state tags' text reads on their tint (the pending tag was antd's pale blue, 3.7:1)
    await expectAccessible(page, `/${area}/invitations with a pending invitation`);

    // the email filter, then Reset
    await fill(page, 'Email', invitee);
    await search(page);
    await expect(rows(table(page))).toHaveCount(1);
    await expect(rows(table(page)).first().locator('td').nth(1)).toHaveText(invitee);
    await fill(page, 'Email', `${invitee}.none`);
    await search(page);
    await expect(rows(table(page))).toHaveCount(0);
    await reset(page);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
    await expect(row(table(page), invitee)).toHaveCount(1);

    // Copy Link: the link of the mail, copied
    const mailed = await mailedLink(invitee, 'invitations');
    await page.getByRole('button', { name: `${LABEL.copyLink} ${invitee}`, exact: true }).click();
    const linkDialog = await settled(page.getByRole('dialog', { name: LABEL.copyLink }));
    const origin = new URL(page.url()).origin;
    await expect(linkDialog.getByTestId('invitation-link')).toHaveValue(`${origin}${mailed}`);
    await linkDialog.getByRole('button', { name: LABEL.copy }).click();
    await expect(toast(page, MSG.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}${mailed}`);
    await linkDialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // the link opens the invitation page (a fresh browser: the invitee's)
    const context = await page.context().browser()?.newContext();
    if (!context) throw new Error('no browser');
    try {
      const invitePage = await context.newPage();
      await invitePage.goto(`${origin}${mailed}`);
      await expect(await settled(invitePage.getByRole('dialog', { name: 'Create your password' }))).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test('a refused clipboard shows its error', async ({ page }) => {
  const invitee = uniqueEmail('invited-clipboard');
  await inviteToDemoBrand(invitee);
  // this browser refuses to write the clipboard
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('Write permission denied.')) },
    });
  });
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.goto('/global/invitations');
  await row(table(page), invitee).getByRole('button', { name: LABEL.copyLink }).click();
  const dialog = await settled(page.getByRole('dialog', { name: LABEL.copyLink }));
  await dialog.getByRole('button', { name: LABEL.copy }).click();
  await expect(toast(page, 'Write permission denied.')).toBeVisible();
  await expect(toast(page, MSG.copied)).toHaveCount(0);
});
