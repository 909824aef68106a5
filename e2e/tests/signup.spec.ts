import { LABEL, MSG } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { fieldError } from './lists.ts';
import { signIn, toast, uniqueEmail } from './support.ts';

const PASSWORD = 'Signup!234';

/** Fills the sign-up form as a visitor does and ticks the terms. */
async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

const createAccount = (page: Page) => page.getByRole('button', { name: LABEL.createAccount });

test('sign up from /home: field errors at their fields, then the answer, then the new account signs in', async ({
  page,
}) => {
  await page.goto('/home');
  await page.getByTestId('header-signup').click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.createAnAccount);
  await expectAccessible(page, '/signup');

  // Create Account waits for the terms
  await expect(createAccount(page)).toBeDisabled();
  await page.getByLabel('I agree to the Terms and Conditions').check();
  await expect(createAccount(page)).toBeEnabled();

  // the password rule is shown once, as the field's hint, before anything is typed
  await expect(page.getByText(MSG.passwordRule, { exact: true })).toHaveCount(1);

  // a weak password and a different confirmation: both problems at once, each under its field
  await fill(page, { Email: uniqueEmail('signup'), Password: 'weak', 'Confirm Password': 'weaker' });
  await createAccount(page).click();
  await expect(fieldError(page, 'Password')).toHaveText(MSG.passwordRule);
  await expect(fieldError(page, 'Confirm Password')).toHaveText(MSG.passwordMismatch);
  await expect(page.getByText(MSG.passwordRule, { exact: true })).toHaveCount(1);

  // what only the server checks comes back under the fields it is about
  await fill(page, {
    Email: 'not-an-email',
    Password: PASSWORD,
    'Confirm Password': PASSWORD,
    'Brand Website': 'www.example.com',
    Phone: 'call me',
  });
  await createAccount(page).click();
  await expect(fieldError(page, 'Email')).toHaveText('Email must be a valid email');
  await expect(fieldError(page, 'Brand Name')).toHaveText('Brand Name is required');
  await expect(fieldError(page, 'Brand Website')).toHaveText('Brand Website must start with http:// or https://');
  await expect(fieldError(page, 'Phone')).toHaveText(`Phone ${MSG.phoneLike}`);
  await expect(fieldError(page, 'Password')).toHaveCount(0);
  await expect(fieldError(page, 'Confirm Password')).toHaveCount(0);

  const email = uniqueEmail('signup');
  await fill(page, {
    Email: email,
    'First Name': 'Sam',
    'Last Name': 'Signup',
    'Brand Name': `Signup Sound ${Date.now().toString(36)}`,
    'Brand Website': 'https://signup.example',
    Phone: '+1 615 555 0100',
  });
  await createAccount(page).click();
  const done = page.getByTestId('signup-done');
  await expect(done).toContainText(MSG.registerReceived);
  await expect(done).toContainText(
    'You can sign in now and set up your products and players. An operator will confirm your brand; until then your players are not public and uploads are limited.',
  );
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expectAccessible(page, 'the sign-up answer');

  await done.getByRole('link', { name: LABEL.signIn }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, PASSWORD);
  await expect(toast(page, MSG.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/client\/products$/);
  await expect(page.getByTestId('user-menu')).toHaveText(email);
});

test('sign up from /login, on a 390 px phone; a known email gets the same answer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // the landing page's header holds SIGN UP beside SIGN IN on a phone
  await page.goto('/home');
  await expect(page.getByTestId('header-signup')).toBeInViewport();
  await expect(page.getByTestId('header-account')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto('/login');
  await page.getByRole('link', { name: `No account yet? ${LABEL.createAnAccount}` }).click();
  await expect(page).toHaveURL(/\/signup$/);
  // nothing is wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, '/signup at 390 px');

  await fill(page, {
    Email: 'customer@demo.atkplayer.com',
    Password: PASSWORD,
    'Confirm Password': PASSWORD,
    'Brand Name': 'Another Demo',
  });
  await page.getByLabel('I agree to the Terms and Conditions').check();
  await createAccount(page).click();
  await expect(page.getByTestId('signup-done')).toContainText(MSG.registerReceived);

  await page.getByTestId('signup-done').getByRole('link', { name: LABEL.signIn }).click();
  await expect(page).toHaveURL(/\/login$/);
});
