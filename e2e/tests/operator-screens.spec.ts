/**
 * Every screen the /global and /super sidebars link to for the operator consoles' first part (spec 2 §2), opened
 * from the sidebar as an operator would: each shows its own title, filters, create button and data, never the
 * 404 page. The brand-scoped mode's two screens are opened from the brands list's Manage.
 */
import { LABEL } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_BRAND, row, rows, signInAs } from './lists.ts';
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
  list: { create: LABEL.newBrand, testId: 'brand-list', cell: DEMO_BRAND },
});
const invitations = (area: string): Screen => ({
  href: `/${area}/invitations`,
  title: LABEL.invitations,
  list: { create: LABEL.sendInvitation, testId: 'invitation-list' },
});
const customers = (area: string): Screen => ({
  href: `/${area}/customers`,
  title: LABEL.customers,
  list: { create: LABEL.newCustomer, testId: 'customer-list', cell: DEMO.customer },
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
  customers('global'),
  { href: '/global/plans', title: LABEL.plans, list: { create: LABEL.newPlan, testId: 'plan-list' } },
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
  for (const screen of GLOBAL) await openFromSidebar(page, screen);
  await manageDemoBrand(page, 'global');
});

test('super admin: every screen of the sidebar and the brand-scoped mode', async ({ page }) => {
  await signInAs(page, DEMO.super_admin, '/super/brands');
  for (const screen of SUPER) await openFromSidebar(page, screen);
  await manageDemoBrand(page, 'super');
});
