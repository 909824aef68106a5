/**
 * Every screen the /global and /super sidebars link to, opened from the sidebar as an operator would:
 * each shows its own title and content (a list's filters, create button and data; a settings screen's tabs and
 * editors), never the 404 page. The brand-scoped mode's two screens are opened from the brands list's Manage.
 */
import { FREQUENCY_BAND_LABELS, INFO_PAGE_LABELS, INFO_PAGES, LABEL } from '@atk/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_BRAND, fill, row, rows, search, signInAs } from './lists.ts';
import { DEMO } from './support.ts';

const DEMO_INSTANCE = 'Demo Audio Microphones';

interface Screen {
  href: string;
  title: string;
  /** The list's create button, its table's test id and a cell every fresh start has in it. */
  list?: { create: string; testId: string; cell?: string };
  /** Extra content of a screen that is not a list. */
  check?: (page: Page) => Promise<void>;
}

/** A settings screen's left tabs, in order. */
async function expectTabs(page: Page, names: string[]) {
  await expect(page.getByRole('tab')).toHaveText(names);
}

/** A tab's rich-text editor: its toolbar (docs/api.md "Rich text"), the text box, CANCEL and SAVE CHANGES. */
async function expectEditor(page: Page, tab: Locator) {
  const toolbar = tab.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar.getByRole('button')).toHaveCount(6);
  for (const tool of ['Heading', 'Body', 'Bold', 'Italic', 'Underline', 'Link'])
    await expect(toolbar.getByRole('button', { name: tool, exact: true })).toBeVisible();
  await expect(tab.getByRole('textbox')).toBeVisible();
  await expect(tab.getByRole('button', { name: LABEL.cancel })).toBeVisible();
  await expect(tab.getByRole('button', { name: LABEL.saveChanges })).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
}

async function openFromSidebar(page: Page, screen: Screen) {
  await page.getByTestId(`nav${screen.href.replaceAll('/', '-')}`).click();
  await expect(page).toHaveURL(new RegExp(`${screen.href}$`));
  await expect(page.getByRole('heading', { level: 1, name: screen.title, exact: true })).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  if (screen.list) {
    await expect(page.getByRole('button', { name: screen.list.create })).toBeVisible();
    await expect(page.locator('.list-page__filters').getByRole('button', { name: LABEL.search })).toBeVisible();
    const table = page.getByTestId(screen.list.testId);
    await expect(table.locator('thead th').first()).toBeVisible();
    if (screen.list.cell) await expect(row(table, screen.list.cell).first()).toBeVisible();
  }
  await screen.check?.(page);
}

const brands = (area: string): Screen => ({
  href: `/${area}/brands`,
  title: LABEL.brands,
  list: { create: LABEL.newBrand, testId: 'brand-list' },
  // newest first: other specs' brands push the demo brand off the first page, so it is found by its name
  check: async (page) => {
    await fill(page, 'Name', DEMO_BRAND);
    await search(page);
    await expect(row(page.getByTestId('brand-list'), DEMO_BRAND)).toHaveCount(1);
  },
});
const invitations = (area: string): Screen => ({
  href: `/${area}/invitations`,
  title: LABEL.invitations,
  list: { create: LABEL.sendInvitation, testId: 'invitation-list' },
});
const customers = (area: string): Screen => ({
  href: `/${area}/customers`,
  title: LABEL.customers,
  list: { create: LABEL.newCustomer, testId: 'customer-list' },
  // newest first: other specs' sign-ups push the demo customer off the first page, so it is found by its email
  check: async (page) => {
    await fill(page, 'Email', DEMO.customer);
    await search(page);
    await expect(row(page.getByTestId('customer-list'), DEMO.customer)).toHaveCount(1);
  },
});

const GLOBAL: Screen[] = [
  brands('global'),
  invitations('global'),
  { href: '/global/products', title: 'Products', list: { create: LABEL.newProduct, testId: 'product-list' } },
  {
    href: '/global/categories',
    title: LABEL.categories,
    list: { create: LABEL.newCategory, testId: 'category-list', cell: 'Microphones' },
  },
  {
    href: '/global/landing',
    title: LABEL.navLandingPage,
    check: async (page) => {
      await expect(page.getByTestId('landing-current')).toContainText(DEMO_INSTANCE);
      await expect(page.getByRole('button', { name: LABEL.save })).toBeVisible();
    },
  },
  {
    href: '/global/audios',
    title: LABEL.atkAudios,
    check: async (page) => {
      await expect(page.getByRole('button', { name: LABEL.createNewSong })).toBeVisible();
      await expect(page.getByLabel('Product takes', { exact: true })).toBeVisible();
    },
  },
  {
    href: '/global/infos',
    title: LABEL.playerEdit,
    check: async (page) => {
      await expectTabs(page, [...INFO_PAGES.map((p) => INFO_PAGE_LABELS[p]), LABEL.tabFrequencyGraph]);
      await expectEditor(page, page.getByTestId('info-tab-home'));
      await page.getByRole('tab', { name: LABEL.tabFrequencyGraph, exact: true }).click();
      const bands = page.getByTestId('tab-frequency-graph');
      await expect(bands.locator('legend')).toHaveText([...FREQUENCY_BAND_LABELS]);
      await expect(bands.getByLabel('Min Hz', { exact: true })).toHaveCount(FREQUENCY_BAND_LABELS.length);
      await expect(bands.getByLabel('Max Hz', { exact: true })).toHaveCount(FREQUENCY_BAND_LABELS.length);
      await expect(bands.getByRole('button', { name: LABEL.saveChanges })).toBeVisible();
    },
  },
  {
    href: '/global/guides',
    title: LABEL.guideEdit,
    check: async (page) => {
      await expectTabs(page, [LABEL.guideContent, LABEL.guidePlayers, LABEL.guideAudio, LABEL.guideIntegrate]);
      await expectEditor(page, page.getByTestId('guide-tab-content'));
    },
  },
  customers('global'),
  { href: '/global/plans', title: LABEL.plans, list: { create: LABEL.newPlan, testId: 'plan-list' } },
  {
    href: '/global/statistics/brands',
    title: LABEL.statisticsBrands,
    check: async (page) => {
      await expectTabs(page, [LABEL.tabDailyLaunches, LABEL.tabDailyNewUsers, LABEL.tabTotalUsers]);
      await expect(page.getByLabel(LABEL.brand, { exact: true })).toBeVisible();
      // the first brand is chosen, so its launches are shown at once
      await expect(page.getByTestId('statistics-launches').getByRole('table')).toBeVisible();
    },
  },
  {
    href: '/global/statistics/atk',
    title: LABEL.statisticsAtk,
    check: async (page) => {
      await expectTabs(page, [LABEL.tabDailyNewUsers, LABEL.tabTotalUsers]);
      await expect(page.getByTestId('statistics-new-users').getByRole('table')).toBeVisible();
    },
  },
];

/** The mobile widget operator area: its home is /atk/instances. */
const ATK: Screen[] = [
  {
    href: '/atk/instances',
    title: LABEL.navInstances,
    list: { create: LABEL.newInstance, testId: 'mobile-instance-list' },
  },
  { href: '/atk/retailers', title: LABEL.retailers, list: { create: LABEL.newRetailer, testId: 'retailer-list' } },
  {
    href: '/atk/infos',
    title: LABEL.widgetContent,
    check: async (page) => {
      await expectTabs(page, [
        INFO_PAGE_LABELS.listening_tips,
        INFO_PAGE_LABELS.about_us,
        INFO_PAGE_LABELS.faq,
        LABEL.tabFrequencyGraph,
        LABEL.tabMenu,
      ]);
      await expectEditor(page, page.getByTestId('info-tab-listening_tips'));
    },
  },
  {
    href: '/atk/landing',
    title: LABEL.navLandingPage,
    check: async (page) => {
      await expect(page.getByTestId('landing-instance')).toBeVisible();
      await expect(page.getByRole('button', { name: LABEL.saveChanges })).toBeVisible();
    },
  },
  {
    href: '/atk/statistics/products',
    title: LABEL.mobileStatistics,
    check: async (page) => {
      await expectTabs(page, [LABEL.tabPlayedTimes, LABEL.tabListeningTime]);
      await expect(page.getByTestId('statistics-play').getByRole('table')).toBeVisible();
    },
  },
];

const SUPER: Screen[] = [
  brands('super'),
  invitations('super'),
  customers('super'),
  { href: '/super/tooltips', title: LABEL.tooltips, list: { create: LABEL.newTooltip, testId: 'tooltip-list' } },
];

/** Manage on the demo brand's row enters the brand-scoped mode: its products, then its players. */
async function manageDemoBrand(page: Page, area: string) {
  await page.getByTestId(`nav-${area}-brands`).click();
  const table = page.getByTestId('brand-list');
  await fill(page, 'Name', DEMO_BRAND);
  await search(page);
  await row(table, DEMO_BRAND)
    .getByRole('button', { name: `${LABEL.manage} ${DEMO_BRAND}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${area}/brands/[^/]+/products$`));
  await expect(page.getByTestId('sidebar-title')).toHaveText(DEMO_BRAND);
  await expect(page.getByRole('heading', { level: 1, name: 'Products', exact: true })).toBeVisible();
  await expect(rows(page.getByTestId('product-list'))).not.toHaveCount(0);

  await page.getByRole('link', { name: LABEL.navMyPlayers }).click();
  await expect(page).toHaveURL(new RegExp(`/${area}/brands/[^/]+/instances$`));
  await expect(page.getByRole('heading', { level: 1, name: LABEL.navMyPlayers, exact: true })).toBeVisible();
  await expect(row(page.getByTestId('instance-list'), DEMO_INSTANCE)).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
}

test('global admin: every screen of the sidebar and the brand-scoped mode', async ({ page }) => {
  await signInAs(page, DEMO.global_admin, '/global/brands');
  // every link of the sidebar is one of the screens below: none is left out of the sweep
  const links = page.locator('[data-testid^="nav-global-"]');
  await expect(links).toHaveCount(GLOBAL.length);
  expect((await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).sort()).toEqual(
    GLOBAL.map((s) => s.href).sort(),
  );
  for (const screen of GLOBAL) await openFromSidebar(page, screen);
  await manageDemoBrand(page, 'global');
});

test('super admin: every screen of the sidebar and the brand-scoped mode', async ({ page }) => {
  await signInAs(page, DEMO.super_admin, '/super/brands');
  const links = page.locator('[data-testid^="nav-super-"]');
  await expect(links).toHaveCount(SUPER.length);
  for (const screen of SUPER) await openFromSidebar(page, screen);
  await manageDemoBrand(page, 'super');
});

test('atk operator: lands on /atk/instances, and every screen of the sidebar opens', async ({ page }) => {
  await signInAs(page, DEMO.atk, '/atk/instances');
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  const links = page.locator('[data-testid^="nav-atk-"]');
  await expect(links).toHaveCount(ATK.length);
  expect((await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).sort()).toEqual(
    ATK.map((s) => s.href).sort(),
  );
  for (const screen of ATK) await openFromSidebar(page, screen);
});
