import { hashPassword, MSG } from '@atk/contract';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { fieldError } from './lists.ts';
import { api, apiLogin, customerWithPassword, DEMO, signIn, toast } from './support.ts';

const FIELDS: [string, string][] = [
  ['First Name', 'Grace'],
  ['Last Name', 'Hopper'],
  ['Company Name', 'Demo Audio Inc.'],
  ['Company Website', 'https://demo-audio.example'],
  ['Company Phone', '+1 615 555 0100'],
  ['Phone', '+1 615 555 0101'],
  ['Brand Website', 'https://brand.demo-audio.example'],
  ['Address Line 1', '100 Music Row'],
  ['Address Line 2', 'Suite 5'],
  ['City', 'Nashville'],
  ['State / Province / Region', 'Tennessee'],
  ['Postal Code', '37203'],
  ['Country', 'United States'],
];

test('profile: every field saves and reads back after a reload', async ({ page }) => {
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.getByTestId('nav-client-profile').click();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.customer);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  // The demo customer was invited to an existing brand: its name is locked.
  await expect(page.getByLabel('Brand Name')).toBeDisabled();
  await expectAccessible(page, '/client/profile');
  for (const [label, value] of FIELDS) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.locator('.ant-message').getByText(MSG.profileUpdated, { exact: true })).toBeVisible();
  await page.reload();
  for (const [label, value] of FIELDS) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
});

test('profile: a customer changes its password; its other sessions end, the new password signs in', async ({
  page,
}) => {
  const email = await customerWithPassword('Before!234', 'change-password');
  const otherSession = await apiLogin(email, 'Before!234');
  await signIn(page, email, 'Before!234');
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.getByTestId('nav-client-profile').click();
  const card = page.locator('.ant-card').filter({ hasText: 'Change Password' });
  const change = card.getByRole('button', { name: 'Change Password' });

  // each problem shows under the field it is about, the mismatch under the confirmation
  await change.click();
  await expect(fieldError(page, 'Current Password')).toHaveText(MSG.currentPasswordRequired);
  await card.getByLabel('Current Password').fill('Wrong!2345');
  await card.getByLabel('New Password', { exact: true }).fill('short');
  await change.click();
  await expect(fieldError(page, 'New Password')).toHaveText(MSG.passwordRule);
  // the mismatch shows even while the rule fails, and the rule (the field's hint until then) is printed once
  await expect(fieldError(page, 'Confirm New Password')).toHaveText(MSG.passwordMismatch);
  await expect(card.getByText(MSG.passwordRule, { exact: true })).toHaveCount(1);
  await card.getByLabel('New Password', { exact: true }).fill('After!2345');
  await card.getByLabel('Confirm New Password').fill('After!23456');
  await change.click();
  await expect(fieldError(page, 'Confirm New Password')).toHaveText(MSG.passwordMismatch);
  await expect(fieldError(page, 'New Password')).toHaveCount(0);
  expect(await page.locator('.ant-message-notice').allInnerTexts()).not.toContain(MSG.passwordMismatch);
  await card.getByLabel('Confirm New Password').fill('After!2345');
  await change.click();
  await expect(toast(page, MSG.originPasswordWrong)).toBeVisible();

  await card.getByLabel('Current Password').fill('Before!234');
  await change.click();
  await expect(toast(page, MSG.passwordSet)).toBeVisible();
  await expect(toast(page, MSG.otherSessionsEnded)).toBeVisible();
  await expect(card.getByLabel('Current Password')).toHaveValue('');

  // This session goes on; the other one has ended; the old password is refused, the new one signs in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  expect((await api('GET', '/users/info', { token: otherSession })).code).toBe(401);
  const oldPassword = await api('POST', '/users/login', { body: { email, password: hashPassword('Before!234') } });
  expect(oldPassword.msg).toBe(MSG.invalidCredentials);
  expect(await apiLogin(email, 'After!2345')).toBeTruthy();
});
