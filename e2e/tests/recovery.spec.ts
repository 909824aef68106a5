import { hashPassword, MSG } from '@atk/contract';
import { expect, test } from '@playwright/test';
import { api, inviteToDemoBrand, mailedLink, signIn, toast, uniqueEmail } from './support.ts';

/** A customer with a known password, made the way a real one is: invited, then the link sets the password. */
async function customerWithPassword(password: string) {
  const email = uniqueEmail('recover');
  await inviteToDemoBrand(email);
  const link = await mailedLink(email, 'invitations');
  const opened = await api<{ token: string }>('GET', link);
  const set = await api('POST', '/users/update_password', {
    token: opened.data.token,
    body: { origin_password: '', new_password: hashPassword(password), password_confirm: hashPassword(password) },
  });
  expect(set.code, set.msg).toBe(200);
  return email;
}

test('recover: email is required', async ({ page }) => {
  await page.goto('/recover');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, MSG.emailRequired)).toBeVisible();
});

test('recovery by mail: the new password signs in, the old one does not, the link works once', async ({ page }) => {
  const email = await customerWithPassword('Old!23456');
  await page.goto('/recover');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, MSG.recoverSent)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const link = await mailedLink(email, 'recover');
  await page.goto(link);
  const setNew = page.getByRole('button', { name: 'Set New Password' });
  await setNew.click();
  await expect(toast(page, MSG.passwordRequired)).toBeVisible();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await setNew.click();
  await expect(toast(page, MSG.passwordRule)).toBeVisible();
  await page.getByLabel('New Password').fill('New!23456');
  await page.getByLabel('Confirm Password').fill('New!234567');
  await setNew.click();
  await expect(toast(page, MSG.passwordMismatch)).toBeVisible();
  await page.getByLabel('Confirm Password').fill('New!23456');
  await setNew.click();
  await expect(toast(page, MSG.passwordSet)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, 'Old!23456');
  await expect(toast(page, MSG.invalidCredentials)).toBeVisible();
  await signIn(page, email, 'New!23456');
  await expect(page).toHaveURL(/\/client\/products$/);

  // The same link again: the page says so.
  await page.goto(link);
  await page.getByLabel('New Password').fill('Newer!2345');
  await page.getByLabel('Confirm Password').fill('Newer!2345');
  await setNew.click();
  await expect(page.getByTestId('reset-error')).toContainText(MSG.resetUsed);
});

test('an unknown recovery link is refused with a clear message', async ({ page }) => {
  await page.goto('/recover/7d3c1b3e-0000-4000-8000-000000000000');
  await page.getByLabel('New Password').fill('New!23456');
  await page.getByLabel('Confirm Password').fill('New!23456');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByTestId('reset-error')).toContainText(MSG.resetInvalid);
});
