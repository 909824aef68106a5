import { MSG } from '@atk/contract';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { fieldError } from './lists.ts';
import { customerWithPassword, mailedLink, signIn, toast } from './support.ts';

test('recover: email is required', async ({ page }) => {
  await page.goto('/recover');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, MSG.emailRequired)).toBeVisible();
});

test('recovery by mail: the new password signs in, the old one does not, the link works once', async ({ page }) => {
  const email = await customerWithPassword('Old!23456', 'recover');
  await page.goto('/recover');
  await expectAccessible(page, '/recover');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, MSG.recoverSent)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const link = await mailedLink(email, 'recover');
  await page.goto(link);
  const setNew = page.getByRole('button', { name: 'Set New Password' });
  await expectAccessible(page, 'the password reset page');
  // each problem under its field; the rule is the password's hint, printed once
  await expect(page.getByText(MSG.passwordRule, { exact: true })).toHaveCount(1);
  await setNew.click();
  await expect(fieldError(page, 'New Password')).toHaveText(MSG.passwordRequired);
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('shorter');
  await setNew.click();
  await expect(fieldError(page, 'New Password')).toHaveText(MSG.passwordRule);
  await expect(fieldError(page, 'Confirm Password')).toHaveText(MSG.passwordMismatch);
  await expect(page.getByText(MSG.passwordRule, { exact: true })).toHaveCount(1);
  await page.getByLabel('New Password').fill('New!23456');
  await page.getByLabel('Confirm Password').fill('New!234567');
  await setNew.click();
  await expect(fieldError(page, 'Confirm Password')).toHaveText(MSG.passwordMismatch);
  await expect(fieldError(page, 'New Password')).toHaveCount(0);
  await page.getByLabel('Confirm Password').fill('New!23456');
  await setNew.click();
  await expect(toast(page, MSG.passwordSet)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, 'Old!23456');
  await expect(toast(page, MSG.invalidCredentials)).toBeVisible();
  await signIn(page, email, 'New!23456');
  await expect(page).toHaveURL(/\/client\/products$/);

  // The same link again: the page says so at once, with no form to fill in for nothing.
  await page.goto(link);
  await expect(page.getByTestId('reset-error')).toContainText(MSG.resetUsed);
  await expect(page.getByRole('link', { name: 'request a new link' })).toBeVisible();
  await expect(setNew).toHaveCount(0);
});

test('an unknown recovery link is refused at once with a clear message', async ({ page }) => {
  await page.goto('/recover/7d3c1b3e-0000-4000-8000-000000000000');
  await expect(page.getByTestId('reset-error')).toContainText(MSG.resetInvalid);
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  await expectAccessible(page, 'a refused recovery link');
  await page.getByRole('link', { name: 'request a new link' }).click();
  await expect(page).toHaveURL(/\/recover$/);
});
