import { AREA, MSG, type Role, TOKEN_KEY } from '@atk/contract';
import { expect, test } from '@playwright/test';
import { api, apiLogin, DEMO, signIn, toast } from './support.ts';

test.describe('sign-in', () => {
  test('warns when email or password is missing', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(toast(page, MSG.emailPasswordRequired)).toBeVisible();
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(toast(page, MSG.emailPasswordRequired)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("shows the server's message for a wrong password", async ({ page }) => {
    await signIn(page, DEMO.customer, 'Wrong!2345');
    await expect(toast(page, MSG.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBeNull();
  });

  test('links to account recovery', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Recover Account' }).click();
    await expect(page).toHaveURL(/\/recover$/);
  });

  for (const role of Object.keys(DEMO) as Role[]) {
    test(`${role} lands in its own area and is sent home from the others`, async ({ page }) => {
      await signIn(page, DEMO[role]);
      await expect(toast(page, MSG.loginSuccess)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${AREA[role].home}$`));
      expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toMatch(/^[\w-]{40,}$/);
      for (const other of Object.values(AREA).filter((a) => a.prefix !== AREA[role].prefix)) {
        await page.goto(other.home);
        await expect(page).toHaveURL(new RegExp(`${AREA[role].home}$`));
      }
      // /login while signed in goes on to the user's area, not to a second sign-in form
      await page.goto('/login');
      await expect(page).toHaveURL(new RegExp(`${AREA[role].home}$`));
      await expect(page.getByLabel('Password')).toHaveCount(0);
    });
  }

  test('honours the redirect query after sign-in', async ({ page }) => {
    await page.goto('/client/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fclient%2Fprofile$/);
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByLabel('Password').fill('Demo!2345');
    const started = Date.now();
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page).toHaveURL(/\/client\/profile$/);
    // The redirect waits half a second after "Login success".
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  test('never follows a redirect to another origin', async ({ page }) => {
    await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByLabel('Password').fill('Demo!2345');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page).toHaveURL(/\/client\/products$/);
  });
});

test.describe('guard', () => {
  for (const area of ['/client/products', '/global/brands', '/super/brands', '/atk/instances']) {
    test(`sends a visitor from ${area} to sign-in with a redirect`, async ({ page }) => {
      await page.goto(area);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(area)}`);
    });
  }

  test('an expired session shows "Authorization expired" and goes to sign-in', async ({ page }) => {
    const token = await apiLogin(DEMO.customer);
    await page.goto('/home');
    await page.evaluate(([k, t]) => localStorage.setItem(k, t), [TOKEN_KEY, token] as const);
    await page.goto('/client/profile');
    await expect(page.getByLabel('First Name')).toBeVisible();
    // The session ends on the server (as when it expires or is revoked elsewhere).
    expect((await api('POST', '/users/logout', { token })).code).toBe(200);
    await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
    await expect(toast(page, MSG.authExpired)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBeNull();
  });

  test('a forged token is treated as expired', async ({ page }) => {
    await page.goto('/home');
    await page.evaluate((k) => localStorage.setItem(k, 'forged-token'), TOKEN_KEY);
    await page.goto('/global/brands');
    await expect(toast(page, MSG.authExpired)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an unknown role is signed out', async ({ page }) => {
    // The server knows only the four roles, so both answers that carry the role are altered on their way.
    await page.route('**/api/v1/atk_player/users/info', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.role = 'guest';
      await route.fulfill({ response: res, json: body });
    });
    await page.route('**/api/v1/atk_player/users/login', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.user_info.role = 'guest';
      await route.fulfill({ response: res, json: body });
    });
    await signIn(page, DEMO.customer);
    await expect(toast(page, MSG.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBeNull();
  });
});
