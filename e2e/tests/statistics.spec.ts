/**
 * Statistics from real player events (Statistics of users (ATK), Statistics of brands, Player
 * instance analytics; docs/api.md "The figures"): two visitors (two browser contexts, so two visitor ids) open a
 * published instance on a brand's page of another origin and listen, the first switching product while it plays; then
 * the operator's Statistics of brands opens on All brands, lists the brands most active first, and shows today's 2 launches
 * by 2 unique users (the Total row too) and 2 new users, Total Users lists both as people read them (first seen, place,
 * sign-up page, launches; the id only in a tooltip); Statistics of users (ATK) lists them, each with its Erase; the
 * instance's analytics shows its name and its products' plays and listening time, the switched-to product played
 * once; the brand's customer sees the same on /client/statistics, and another brand's customer sees none of it.
 *
 * The brand is a customer of its own (customerOnPlan), so today's figures of its brand are exactly these two
 * visits whatever other specs do; its instance shows two demo microphones as other brands' products.
 */
import type { Server } from 'node:http';
import {
  API_BASE,
  type BrandActivity,
  DEFAULT_SUBSCRIPTION,
  LABEL,
  type PlayerInstance,
  STATISTICS_BASE,
  utcToday,
} from '@atk/contract';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { choose, exactly, row, rows, selectShown, signInAs, uid } from './lists.ts';
import { api, apiLogin, baseUrl, customerOnPlan, DEMO, demoMicrophones, serveElsewhere } from './support.ts';

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
const productButton = (dialog: Locator, name: string) =>
  dialog.getByRole('list').getByRole('button', { name: new RegExp(`^\\d?\\s*${name}`) });
const position = async (dialog: Locator) =>
  Number(await dialog.getByRole('slider', { name: 'Playback position' }).getAttribute('aria-valuenow'));

/**
 * One visitor in a browser of its own: opens the player on the brand's page, plays the first product for a
 * couple of seconds (then, given `switchTo`, switches to that product while playing and hears it a couple of
 * seconds more) and closes the player, which sends the gathered events. Answers the visitor id the player
 * keeps. The events request's answer is watched (nothing is intercepted) only to know when the server has taken it.
 */
async function visit(browser: Browser | null, switchTo?: string): Promise<string> {
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
  if (switchTo) {
    const at = await position(dialog);
    await productButton(dialog, switchTo).click();
    await expect(productButton(dialog, switchTo)).toHaveAttribute('aria-pressed', 'true');
    await expect(playButton(dialog)).toHaveAttribute('data-state', 'playing');
    await expect.poll(() => position(dialog), { timeout: 15_000 }).toBeGreaterThan(at + 2);
  }
  await dialog.getByRole('button', { name: 'Close player' }).click();
  await expect.poll(() => answers.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(answers.every((status) => status === 200)).toBe(true);
  const visitor = await page.evaluate(() => JSON.parse(localStorage.getItem('atk-player-visitor') ?? '{}').id);
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
  const [velour, pencil] = await demoMicrophones();
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
  let offered: PlayerInstance | null = null;
  await expect
    .poll(
      async () => {
        offered = (await api<PlayerInstance>('GET', `/widget/instances/${made._id}`)).data;
        const sources = offered?.songs?.flatMap((s) => s.sources) ?? [];
        return sources.length > 0 && sources.every((s) => s.versions.length === 2);
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe(true);

  scene.site = await serveBrandPage(made._id);
  scene.visitors.push(await visit(browser, 'Pencil S4'));
  scene.visitors.push(await visit(browser));
  expect(scene.visitors[0]).not.toBe(scene.visitors[1]);

  // A play and 11 s of listening sent straight to the events API with no launch token, as a script would: dropped,
  // and counted as dropped beside the products' figures.
  const song = (offered as PlayerInstance | null)?.songs[0];
  const at = { instance_id: made._id, product_id: velour._id, song_id: song?._id, source_id: song?.sources[0]._id };
  const forged = await api<{ accepted: number }>('POST', '/widget/events', {
    body: {
      visitor_id: crypto.randomUUID(),
      events: [
        { type: 'play', ...at },
        { type: 'listen', ...at, seconds: 11 },
      ],
    },
  });
  expect([forged.code, forged.data.accepted]).toEqual([200, 0]);
});

test.afterAll(async () => {
  if (scene.site) await new Promise((resolve) => scene.site.server.close(resolve));
});

// ── helpers ───────────────────────────────────────────────────────────────────────────────────────────
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel').filter({ visible: true });
/** The cells of today's row of the figures' table under a chart. */
const todayCells = (figures: Locator) => row(figures.locator('.statistics__table'), TODAY).locator('td');

/** Today's row, then the Total row, of the figures' table under a chart. */
const totalCells = (figures: Locator) => figures.locator('.statistics__table .ant-table-summary td');
/** The page the visitors signed up on, as Total Users writes it (no scheme). */
const signUpPage = () => scene.site.url.replace(/^https?:\/\//, '');

/**
 * Total Users: the total, and a row per visitor as a person reads it: its number (the id only in its tooltip), first
 * seen, place, the host page it signed up on, 1 launch and 1 sign in, the last sign in.
 */
async function expectVisitors(page: Page, total: number | null, { operate = false } = {}) {
  const section = page.getByTestId('statistics-visitors');
  await expect(section.locator('thead th')).toHaveText([
    LABEL.visitor,
    LABEL.firstSeen,
    LABEL.place,
    LABEL.signUpPage,
    LABEL.launches,
    LABEL.signInCount,
    LABEL.lastSignIn,
    // the platform's list (Statistics of users (ATK)): each visitor's Erase (erase-visitor.spec.ts)
    ...(operate ? ['Operate'] : []),
  ]);
  if (total !== null) {
    await expect(section.getByTestId('statistics-visitors-total')).toHaveText(String(total));
    await expect(rows(section)).toHaveCount(total);
  }
  const ours = row(section, signUpPage());
  await expect(ours).toHaveCount(2);
  const ids: string[] = [];
  for (const i of [0, 1]) {
    const cells = ours.nth(i).locator('td');
    await expect(cells.nth(0)).toHaveText(/^Visitor \d+$/);
    await expect(cells.nth(1)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);
    await expect(cells.nth(2)).toHaveText(LABEL.unknownPlace); // a loopback address has no place
    await expect(cells.nth(4)).toHaveText('1');
    await expect(cells.nth(5)).toHaveText('1');
    // the id only in the tooltip, from the keyboard too
    await cells.nth(0).getByRole('button').focus();
    const tooltip = page.getByRole('tooltip').filter({ visible: true });
    await expect(tooltip).toHaveText(/^ID: [0-9a-f-]{36}$/);
    ids.push(((await tooltip.textContent()) ?? '').replace('ID: ', ''));
    await cells.nth(0).getByRole('button').blur();
    await expect(tooltip).toHaveCount(0);
  }
  expect(ids.sort()).toEqual([...scene.visitors].sort());
  for (const id of scene.visitors) await expect(section).not.toContainText(id);
}

/** The brands by activity the brand filter lists (GET /admin/statistics/brands), most active first. */
async function brandsByActivity(token: string, widgetType?: string): Promise<BrandActivity[]> {
  const start = new Date(Date.parse(`${utcToday()}T00:00:00Z`) - 13 * 86_400_000).toISOString().slice(0, 10);
  const query = `start=${start}&end=${utcToday()}${widgetType ? `&widget_type=${widgetType}` : ''}`;
  const res = await fetch(`${baseUrl()}${STATISTICS_BASE}/admin/statistics/brands?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number; data: { list: BrandActivity[] } };
  expect(body.code).toBe(200);
  return body.data.list;
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

  // The brand filter opens on All brands, and lists the brands most active first after it.
  const filters = page.locator('.statistics__filters');
  const [top] = await brandsByActivity(await apiLogin(DEMO.global_admin));
  await expect(selectShown(filters, LABEL.brand)).toHaveText(exactly(LABEL.allBrands));
  await filters.getByLabel(LABEL.brand, { exact: true }).click();
  const offered = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(offered.first()).toHaveText(LABEL.allBrands);
  await expect(offered.nth(1)).toHaveText(top.name);
  await page.keyboard.press('Escape');
  // All brands: every brand's launches, these two among them; unique ≤ total on the day and in the Total row.
  const launches = page.getByTestId('statistics-launches');
  await expect(page.getByLabel(LABEL.instance, { exact: true })).toHaveCount(0);
  await expect(todayCells(launches).nth(1)).not.toHaveText('0');
  const [day, unique] = (await todayCells(launches).allTextContents()).slice(1).map(Number);
  expect(day).toBeGreaterThanOrEqual(2);
  expect(unique).toBeLessThanOrEqual(day);
  await expect(totalCells(launches).nth(2)).toHaveText(/^\d+$/);
  const [total, uniqueTotal] = (await totalCells(launches).allTextContents()).slice(1).map(Number);
  expect(uniqueTotal).toBeLessThanOrEqual(total);

  await choose(page, filters, LABEL.brand, scene.brandName, scene.brandName);
  await expect(launches.getByTestId('statistics-chart')).toBeVisible();
  await expect(launches.locator('.statistics__table thead th')).toHaveText([
    LABEL.date,
    LABEL.totalLaunches,
    LABEL.uniqueUsers,
  ]);
  await expect(rows(launches.locator('.statistics__table'))).toHaveCount(14);
  await expect(todayCells(launches)).toHaveText([TODAY, '2', '2']);
  await expect(totalCells(launches)).toHaveText([LABEL.total, '2', '2']);
  await expectAccessible(page, 'Statistics of brands, Daily Launches');

  // The instance filter: All, or the brand's one instance (the same figures).
  await choose(page, panel(page), LABEL.instance, scene.instance.name);
  await expect(todayCells(launches)).toHaveText([TODAY, '2', '2']);

  await tab(page, LABEL.tabDailyNewUsers).click();
  await expect(todayCells(page.getByTestId('statistics-new-users'))).toHaveText([TODAY, '2']);

  await tab(page, LABEL.tabTotalUsers).click();
  await expectVisitors(page, 2);
  await expectAccessible(page, 'Statistics of brands, Total Users');
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

  await expectAccessible(page, 'Statistics of users, Daily New Users');
  await tab(page, LABEL.tabTotalUsers).click();
  await expectVisitors(page, null, { operate: true });
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
  await expect(page.getByRole('tab')).toHaveText([LABEL.tabLaunchesDaily, 'Listener verdicts']);
  await expect(tab(page, LABEL.tabLaunchesDaily)).toHaveAttribute('aria-selected', 'true');
  await expect(todayCells(page.getByTestId('statistics-launches'))).toHaveText([TODAY, '2', '2']);

  const products = page.getByTestId('statistics-products');
  await expect(products.locator('thead th')).toHaveText([LABEL.product, LABEL.plays, LABEL.listeningTime]);
  const velour = row(products, 'Velour R2').locator('td');
  await expect(velour.nth(1)).toHaveText('2');
  await expect(velour.nth(2)).toHaveText(/^00:00:\d{2}$/);
  await expect(velour.nth(2)).not.toHaveText('00:00:00');
  // switched to while playing: a play of it; the products add up to the instance's plays
  await expect(row(products, 'Pencil S4').locator('td').nth(1)).toHaveText('1');
  await expect(products.locator('.ant-table-summary tr').first().locator('td').nth(1)).toHaveText('3');
  // what was dropped of each figure, beside it, and what that means
  await expect(products.getByTestId('statistics-products-dropped').locator('td')).toHaveText([
    LABEL.dropped,
    '1',
    '00:00:11',
  ]);
  await expect(page.getByText(LABEL.droppedHint, { exact: true })).toBeVisible();
  await expectAccessible(page, 'Player instance analytics');
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
    'Listener verdicts',
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
  await expectVisitors(page, 2);
  await expectAccessible(page, 'client statistics, Total Users');
  await tab(page, LABEL.tabProducts).click();
  const products = page.getByTestId('statistics-products');
  const velour = row(products, 'Velour R2').locator('td');
  await expect(velour.nth(1)).toHaveText('2');
  await expect(velour.nth(2)).not.toHaveText('00:00:00');
  // the product switched to while playing was heard: a play of it, and the Total row adds them up
  const pencil = row(products, 'Pencil S4').locator('td');
  await expect(pencil.nth(1)).toHaveText('1');
  await expect(pencil.nth(2)).not.toHaveText('00:00:00');
  await expect(products.locator('.ant-table-summary td')).toHaveText([
    LABEL.total,
    '3',
    /^00:00:\d{2}$/,
    LABEL.dropped,
    '1',
    '00:00:11',
  ]);
  await expect(panel(page).getByText(LABEL.droppedHint, { exact: true })).toBeVisible();
  await expectAccessible(page, 'client statistics, Products');

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
  await expect(section.locator('thead th').first()).toHaveText(LABEL.visitor);
  await expect(row(section, signUpPage())).toHaveCount(0);
  // On a phone the table scrolls sideways: its region takes the keyboard focus, so it can be scrolled without a mouse.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section.locator('.ant-table-content')).toHaveAttribute('tabindex', '0');
  await expectAccessible(page, 'client statistics, Total Users at 390 px');
});
