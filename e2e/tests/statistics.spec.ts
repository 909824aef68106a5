/**
 * Statistics from real player events (issue 13; spec 2 §2 Statistics of users (ATK), Statistics of brands, Player
 * instance analytics): two visitors (two browser contexts, so two visitor ids) open a published instance on a
 * brand's page of another origin and listen; then the operator's Statistics of brands shows today's 2 launches
 * by 2 unique users and 2 new users, Total Users lists both with the host page as sign-up url; Statistics of
 * users (ATK) lists them; the instance's analytics shows its name and its products' plays and listening time;
 * the brand's customer sees the same on /client/statistics, and another brand's customer sees none of it.
 *
 * The brand is a customer of its own (customerOnPlan), so today's figures of its brand are exactly these two
 * visits whatever other specs do; its instance shows two demo microphones as other brands' products.
 */
import type { Server } from 'node:http';
import { API_BASE, DEFAULT_SUBSCRIPTION, LABEL, type PlayerInstance, utcToday } from '@atk/contract';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { choose, exactly, row, rows, signInAs, uid } from './lists.ts';
import { api, apiLogin, baseUrl, customerOnPlan, DEMO, serveElsewhere } from './support.ts';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });
test.setTimeout(120_000);

async function ok<T>(res: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const r = await res;
  expect(r.code, r.msg).toBe(200);
  return r.data;
}

const scene = {
  customer: { email: '', password: '', brandId: '' },
  brandName: '',
  instance: { id: '', name: '' },
  /** The host page's URL: the visitors' sign-up url. */
  site: null as unknown as { url: string; server: Server },
  visitors: [] as string[],
};

/** Today's row of a day-by-day table, as the table writes it ('26 Nov 2026'). */
const TODAY = new Date(`${utcToday()}T12:00:00Z`).toLocaleDateString('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A brand's page on another origin with a button that launches the instance. */
async function serveBrandPage(instanceId: string): Promise<{ url: string; server: Server }> {
  const base = baseUrl();
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Stats Lab microphones</title>
<link rel="stylesheet" href="${base}/player/atk-player.css">
<script src="${base}/player/atk-player.js" defer></script>
</head>
<body>
<h1>Our microphones</h1>
<button type="button" id="compare">Compare</button>
<atk-player></atk-player>
<script>
document.getElementById('compare').addEventListener('click', function () {
  var player = document.querySelector('atk-player');
  player.setAttribute('instance-id', '${instanceId}');
  player.setAttribute('status', 'show');
});
</script>
</body>
</html>`;
  return serveElsewhere(html);
}

const playButton = (dialog: Locator) => dialog.getByRole('button', { name: /^(Play|Pause)$/ });
const position = async (dialog: Locator) =>
  Number(await dialog.getByRole('slider', { name: 'Playback position' }).getAttribute('aria-valuenow'));

/**
 * One visitor in a browser of its own: opens the player on the brand's page, plays the first product for a
 * couple of seconds and closes the player, which sends the gathered events. Answers the visitor id the player
 * keeps. The events request's answer is watched (nothing is intercepted) only to know when the server has taken it.
 */
async function visit(browser: Browser | null): Promise<string> {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext();
  const page = await context.newPage();
  const answers: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && request.url() === `${baseUrl()}${API_BASE}/widget/events`)
      answers.push(response.status());
  });
  await page.goto(scene.site.url);
  await page.getByRole('button', { name: 'Compare' }).click();
  const dialog = page.locator('atk-player').getByRole('dialog', { name: scene.instance.name });
  await expect(dialog).toBeVisible();
  await expect(playButton(dialog)).not.toHaveAttribute('aria-disabled', 'true', { timeout: 20_000 });
  await playButton(dialog).click();
  await expect.poll(() => position(dialog), { timeout: 15_000 }).toBeGreaterThan(2);
  await dialog.getByRole('button', { name: 'Close player' }).click();
  await expect.poll(() => answers.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(answers.every((status) => status === 200)).toBe(true);
  const visitor = await page.evaluate(() => localStorage.getItem('atk-player-visitor'));
  await context.close();
  expect(visitor).toBeTruthy();
  return visitor as string;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const customer = await customerOnPlan('Stats', {
    ...DEFAULT_SUBSCRIPTION,
    other_brands_products: { is_enable: 1 },
  });
  scene.customer = customer;
  const admin = await apiLogin(DEMO.global_admin);
  scene.brandName = (
    await ok(api<{ name: string }>('GET', `/admin/brands/${customer.brandId}`, { token: admin }))
  ).name;

  // Two demo microphones (another brand's products) in a published instance of the new brand.
  const demo = await apiLogin(DEMO.customer);
  const product = async (name: string) => {
    const res = await ok(
      api<{ list: { _id: string; general: { name: string; brand_id: string } }[] }>(
        'GET',
        `/products?page_num=1&page_size=20&name=${encodeURIComponent(name)}`,
        { token: demo },
      ),
    );
    const found = res.list.find((p) => p.general.name === name);
    expect(found, `demo product ${name}`).toBeTruthy();
    return found as { _id: string; general: { brand_id: string } };
  };
  const velour = await product('Velour R2');
  const pencil = await product('Pencil S4');
  const token = await apiLogin(customer.email, customer.password);
  scene.instance.name = `Stats Player ${uid()}`;
  const made = await ok(
    api<{ _id: string }>('POST', '/instances', { token, body: { general: { name: scene.instance.name } } }),
  );
  scene.instance.id = made._id;
  const put = (body: unknown) => ok(api('PUT', `/instances/${made._id}`, { token, body }));
  await put({ general: { name: scene.instance.name, is_published: 1 } });
  await put({
    products: [],
    other_products: [
      { product_id: velour._id, brand_id: velour.general.brand_id, is_active: 1, order: 1 },
      { product_id: pencil._id, brand_id: pencil.general.brand_id, is_active: 1, order: 2 },
    ],
  });
  // The demo audio is processed by the server's jobs: wait until the instance offers it.
  await expect
    .poll(
      async () => {
        const read = await api<PlayerInstance>('GET', `/widget/instances/${made._id}`);
        const sources = read.data?.songs?.flatMap((s) => s.sources) ?? [];
        return sources.length > 0 && sources.every((s) => s.versions.length === 2);
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe(true);

  scene.site = await serveBrandPage(made._id);
  scene.visitors.push(await visit(browser));
  scene.visitors.push(await visit(browser));
  expect(scene.visitors[0]).not.toBe(scene.visitors[1]);
});

test.afterAll(async () => {
  if (scene.site) await new Promise((resolve) => scene.site.server.close(resolve));
});

// ── helpers ───────────────────────────────────────────────────────────────────────────────────────────
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel').filter({ visible: true });
/** The cells of today's row of the figures' table under a chart. */
const todayCells = (figures: Locator) => row(figures.locator('.statistics__table'), TODAY).locator('td');

/** Total Users: the total, and a row per visitor with its id and the host page as sign-up url. */
async function expectVisitors(page: Page, total: number | null, place: boolean) {
  const section = page.getByTestId('statistics-visitors');
  const head = [
    'Index',
    LABEL.visitorId,
    LABEL.signInCount,
    LABEL.lastSignIn,
    LABEL.signUpUrl,
    LABEL.signUpAt,
    ...(place ? [LABEL.country, LABEL.stateProvince, LABEL.city] : []),
  ];
  await expect(section.locator('thead th')).toHaveText(head);
  if (total !== null) {
    await expect(section.getByTestId('statistics-visitors-total')).toHaveText(String(total));
    await expect(rows(section)).toHaveCount(total);
  }
  for (const id of scene.visitors) {
    const cells = row(section, id).locator('td');
    await expect(cells.nth(2)).toHaveText('1');
    await expect(cells.nth(3)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);
    await expect(cells.nth(4)).toHaveText(scene.site.url);
  }
}

// ── tests ─────────────────────────────────────────────────────────────────────────────────────────────
test('Statistics of brands: today 2 launches by 2 unique users, 2 new users, both visitors listed', async ({
  page,
}) => {
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.getByTestId('nav-global-statistics-brands').click();
  await expect(page).toHaveURL(/\/global\/statistics\/brands$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.statisticsBrands);
  await expect(tab(page, LABEL.tabDailyLaunches)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab')).toHaveText([LABEL.tabDailyLaunches, LABEL.tabDailyNewUsers, LABEL.tabTotalUsers]);

  // The default range: 13 days back up to today, future days disabled.
  const start = new Date(Date.parse(`${utcToday()}T00:00:00Z`) - 13 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByLabel(LABEL.dateRange)).toHaveValue(start);
  await expect(page.locator('#statistics-range-end')).toHaveValue(utcToday());
  await page.getByLabel(LABEL.dateRange).click();
  const tomorrow = new Date(Date.parse(`${utcToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const cell = (day: string) => page.locator(`.ant-picker-dropdown td[title="${day}"]`).first();
  await expect(cell(utcToday())).not.toHaveClass(/ant-picker-cell-disabled/);
  await expect(cell(tomorrow)).toHaveClass(/ant-picker-cell-disabled/);
  await page.keyboard.press('Escape');

  await choose(page, page.locator('.statistics__filters'), LABEL.brand, scene.brandName, scene.brandName);
  const launches = page.getByTestId('statistics-launches');
  await expect(launches.getByTestId('statistics-chart')).toBeVisible();
  await expect(launches.locator('.statistics__table thead th')).toHaveText([
    LABEL.date,
    LABEL.totalLaunches,
    LABEL.uniqueUsers,
  ]);
  await expect(rows(launches.locator('.statistics__table'))).toHaveCount(14);
  await expect(todayCells(launches)).toHaveText([TODAY, '2', '2']);

  // The instance filter: All, or the brand's one instance (the same figures).
  await choose(page, panel(page), LABEL.instance, scene.instance.name);
  await expect(todayCells(launches)).toHaveText([TODAY, '2', '2']);

  await tab(page, LABEL.tabDailyNewUsers).click();
  await expect(todayCells(page.getByTestId('statistics-new-users'))).toHaveText([TODAY, '2']);

  await tab(page, LABEL.tabTotalUsers).click();
  await expectVisitors(page, 2, true);
});

test('Statistics of users (ATK): the new users of today and both visitors', async ({ page }) => {
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.getByTestId('nav-global-statistics-atk').click();
  await expect(page).toHaveURL(/\/global\/statistics\/atk$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.statisticsAtk);
  await expect(page.getByRole('tab')).toHaveText([LABEL.tabDailyNewUsers, LABEL.tabTotalUsers]);
  const newUsers = page.getByTestId('statistics-new-users');
  await expect(newUsers.getByTestId('statistics-chart')).toBeVisible();
  await expect(todayCells(newUsers).nth(0)).toHaveText(TODAY);
  // platform-wide: at least these two (other specs' visitors may share the database)
  expect(Number(await todayCells(newUsers).nth(1).textContent())).toBeGreaterThanOrEqual(2);

  await tab(page, LABEL.tabTotalUsers).click();
  await expectVisitors(page, null, false);
});

test('Player instance analytics: the name, launches of the instance and its products played', async ({ page }) => {
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.goto(`/global/brands/${scene.customer.brandId}/instances`);
  await page.getByRole('link', { name: `${LABEL.analytics} ${scene.instance.name}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/global/brands/${scene.customer.brandId}/instances/${scene.instance.id}/analytics$`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.instanceAnalytics);
  await expect(page.getByTestId('instance-name')).toHaveText(scene.instance.name);
  await expect(page.getByRole('tab')).toHaveText([LABEL.tabLaunchesDaily]);
  await expect(tab(page, LABEL.tabLaunchesDaily)).toHaveAttribute('aria-selected', 'true');
  await expect(todayCells(page.getByTestId('statistics-launches'))).toHaveText([TODAY, '2', '2']);

  const products = page.getByTestId('statistics-products');
  await expect(products.locator('thead th')).toHaveText([LABEL.product, LABEL.plays, LABEL.listeningTime]);
  const velour = row(products, 'Velour R2').locator('td');
  await expect(velour.nth(1)).toHaveText('2');
  await expect(velour.nth(2)).toHaveText(/^00:00:\d{2}$/);
  await expect(velour.nth(2)).not.toHaveText('00:00:00');
});

test('the customer sees its own statistics on /client/statistics, another brand none of them', async ({ page }) => {
  await signInAs(page, scene.customer.email, '/client/products');
  await page.getByTestId('nav-client-statistics').click();
  await expect(page).toHaveURL(/\/client\/statistics$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.navStatistics);
  await expect(page.getByRole('tab')).toHaveText([
    LABEL.tabDailyLaunches,
    LABEL.tabDailyNewUsers,
    LABEL.tabTotalUsers,
    LABEL.tabProducts,
  ]);
  await expect(todayCells(page.getByTestId('statistics-launches'))).toHaveText([TODAY, '2', '2']);
  // its own instances only
  await page.getByLabel(LABEL.instance, { exact: true }).click();
  await expect(
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
  ).toHaveText([LABEL.all, scene.instance.name]);
  await page.keyboard.press('Escape');

  await tab(page, LABEL.tabDailyNewUsers).click();
  await expect(todayCells(page.getByTestId('statistics-new-users'))).toHaveText([TODAY, '2']);
  await tab(page, LABEL.tabTotalUsers).click();
  await expectVisitors(page, 2, true);
  await tab(page, LABEL.tabProducts).click();
  const velour = row(page.getByTestId('statistics-products'), 'Velour R2').locator('td');
  await expect(velour.nth(1)).toHaveText('2');
  await expect(velour.nth(2)).not.toHaveText('00:00:00');

  // Another brand's customer: none of these visitors, nor the instance.
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, DEMO.customer, '/client/products');
  await page.getByTestId('nav-client-statistics').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.navStatistics);
  // the tab chosen last on this route (same browser session) is open again
  await expect(tab(page, LABEL.tabProducts)).toHaveAttribute('aria-selected', 'true');
  await tab(page, LABEL.tabDailyLaunches).click();
  await page.getByLabel(LABEL.instance, { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.first()).toHaveText(LABEL.all);
  await expect(options.filter({ hasText: exactly(scene.instance.name) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await tab(page, LABEL.tabTotalUsers).click();
  const section = page.getByTestId('statistics-visitors');
  await expect(section.locator('thead th').first()).toHaveText('Index');
  for (const id of scene.visitors) await expect(section.getByText(id, { exact: true })).toHaveCount(0);
});
