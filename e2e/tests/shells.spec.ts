/**
 * The signed-in shells (the client shell, the global and super layouts, the mobile widget operator area): header,
 * sidebar groups and links, brand-scoped sidebar, footer, and sign-out.
 */
import { BLOG_URL, LABEL, MSG, SALES_EMAIL, SUPPORT_EMAIL, TOKEN_KEY } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { api, apiLogin, DEMO, settled, signIn } from './support';

const YEAR = String(new Date().getFullYear());
const DEMO_BRAND = 'Demo Audio';

type Group = [title: string, links: [label: string, href: string][]];

const navTestId = (href: string) => `nav${href.replaceAll('/', '-')}`;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

async function signInAs(page: Page, email: string, home: string) {
  await signIn(page, email);
  await expect(page.getByText(MSG.loginSuccess, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${home.replaceAll('/', '\\/')}$`));
  await expect(page.getByTestId('user-menu')).toHaveText(email);
}

/** The sidebar shows exactly these groups, in this order, each with exactly these links. */
async function expectSidebar(page: Page, groups: Group[]) {
  const nav = sidebar(page);
  await expect(nav.locator('.ant-menu-item-group-title')).toHaveText(groups.map(([title]) => title));
  await expect(nav.locator('.ant-menu').getByRole('link')).toHaveCount(
    groups.reduce((n, [, links]) => n + links.length, 0),
  );
  for (const [index, [title, links]] of groups.entries()) {
    const group = nav.locator('.ant-menu-item-group').nth(index);
    await expect(group.locator('.ant-menu-item-group-title')).toHaveText(title);
    const anchors = group.getByRole('link');
    await expect(anchors).toHaveText(links.map(([label]) => label));
    for (const [i, [label, href]] of links.entries()) {
      await expect(anchors.nth(i)).toHaveAttribute('href', href);
      await expect(page.getByTestId(navTestId(href))).toHaveText(label);
    }
  }
}

/** Clicks every sidebar link: each lands on its path and becomes the highlighted entry. */
async function clickThrough(page: Page, groups: Group[]) {
  // every screen of an area with an axe scan each: ~50 s alone, more when the machine is busy
  test.setTimeout(150_000);
  for (const [, links] of groups) {
    for (const [, href] of links) {
      await page.getByTestId(navTestId(href)).click();
      await expect(page).toHaveURL(new RegExp(`${href.replaceAll('/', '\\/')}$`));
      const selected = sidebar(page).locator('.ant-menu-item-selected');
      await expect(selected).toHaveCount(1);
      await expect(selected.getByTestId(navTestId(href))).toHaveCount(1);
      // every list screen of the area, once loaded (docs/accessibility.md)
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await expectAccessible(page, href);
    }
  }
}

/** Header 110 px high and sidebar 250 px wide (docs/architecture.md "Phones"). */
async function expectShellSizes(page: Page) {
  const header = await page.locator('header.ant-layout-header').boundingBox();
  const sider = await page.locator('aside.ant-layout-sider').boundingBox();
  expect(header?.height).toBe(110);
  expect(sider?.width).toBe(250);
}

/** Opens the user menu and asks to sign out; returns the confirmation dialog. */
async function askSignOut(page: Page) {
  await page.getByTestId('user-menu').click();
  const item = page.getByText(LABEL.signOut, { exact: true });
  await expect(item).toBeVisible();
  // let the drop-down finish its opening motion before clicking its entry
  await expect(page.locator('.ant-dropdown', { has: item })).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
  await item.click();
  const dialog = await settled(page.getByRole('dialog'));
  await expect(dialog).toHaveAccessibleName(MSG.signOutTitle);
  const title = dialog.getByText(MSG.signOutTitle, { exact: true }).filter({ visible: true });
  await expect(title).toHaveCount(1);
  await expect(dialog.getByText(MSG.signOutConfirm, { exact: true })).toBeVisible();
  return dialog;
}

/** Signs out through the menu and the confirmation: /login, no stored token, the token revoked on the server. */
async function signOutConfirmed(page: Page) {
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  expect((await api('GET', '/users/info', { token: token as string })).code).toBe(200);

  const dialog = await askSignOut(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: LABEL.signIn })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  expect((await api('GET', '/users/info', { token: token as string })).code).toBe(401);
}

async function demoBrandId(): Promise<string> {
  const token = await apiLogin(DEMO.global_admin);
  const res = await api<{ list: { _id: string; name: string }[] }>('GET', '/admin/brands?page_num=1&page_size=1000', {
    token,
  });
  expect(res.code, res.msg).toBe(200);
  const brand = res.data.list.find((b) => b.name === DEMO_BRAND);
  expect(brand, `${DEMO_BRAND} among the brands`).toBeTruthy();
  return (brand as { _id: string })._id;
}

test.describe('client shell', () => {
  const CLIENT: Group[] = [
    [LABEL.groupContent, [[LABEL.navProducts, '/client/products']]],
    [
      LABEL.groupIntegration,
      [
        [LABEL.navMyPlayers, '/client/instances'],
        [LABEL.navStatistics, '/client/statistics'],
      ],
    ],
    [LABEL.groupAccount, [[LABEL.navProfile, '/client/profile']]],
    [
      LABEL.groupSupport,
      [
        [LABEL.navGuide, '/client/guide'],
        [LABEL.navIntegration, '/client/integration'],
      ],
    ],
  ];

  test('sidebar with the master brand name and its groups, SUPPORT tab, footer links', async ({ page }) => {
    await signInAs(page, DEMO.customer, '/client/products');
    await expect(page.getByTestId('sidebar-title')).toHaveText(DEMO_BRAND);
    await expect(page.getByTestId('sidebar-back')).toHaveCount(0);
    await expectSidebar(page, CLIENT);
    await expectShellSizes(page);

    await page.getByTestId('nav-client-profile').click();
    await expect(page).toHaveURL(/\/client\/profile$/);
    await expect(sidebar(page).locator('.ant-menu-item-selected')).toHaveText(LABEL.navProfile);
    await clickThrough(page, CLIENT);

    // the header's SUPPORT tab leads to the guide
    const support = page.getByTestId('header-support');
    await expect(support).toHaveText(LABEL.supportTab);
    await page.getByTestId('nav-client-products').click();
    await expect(page).toHaveURL(/\/client\/products$/);
    await support.click();
    await expect(page).toHaveURL(/\/client\/guide$/);

    // footer: Sales (mail), Support, Privacy, Terms of Use, Blog and the copyright with the year
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const links = footer.getByRole('link');
    await expect(links).toHaveText([LABEL.sales, LABEL.support, LABEL.privacy, LABEL.termsOfUse, LABEL.blog]);
    await expect(footer.getByRole('link', { name: LABEL.sales, exact: true })).toHaveAttribute(
      'href',
      `mailto:${SALES_EMAIL}`,
    );
    await expect(page.getByTestId('footer-support')).toHaveText(LABEL.support);
    await expect(page.getByTestId('footer-support')).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await expect(footer.getByRole('link', { name: LABEL.blog, exact: true })).toHaveAttribute('href', BLOG_URL);
    await expect(page.getByRole('contentinfo').getByTestId('copyright')).toContainText(`© ${YEAR}`);

    await footer.getByRole('link', { name: LABEL.privacy, exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.privacyPolicy);
    // signed in, the visitor header offers ADMIN
    await expect(page.getByTestId('header-account')).toHaveText(LABEL.admin);
    await page.goBack();
    await expect(page).toHaveURL(/\/client\/guide$/);

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: LABEL.termsOfUse }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.termsOfService);
  });

  test('sign out: Cancel keeps the session, OK ends it and the area then asks for sign-in again', async ({ page }) => {
    await signInAs(page, DEMO.customer, '/client/products');
    await page.getByTestId('nav-client-profile').click();
    await expect(page).toHaveURL(/\/client\/profile$/);

    const dialog = await askSignOut(page);
    await expectAccessible(page, 'the sign-out confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(pathOf(page)).toBe('/client/profile');
    expect(await storedToken(page)).toBeTruthy();
    await expect(page.getByTestId('user-menu')).toHaveText(DEMO.customer);

    await signOutConfirmed(page);

    await page.goto('/client/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fclient%2Fprofile$/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/client/profile');
  });
});

test.describe('global admin shell', () => {
  const GLOBAL: Group[] = [
    [
      LABEL.globalGroupBrands,
      [
        [LABEL.navManage, '/global/brands'],
        [LABEL.navOnboard, '/global/invitations'],
      ],
    ],
    [
      LABEL.globalGroupProducts,
      [
        [LABEL.navManage, '/global/products'],
        [LABEL.navCategories, '/global/categories'],
      ],
    ],
    [LABEL.globalGroupAudios, [[LABEL.navManage, '/global/audios']]],
    [
      LABEL.globalGroupPlayer,
      [
        [LABEL.navInfoPages, '/global/infos'],
        [LABEL.navClientGuides, '/global/guides'],
        [LABEL.navLandingPage, '/global/landing'],
      ],
    ],
    [
      LABEL.globalGroupStatistics,
      [
        [LABEL.navBrands, '/global/statistics/brands'],
        [LABEL.navAtk, '/global/statistics/atk'],
      ],
    ],
    [LABEL.globalGroupCustomers, [[LABEL.navManage, '/global/customers']]],
    [LABEL.globalGroupPlans, [[LABEL.navManage, '/global/plans']]],
  ];

  test('every sidebar group and link, the Support mail link, and sign-out', async ({ page }) => {
    await signInAs(page, DEMO.global_admin, '/global/brands');
    await expect(page.getByTestId('sidebar-back')).toHaveCount(0);
    await expectSidebar(page, GLOBAL);
    await expectShellSizes(page);
    const support = page.getByTestId('header-support');
    await expect(support).toHaveText(LABEL.support);
    await expect(support).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    // no client footer in the operator areas
    await expect(page.getByRole('navigation', { name: 'Footer' })).toHaveCount(0);

    await clickThrough(page, GLOBAL);
    await signOutConfirmed(page);
  });

  test('brand-scoped sidebar: back action, brand name, Products and My Players', async ({ page }) => {
    const brandId = await demoBrandId();
    await signInAs(page, DEMO.global_admin, '/global/brands');
    await page.goto(`/global/brands/${brandId}/products`);
    const SCOPED: Group[] = [
      [LABEL.globalGroupContent, [[LABEL.navProducts, `/global/brands/${brandId}/products`]]],
      [LABEL.globalGroupIntegration, [[LABEL.navMyPlayers, `/global/brands/${brandId}/instances`]]],
    ];

    await expect(page.getByTestId('sidebar-title')).toHaveText(DEMO_BRAND);
    const back = page.getByTestId('sidebar-back');
    await expect(back).toHaveText('Global Admin');
    await expect(back).toHaveAttribute('href', '/global/brands');
    await expectSidebar(page, SCOPED);
    await expect(page.getByTestId('nav-global-brands')).toHaveCount(0);

    await page.getByTestId(`nav-global-brands-${brandId}-instances`).click();
    await expect(page).toHaveURL(new RegExp(`/global/brands/${brandId}/instances$`));
    await expect(page.getByTestId('sidebar-title')).toHaveText(DEMO_BRAND);
    await clickThrough(page, SCOPED);

    // /global/brands/{id} defaults to the brand's products
    await page.goto(`/global/brands/${brandId}`);
    await expect(page).toHaveURL(new RegExp(`/global/brands/${brandId}/products$`));

    await back.click();
    await expect(page).toHaveURL(/\/global\/brands$/);
    await expect(page.getByTestId('sidebar-back')).toHaveCount(0);
    await expect(page.getByTestId('sidebar-title')).toHaveCount(0);
    await expectSidebar(page, GLOBAL);
  });
});

test.describe('super admin shell', () => {
  const SUPER: Group[] = [
    [
      LABEL.groupBrands,
      [
        [LABEL.navManage, '/super/brands'],
        [LABEL.navOnboard, '/super/invitations'],
      ],
    ],
    [LABEL.groupCustomers, [[LABEL.navManage, '/super/customers']]],
    [LABEL.groupTooltips, [[LABEL.navManage, '/super/tooltips']]],
  ];

  test('sidebar groups and links, brand-scoped mode with Super Admin back, and sign-out', async ({ page }) => {
    const brandId = await demoBrandId();
    await signInAs(page, DEMO.super_admin, '/super/brands');
    await expectSidebar(page, SUPER);
    await expectShellSizes(page);
    await expect(page.getByTestId('header-support')).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await clickThrough(page, SUPER);

    await page.goto(`/super/brands/${brandId}/products`);
    const SCOPED: Group[] = [
      [LABEL.groupContent, [[LABEL.navProducts, `/super/brands/${brandId}/products`]]],
      [LABEL.groupIntegration, [[LABEL.navMyPlayers, `/super/brands/${brandId}/instances`]]],
    ];
    await expect(page.getByTestId('sidebar-title')).toHaveText(DEMO_BRAND);
    const back = page.getByTestId('sidebar-back');
    await expect(back).toHaveText(LABEL.superAdmin);
    await expect(back).toHaveAttribute('href', '/super/brands');
    await expectSidebar(page, SCOPED);
    await clickThrough(page, SCOPED);

    await back.click();
    await expect(page).toHaveURL(/\/super\/brands$/);
    await expectSidebar(page, SUPER);

    await signOutConfirmed(page);
  });
});

test.describe('mobile widget operator shell', () => {
  const ATK: Group[] = [
    [
      LABEL.groupIntegration,
      [
        [LABEL.navInstances, '/atk/instances'],
        [LABEL.navRetailers, '/atk/retailers'],
      ],
    ],
    [
      LABEL.groupSettings,
      [
        [LABEL.navWidgetContent, '/atk/infos'],
        [LABEL.navLandingPage, '/atk/landing'],
      ],
    ],
    [LABEL.groupStatistics, [[LABEL.navProducts, '/atk/statistics/products']]],
  ];

  test('sidebar groups and links, the support mail link, and sign-out', async ({ page }) => {
    await signInAs(page, DEMO.atk, '/atk/instances');
    await expect(page.getByTestId('sidebar-back')).toHaveCount(0);
    await expectSidebar(page, ATK);
    await expectShellSizes(page);
    await expect(page.getByTestId('header-support')).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await clickThrough(page, ATK);

    // Cancel first: still signed in
    const dialog = await askSignOut(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/atk\/statistics\/products$/);

    await signOutConfirmed(page);
    await page.goto('/atk/instances');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fatk%2Finstances$/);
  });
});

test.describe('sign-out failure', () => {
  const AREAS = [
    [DEMO.customer, '/client/products'],
    [DEMO.global_admin, '/global/brands'],
    [DEMO.super_admin, '/super/brands'],
    [DEMO.atk, '/atk/instances'],
  ] as const;
  for (const [email, home] of AREAS) {
    test(`shows the error and keeps the session (${home.split('/')[1]})`, async ({ page }) => {
      await signInAs(page, email, home);
      const token = await storedToken(page);
      // the browser loses its connection just before the sign-out call (a sign-out failure shows the error): a real
      // network failure, the product's API is not stubbed
      const dialog = await askSignOut(page);
      await page.context().setOffline(true);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page.locator('.ant-message').getByText(MSG.networkError, { exact: true })).toBeVisible();
      expect(pathOf(page)).toBe(home);
      expect(await storedToken(page)).toBe(token);
      await expect(page.getByTestId('user-menu')).toHaveText(email);
      // the connection is back: signing out now works and revokes the token
      await page.context().setOffline(false);
      await signOutConfirmed(page);
    });
  }
});

test.describe('404 inside a console', () => {
  for (const [email, area, home] of [
    [DEMO.customer, '/client', '/client/products'],
    [DEMO.global_admin, '/global', '/global/brands'],
  ] as const) {
    test(`${area}: an unknown screen is the 404 page, and Back to home leads to ${home}`, async ({ page }) => {
      await signInAs(page, email, home);
      await page.goto(`${area}/no-such-screen`);
      const notFound = page.getByTestId('not-found');
      await expect(notFound.getByRole('heading', { level: 1 })).toHaveText(MSG.notFoundHeading);
      await expectAccessible(page, `${area} 404`);
      const back = notFound.getByRole('link', { name: MSG.notFoundBack, exact: true });
      await expect(back).toHaveAttribute('href', home);
      await back.click();
      await expect(page).toHaveURL(new RegExp(`${home}$`));
      await expect(page.getByTestId('not-found')).toHaveCount(0);
    });
  }

  test('brand-scoped mode with an unknown or malformed brand id is the 404 page, not an empty list', async ({
    page,
  }) => {
    await signInAs(page, DEMO.global_admin, '/global/brands');
    for (const path of [
      '/global/brands/7d3c1b3e-0000-4000-8000-000000000000/products',
      '/global/brands/not-a-brand/instances',
    ]) {
      await page.goto(path);
      await expect(page.getByTestId('not-found').getByRole('heading', { level: 1 })).toHaveText(MSG.notFoundHeading);
      await expect(page.getByRole('table')).toHaveCount(0);
    }
    // The real brand still opens its products.
    const brandId = await demoBrandId();
    await page.goto(`/global/brands/${brandId}/products`);
    await expect(page.getByTestId('sidebar-title')).toHaveText(DEMO_BRAND);
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  });
});

test.describe('accessibility of the shell', () => {
  test("the full-width '？' of the sign-out question is drawn by a font the console ships", async ({ page }) => {
    await signInAs(page, DEMO.customer, '/client/products');
    const dialog = await askSignOut(page);
    await expect(dialog.getByText(MSG.signOutConfirm, { exact: true })).toBeVisible();
    // the console's own subset (public/fonts) loads and covers the glyph, whatever fonts the machine has
    const faces = await page.evaluate(async () => {
      const loaded = await document.fonts.load('14px "ATK Fullwidth"', '？');
      return { count: loaded.length, covered: document.fonts.check('14px "ATK Fullwidth"', '？') };
    });
    expect(faces).toEqual({ count: 1, covered: true });
    const family = await dialog
      .getByText(MSG.signOutConfirm, { exact: true })
      .evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family).toContain('ATK Fullwidth');
    // and the '？' on screen is that face's glyph, not the box a font without it draws: it takes the face's full
    // width (one em), which the box does not
    const widths = await dialog.getByText(MSG.signOutConfirm, { exact: true }).evaluate((el) => {
      const text = el.firstChild as Text;
      const range = document.createRange();
      range.setStart(text, text.length - 1);
      range.setEnd(text, text.length);
      const style = getComputedStyle(el);
      const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      canvas.font = `${style.fontSize} "ATK Fullwidth"`;
      return { drawn: range.getBoundingClientRect().width, glyph: canvas.measureText('？').width };
    });
    expect(widths.drawn).toBeCloseTo(widths.glyph, 0);
  });

  test('with reduced motion asked for, menus open on screen and dialogs without their zoom', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAs(page, DEMO.customer, '/client/products');
    await page.getByTestId('user-menu').click();
    // the user menu opens beside its button (with antd's motion off it opened 7,200 px off the screen)
    const signOut = page.getByText(LABEL.signOut, { exact: true });
    await expect(signOut).toBeInViewport();
    await signOut.click();
    const modal = page.locator('.ant-modal');
    await modal.waitFor();
    // its zoom takes no time: nothing visibly moves
    expect(await modal.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('1e-05s');
    await expect(modal).not.toHaveClass(/zoom/);
  });

  test('keyboard focus is visible on the header tabs, the sidebar and the buttons', async ({ page }) => {
    await signInAs(page, DEMO.customer, '/client/products');
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        // a text box's ring is on the box around its text
        const ringed = el.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker') ?? el;
        const style = getComputedStyle(ringed);
        const ring = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
        return { text: el.getAttribute('aria-label') || el.textContent || el.outerHTML.slice(0, 120), ring };
      });
    // the logo, the header tabs, the user menu, the sidebar's links, the list's filters and buttons
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      const { text } = await focused();
      await expect.poll(async () => (await focused()).ring, { message: `focus ring on "${text}"` }).toBe(true);
    }
  });
});
