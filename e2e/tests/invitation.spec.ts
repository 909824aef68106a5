import { LABEL, MSG, TOKEN_KEY } from '@atk/contract';
import { expect, test } from '@playwright/test';
import { fieldError, fillFilter, rows, search, signInAs } from './lists.ts';
import { DEMO, inviteToDemoBrand, mailedLink, settled, signIn, toast, uniqueEmail } from './support.ts';

test('invitation: password dialog → Welcome → Create Profile → saved profile; the link then no longer works', async ({
  page,
}) => {
  const email = uniqueEmail('invitee');
  await inviteToDemoBrand(email);
  const link = await mailedLink(email, 'invitations');

  await page.goto(link);
  const dialog = await settled(page.getByRole('dialog', { name: 'Create your password' }));
  await expect(dialog).toBeVisible();
  // Blocking: Escape and a click outside do not close it.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  // The invitation's token is the session now.
  expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toMatch(/^[\w-]{40,}$/);

  const create = dialog.getByRole('button', { name: LABEL.createAccount });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('I agree to the Terms and Conditions').check();
  await expect(create).toBeEnabled();

  // The rule is the password's hint, printed once; a weak password and a different confirmation show both problems,
  // each under its field, the rule in the hint's place.
  await expect(dialog.getByText(MSG.passwordRule, { exact: true })).toHaveCount(1);
  await dialog.getByLabel('Password', { exact: true }).fill('weakpassword');
  await dialog.getByLabel('Confirm Password').fill('weakpassword2');
  await create.click();
  await expect(fieldError(dialog, 'Password')).toHaveText(MSG.passwordRule);
  await expect(fieldError(dialog, 'Confirm Password')).toHaveText(MSG.passwordMismatch);
  await expect(dialog.getByText(MSG.passwordRule, { exact: true })).toHaveCount(1);
  await dialog.getByLabel('Password', { exact: true }).fill('Invited!234');
  await dialog.getByLabel('Confirm Password').fill('Invited!235');
  await create.click();
  await expect(fieldError(dialog, 'Confirm Password')).toHaveText(MSG.passwordMismatch);
  await expect(fieldError(dialog, 'Password')).toHaveCount(0);
  await dialog.getByLabel('Confirm Password').fill('Invited!234');
  await create.click();

  const welcome = await settled(page.getByRole('dialog', { name: 'Welcome' }));
  await expect(welcome).toBeVisible();
  // no toast of the password dialog is left over Welcome
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await welcome.getByRole('button', { name: LABEL.createProfile }).click();
  await expect(page).toHaveURL(/\/client\/profile$/);
  await expect(page.getByTestId('sidebar-title')).toHaveText('Demo Audio');

  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Brand Name')).toBeDisabled();
  await page.getByLabel('First Name').fill('Ivy');
  await page.getByLabel('Last Name').fill('Invitee');
  await page.getByLabel('City').fill('Nashville');
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(toast(page, MSG.profileUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Ivy');
  await expect(page.getByLabel('Last Name')).toHaveValue('Invitee');
  await expect(page.getByLabel('City')).toHaveValue('Nashville');

  // The link is spent: the page shows why, and offers no password dialog.
  await page.goto(link);
  await expect(page.getByTestId('invitation-error')).toContainText(MSG.invitationUsed);
  await expect(page.getByRole('dialog', { name: 'Create your password' })).toHaveCount(0);
  // A page of its own, not the client console around a message.
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();

  // And the new password signs in.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, 'Invited!234');
  await expect(page).toHaveURL(/\/client\/products$/);

  // The operators' list says Accepted, and offers no Copy Link for a link that leads nowhere now.
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.goto('/global/invitations');
  await fillFilter(page, 'Email', email);
  await search(page);
  const accepted = rows(page.getByTestId('invitation-list'));
  await expect(accepted).toHaveCount(1);
  await expect(accepted.locator('td').nth(4)).toHaveText(LABEL.invitationAccepted);
  await expect(accepted.getByRole('button', { name: LABEL.copyLink })).toHaveCount(0);
});

test('an unknown invitation link shows a clear message', async ({ page }) => {
  await page.goto('/invitations/1b4e28ba-2fa1-41d2-883f-0016d3cca427');
  await expect(page.getByTestId('invitation-error')).toContainText(MSG.invitationInvalid);
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
});
