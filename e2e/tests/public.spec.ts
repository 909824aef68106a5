/**
 * The public site: landing and mobile landing, the visitor header, the player launch,
 * the 404 page and the network-error message of the login form.
 */
import { API_BASE, LABEL, MSG, type PlayerInstance, SALES_EMAIL, TOKEN_KEY } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { api, apiLogin, DEMO, DEMO_PASSWORD, signIn } from './support';

const YEAR = String(new Date().getFullYear());
const NOT_CONFIGURED = 'Player not configured yet';
const LAUNCH = 'LAUNCH PLAYER';
/** The player the demo data makes for the landing page (apps/server/src/bootstrap/demo/instance.ts). */
const DEMO_INSTANCE = 'Demo Audio Microphones';

type Kind = 'landing_instance' | 'mobile_landing_instance';

/**
 * Answers the page's GET of one landing setting with an instance id (or none). Every other request goes to the
 * real server. Only the unset mobile landing uses it (the demo data sets one, and no API of this branch clears it).
 */
async function serveLandingSetting(page: Page, kind: Kind, instanceId: string | null) {
  await page.route(`**${API_BASE}/widget/settings/${kind}`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    await route.fulfill({
      json: {
        code: 200,
        msg: 'success',
        data: { type: kind, content: { instance: instanceId && { _id: instanceId } } },
      },
    });
  });
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

test.describe('landing page', () => {
  test("'/' redirects to /home", async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('brands-trusted')).toBeVisible();
  });

  test('the visitor header says SIGN IN, leads to /login via the guard, and says ADMIN once signed in', async ({
    page,
  }) => {
    await page.goto('/home');
    const account = page.getByTestId('header-account');
    await expect(account).toHaveText(LABEL.signIn);
    await expect(account).toHaveAttribute('href', '/client/products');

    await account.click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(pathOf(page)).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/client/products');
    await expectAccessible(page, '/login');

    // sign in on the page the header led to: the redirect brings the customer to the products screen
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: LABEL.signIn }).click();
    await expect(page.getByText(MSG.loginSuccess, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/client\/products$/);

    await page.goto('/home');
    await expect(page.getByTestId('header-account')).toHaveText(LABEL.admin);
    await expect(page.getByTestId('header-account')).toHaveAttribute('href', '/client/products');
    await page.getByTestId('header-account').click();
    await expect(page).toHaveURL(/\/client\/products$/);
    await expect(page.getByTestId('sidebar-title')).toHaveText('Demo Audio');
  });

  test("an operator's ADMIN button also goes through /client/products and lands in the operator's own area", async ({
    page,
  }) => {
    await signIn(page, DEMO.atk);
    await expect(page.getByText(MSG.loginSuccess, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/atk\/instances$/);
    await page.goto('/home');
    await expect(page.getByTestId('header-account')).toHaveText(LABEL.admin);
    await page.getByTestId('header-account').click();
    await expect(page).toHaveURL(/\/atk\/instances$/);
    await expect(page.getByTestId('user-menu')).toHaveText(DEMO.atk);
  });

  test('LEARN HOW and Contact Sales are mail links', async ({ page }) => {
    await page.goto('/home');
    const learn = page.getByRole('link', { name: LABEL.learnHow, exact: true });
    await expect(learn).toHaveCount(1);
    await expect(learn).toHaveAttribute('href', new RegExp(`^mailto:${SALES_EMAIL.replace('.', '\\.')}(\\?|$)`));

    const sales = page.getByRole('link', { name: LABEL.contactSales, exact: true });
    await expect(sales).toHaveCount(2);
    await expect(sales.first()).toHaveAttribute('href', `mailto:${SALES_EMAIL}`);
    await expect(sales.nth(1)).toHaveAttribute('href', `mailto:${SALES_EMAIL}`);
  });

  test('claims 65 trusting brands and shows the copyright with the current year', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByTestId('brands-trusted')).toHaveText('trusted by 65 pro audio brands');
    await expect(page.getByTestId('copyright')).toHaveCount(1);
    await expect(page.getByTestId('copyright')).toContainText(`© ${YEAR}`);
    await expectAccessible(page, '/home');
  });
});

/**
 * The desktop landing page against the real setting: the demo data sets its player (the demo instance). These tests
 * read or change that one setting of the shared server, so they run one after the other, and the demo instance is
 * restored after each.
 */
test.describe('landing page player', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: string;
  let demoInstance: { _id: string; name: string; brand_name: string };
  const setLanding = async (instance: { _id: string } | null) => {
    const res = await api('PUT', '/admin/settings/landing_instance', { token: admin, body: { content: { instance } } });
    expect(res.msg).toBe(MSG.updateSuccess);
  };

  test.beforeAll(async () => {
    admin = await apiLogin(DEMO.global_admin);
    const res = await api<{ content: { instance: typeof demoInstance | null } }>(
      'GET',
      '/admin/settings/landing_instance',
      { token: admin },
    );
    expect(res.data.content.instance, 'the demo data sets the landing instance').toBeTruthy();
    demoInstance = res.data.content.instance as typeof demoInstance;
  });
  test.afterEach(() => setLanding({ _id: demoInstance._id }));

  test('the launch button is disabled with a tooltip while no landing instance is set', async ({ page }) => {
    await setLanding(null);
    await page.goto('/home');
    const wrap = page.getByTestId('launch-player-wrap');
    await expect(wrap).toBeVisible();
    const button = page.getByTestId('launch-player');
    await expect(button).toHaveText(LAUNCH);
    await expect(button).toBeDisabled();

    await wrap.hover();
    await expect(page.getByRole('tooltip')).toHaveText(NOT_CONFIGURED);

    // the page carries exactly one player element, not launched
    const player = page.locator('atk-player');
    await expect(player).toHaveCount(1);
    await expect(player).not.toHaveAttribute('instance-id', /.*/);
    await expect(player).not.toHaveAttribute('status', /.*/);
  });

  test('LAUNCH PLAYER opens the demo player: its microphones, then once the audio is ready it plays and switches', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    expect(demoInstance).toMatchObject({ name: DEMO_INSTANCE, brand_name: 'Demo Audio' });
    // After a fresh start the demo audio is processed in the background (a few seconds): wait until it is ready.
    await expect
      .poll(
        async () => {
          const read = await api<PlayerInstance>('GET', `/widget/instances/${demoInstance._id}`);
          return read.data.preparing === 0 && read.data.songs[0]?.sources.every((s) => s.versions.length === 4);
        },
        { timeout: 90_000, intervals: [1000] },
      )
      .toBe(true);

    await page.goto('/home');
    const button = page.getByTestId('launch-player');
    await expect(button).toBeEnabled();
    await expect(button).toHaveText(LAUNCH);
    await expect(page.getByTestId('launch-player-wrap')).toHaveCount(0);
    const player = page.locator('atk-player');
    await expect(player).toHaveCount(1);
    await expect(player).not.toHaveAttribute('status', /.*/);

    await button.click();
    await expect(player).toHaveAttribute('instance-id', demoInstance._id);
    await expect(player).toHaveAttribute('status', 'show');
    await expect(player).not.toHaveAttribute('mini', /.*/);
    const dialog = player.getByRole('dialog', { name: DEMO_INSTANCE });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Demo Audio', { exact: true })).toBeVisible();

    // The four microphones: the three featured ones loaded, the fourth offered.
    const items = dialog.getByRole('list').getByRole('listitem');
    await expect(items).toHaveCount(3);
    for (const [i, name] of ['Lumen C1', 'Velour R2', 'Brick D7'].entries())
      await expect(items.nth(i)).toContainText(name);
    await expect(dialog.getByLabel('Add a product to compare').locator('option:not([value=""])')).toHaveText([
      'Pencil S4 (PS-4)',
    ]);
    await expect(dialog.getByLabel('Song', { exact: true }).locator('option')).toHaveText([
      'Morning Light – ATK Demo Band',
    ]);

    // Plays, and switching products keeps the clock running.
    const play = dialog.getByRole('button', { name: /^(Play|Pause)$/ });
    const position = async () =>
      Number(await dialog.getByRole('slider', { name: 'Playback position' }).getAttribute('aria-valuenow'));
    const productButton = (name: string) =>
      dialog.getByRole('list').getByRole('button', { name: new RegExp(`^\\d?\\s*${name}`) });
    await expect(play).not.toHaveAttribute('aria-disabled', 'true', { timeout: 20_000 });
    await expect(dialog.getByText('loading…')).toHaveCount(0, { timeout: 20_000 });
    await play.click();
    await expect(play).toHaveAttribute('data-state', 'playing');
    await expect.poll(position).toBeGreaterThan(1);
    const p1 = await position();
    await productButton('Velour R2').click();
    await expect(productButton('Velour R2')).toHaveAttribute('aria-pressed', 'true');
    await expect(productButton('Lumen C1')).toHaveAttribute('aria-pressed', 'false');
    await expect(play).toHaveAttribute('data-state', 'playing');
    await expect.poll(position).toBeGreaterThan(p1 + 0.4);
  });
});

test.describe('mobile landing page', () => {
  test('shows the mobile page with the mail link, the claim and the copyright', async ({ page }) => {
    await page.goto('/mobile');
    await expect(page.getByText('trusted by 65 pro audio brands', { exact: true })).toBeVisible();
    const sales = page.getByRole('link', { name: LABEL.contactSales, exact: true });
    await expect(sales).toHaveAttribute('href', `mailto:${SALES_EMAIL}`);
    await expect(page.getByTestId('copyright')).toContainText(`© ${YEAR}`);
    await expectAccessible(page, '/mobile');
  });

  test('the launch button is disabled with a tooltip while no mobile landing instance is set', async ({ page }) => {
    // The demo data sets one: the unset state is the page's answer to a setting naming none.
    await serveLandingSetting(page, 'mobile_landing_instance', null);
    await page.goto('/mobile');
    const wrap = page.getByTestId('launch-player-wrap');
    await expect(wrap).toBeVisible();
    await expect(page.getByTestId('launch-player')).toBeDisabled();
    await wrap.hover();
    await expect(page.getByRole('tooltip')).toHaveText(NOT_CONFIGURED);
    await expect(page.locator('atk-mobile-player')).toHaveCount(1);
  });

  test('LAUNCH PLAYER launches <atk-mobile-player> with the mobile landing instance and status show', async ({
    page,
    request,
  }) => {
    // The real setting: the demo data's mobile instance (apps/server/src/bootstrap/demo/mobile.ts).
    const setting = await request.get(`${API_BASE}/widget/settings/mobile_landing_instance`);
    const mobileId = ((await setting.json()) as { data: { content: { instance: { _id: string } | null } } }).data
      .content.instance?._id;
    expect(mobileId).toBeTruthy();

    await page.goto('/mobile');
    const button = page.getByTestId('launch-player');
    await expect(button).toBeEnabled();
    const player = page.locator('atk-mobile-player');
    await expect(player).toHaveCount(1);
    // Not the desktop player.
    await expect(page.locator('atk-player[status="show"]')).toHaveCount(0);

    await button.click();
    await expect(player).toHaveAttribute('instance-id', mobileId as string);
    await expect(player).toHaveAttribute('status', 'show');
    await expect(player.getByRole('dialog', { name: 'Demo Mobile' })).toBeVisible();
  });
});

test.describe('404 page', () => {
  for (const path of ['/no-such-page', '/home/deeper/still', '/privacy-policy']) {
    test(`an unknown path (${path}) shows the 404 page and Back to home leads to /home`, async ({ page }) => {
      await page.goto(path);
      const notFound = page.getByTestId('not-found');
      await expect(notFound).toBeVisible();
      await expect(notFound.getByRole('heading', { level: 1 })).toHaveText(MSG.notFoundHeading);
      await expect(notFound.getByText(MSG.notFoundText, { exact: true })).toBeVisible();
      await expect(notFound.getByText(MSG.notFoundHint, { exact: true })).toBeVisible();
      expect(pathOf(page)).toBe(path);
      if (path === '/no-such-page') await expectAccessible(page, 'the 404 page');

      const back = notFound.getByRole('link', { name: MSG.notFoundBack, exact: true });
      await expect(back).toHaveAttribute('href', '/');
      await back.click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByTestId('not-found')).toHaveCount(0);
      await expect(page.getByTestId('brands-trusted')).toBeVisible();
    });
  }
});

test.describe('network failure', () => {
  test('a login call that fails on the network shows "Network error" and keeps the visitor signed out', async ({
    page,
  }) => {
    let attempts = 0;
    await page.route(`**${API_BASE}/users/login`, (route) => {
      attempts += 1;
      return route.abort('failed');
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: LABEL.signIn }).click();

    await expect(page.getByText(MSG.networkError, { exact: true })).toBeVisible();
    expect(attempts).toBe(1);
    await expect(page.getByText(MSG.loginSuccess, { exact: true })).toHaveCount(0);
    expect(pathOf(page)).toBe('/login');
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    // the form stays usable for another attempt
    await expect(page.getByRole('button', { name: LABEL.signIn })).toBeEnabled();
  });
});
