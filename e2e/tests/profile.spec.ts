import { MSG } from '@atk/contract';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support.ts';

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
  for (const [label, value] of FIELDS) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.locator('.ant-message').getByText(MSG.profileUpdated, { exact: true })).toBeVisible();
  await page.reload();
  for (const [label, value] of FIELDS) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
});
