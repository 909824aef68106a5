/**
 * The console on a phone: at 390 × 844 every client screen keeps to the screen's width (no
 * sideways scroll of the page), the sidebar is a drawer behind the header's Menu button, which covers nothing,
 * and the user menu's Sign out is on screen. At 360 px a list, its dialog and operator screens fit as well; wide
 * tables scroll inside themselves.
 */
import { LABEL, MSG } from '@atk/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { dialog, fillFilter, INSTANCE_TABS, PRODUCT_TABS, row, search, signInAs } from './lists.ts';
import { api, apiLogin, baseUrl, DEMO, demoCategoryId, expectNoSideScroll, settled, sineWav } from './support.ts';

// a stuck click names itself instead of using up the whole test
test.use({ viewport: { width: 390, height: 844 }, actionTimeout: 10_000 });

type Box = { x: number; y: number; width: number; height: number };

const menuButton = (page: Page) => page.getByRole('button', { name: LABEL.menu, exact: true });
const pageTitle = (page: Page, title: string) => page.getByRole('heading', { level: 1, name: title, exact: true });

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').toBeTruthy();
  return box as Box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Entirely on screen once the page is scrolled down (never sideways) to it: not past the right edge, and not
 * clipped by a box around it.
 */
async function expectWithinScreen(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  await locator.evaluate((el) => {
    const { top, bottom } = el.getBoundingClientRect();
    if (top < 120 || bottom > window.innerHeight) window.scrollBy(0, top - window.innerHeight / 3);
  });
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = await boxOf(locator);
  const width = page.viewportSize()?.width ?? 0;
  expect(box.x, 'left edge on screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge on screen').toBeLessThanOrEqual(width);
}

/** The Menu button stays in the header: it covers none of `covered` (the title, filter labels…). */
async function expectMenuCoversNothing(page: Page, covered: Locator[]) {
  const menu = await boxOf(menuButton(page));
  for (const target of covered) {
    await expect(target).toBeVisible();
    expect(overlaps(menu, await boxOf(target)), `the Menu button covers ${await target.textContent()}`).toBe(false);
  }
}

/** A screen of the shell at phone width: its title shows, the sidebar is folded away, nothing is covered. */
async function expectScreen(page: Page, title: string, alsoUncovered: Locator[] = []) {
  await expect(pageTitle(page, title)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('aside.ant-layout-sider')).toBeHidden();
  await expectWithinScreen(page, menuButton(page));
  await expectWithinScreen(page, page.getByTestId('user-menu'));
  await expectMenuCoversNothing(page, [pageTitle(page, title), ...alsoUncovered]);
  await expectNoSideScroll(page);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expectAccessible(page, `${title} at phone width`);
}

/** A filter's label in the list's filter row. */
const filterLabel = (page: Page, label: string) =>
  page.locator('.list-page__filters').locator(`label[title="${label}"]`);

/**
 * Opens the tab `label` of an edit page as a phone user does: the tabs run along the top and wrap onto another line
 * rather than hide behind a "more" button (docs/accessibility.md), so each is on screen to be tapped.
 */
async function openTab(page: Page, label: string) {
  const tab = page.getByRole('tab', { name: label, exact: true });
  await expectWithinScreen(page, tab);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: label, exact: true })).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page, `tab ${label} at phone width`);
}

/**
 * A row action a thumb can use (docs/accessibility.md "Targets"): on screen, at least 24 × 24 px, named, and its
 * name shown: as its text, or (an icon) as the tooltip it shows when pointed at.
 */
async function expectTappable(page: Page, action: Locator, shown: string) {
  await expectWithinScreen(page, action);
  const box = await boxOf(action);
  expect(box.width, `${shown}: target width`).toBeGreaterThanOrEqual(24);
  expect(box.height, `${shown}: target height`).toBeGreaterThanOrEqual(24);
  if ((await action.innerText()).trim() === '') {
    await action.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: shown })).toBeVisible();
    await page.mouse.move(0, 0);
  } else {
    await expect(action).toHaveText(shown);
  }
}

/** A product of the demo customer's with one song and one source (`SOURCE`), no audio yet. */
const SOURCE = 'Lead vocal';
async function productWithSource(tag: string) {
  const token = await apiLogin(DEMO.customer);
  const name = `Phone ${tag} ${Date.now().toString(36)}`;
  const product = await api<{ _id: string }>('POST', '/products', {
    token,
    body: { general: { name, model: 'P-1', is_published: 0, category_id: await demoCategoryId(token) } },
  });
  expect(product.code, product.msg).toBe(200);
  const song = await api<{ _id: string }>('POST', '/songs', {
    token,
    body: { name: `Song of ${name}`, song_writer: null, song_type: 1 },
  });
  expect(song.code, song.msg).toBe(200);
  const attached = await api('PUT', `/products/${product.data._id}`, {
    token,
    body: { type: 'songs', content: [song.data._id] },
  });
  expect(attached.code, attached.msg).toBe(200);
  const source = await api('POST', '/instruments', {
    token,
    body: { name: SOURCE, performer: 'Ada Tone', song_id: song.data._id },
  });
  expect(source.code, source.msg).toBe(200);
  return { name, song: `Song of ${name}` };
}

/**
 * The product list's and the product's Audio tab's row actions at the current width: Edit in the list; Upload,
 * Edit source, Add source and Edit song on the Audio tab. Leaves the Audio tab open; answers the source's row.
 */
async function expectProductRowActions(page: Page, product: { name: string; song: string }) {
  await page.goto('/client/products');
  await expectScreen(page, LABEL.navProducts);
  await fillFilter(page, 'Name', product.name);
  await search(page);
  const table = page.getByTestId('product-list');
  await expect(row(table, product.name)).toBeVisible();
  const edit = table.getByRole('link', { name: `${LABEL.edit} ${product.name}`, exact: true });
  await expectTappable(page, edit, LABEL.edit);
  await expectNoSideScroll(page);

  await edit.click();
  await expectScreen(page, LABEL.productEdit);
  await openTab(page, LABEL.tabAudio);
  const source = page.getByTestId('source').filter({ hasText: SOURCE });
  await expect(source.getByTestId('audio-state')).toHaveText('No audio');
  await expectTappable(page, source.getByRole('button', { name: LABEL.upload }), LABEL.upload);
  await expectTappable(
    page,
    source.getByRole('button', { name: `Edit source ${SOURCE}`, exact: true }),
    `Edit source ${SOURCE}`,
  );
  await expectTappable(
    page,
    page.getByRole('button', { name: `Add source to ${product.song}`, exact: true }),
    LABEL.addSource,
  );
  await expectTappable(
    page,
    page.getByRole('button', { name: `Edit song ${product.song}`, exact: true }),
    `Edit song ${product.song}`,
  );
  await expectNoSideScroll(page);
  await expectAccessible(page, `the Audio tab's actions at ${page.viewportSize()?.width} px`);
  return source;
}

test.describe('the client area at 390 × 844', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, DEMO.customer, '/client/products');
  });

  test('the header: the Menu button opens the sidebar as a drawer; the user menu shows Sign out on screen', async ({
    page,
  }) => {
    await expectScreen(page, LABEL.navProducts, [filterLabel(page, 'Name'), filterLabel(page, LABEL.status)]);

    // the sidebar, as a drawer over the page
    await menuButton(page).click();
    const drawer = await settled(page.getByRole('dialog', { name: LABEL.menu }));
    const nav = drawer.getByRole('navigation', { name: 'Sidebar' });
    await expect(nav.locator('.ant-menu-item-group-title')).toHaveText([
      LABEL.groupContent,
      LABEL.groupIntegration,
      LABEL.groupAccount,
      LABEL.groupSupport,
    ]);
    await expect(nav.getByRole('link')).toHaveText([
      LABEL.navProducts,
      LABEL.navMyPlayers,
      LABEL.navStatistics,
      LABEL.navProfile,
      LABEL.navGuide,
      LABEL.navIntegration,
    ]);
    await expectWithinScreen(page, nav.getByRole('link', { name: LABEL.navIntegration }));
    await expectNoSideScroll(page);
    await expectAccessible(page, 'the sidebar drawer at phone width');
    // following a link closes it
    await nav.getByRole('link', { name: LABEL.navMyPlayers }).click();
    await expect(page).toHaveURL(/\/client\/instances$/);
    await expect(drawer).toBeHidden();
    await expectScreen(page, LABEL.navMyPlayers, [filterLabel(page, 'Name')]);
    // and its close button closes it without going anywhere
    await menuButton(page).click();
    await settled(page.getByRole('dialog', { name: LABEL.menu }));
    await page.getByRole('dialog', { name: LABEL.menu }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog', { name: LABEL.menu })).toBeHidden();
    await expect(page).toHaveURL(/\/client\/instances$/);

    // the user menu: who is signed in, and Sign out, both on screen
    await page.getByTestId('user-menu').click();
    const signOut = page.getByRole('menuitem', { name: LABEL.signOut });
    await settled(page.locator('.ant-dropdown', { has: signOut }));
    await expectWithinScreen(page, signOut);
    await expectWithinScreen(page, page.getByRole('menuitem', { name: DEMO.customer }));
    await signOut.click();
    const confirm = await settled(page.getByRole('dialog', { name: MSG.signOutTitle }));
    await expect(confirm.getByText(MSG.signOutConfirm, { exact: true })).toBeVisible();
    await expectAccessible(page, 'the sign-out confirmation at phone width');
    await expectWithinScreen(page, confirm.getByRole('button', { name: 'OK' }));
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the product list and a product edit, tab by tab, fit the screen', async ({ page }) => {
    // ten screens and dialogs, each scanned by axe: 40 s on a busy 2-core machine, more when it is busier still
    test.setTimeout(120_000);
    await expectScreen(page, LABEL.navProducts);
    await fillFilter(page, 'Name', 'Brick D7');
    await search(page);
    const table = page.getByTestId('product-list');
    await expect(row(table, 'Brick D7')).toBeVisible();
    await expectWithinScreen(page, table.getByRole('link', { name: 'Edit Brick D7' }));
    await expectNoSideScroll(page);

    // the New Product dialog fits the screen
    await page.getByRole('button', { name: LABEL.newProduct }).click();
    const create = await dialog(page, LABEL.newProduct);
    await expectWithinScreen(page, create.getByRole('button', { name: LABEL.save }));
    await expectWithinScreen(page, create.getByLabel('Name', { exact: true }));
    await expectNoSideScroll(page);
    await expectAccessible(page, 'the New Product dialog at phone width');
    await create.getByRole('button', { name: LABEL.cancel }).click();
    await expect(create).toBeHidden();

    await table.getByRole('link', { name: 'Edit Brick D7' }).click();
    await expectScreen(page, LABEL.productEdit, [page.getByText('Brick D7', { exact: true })]);
    for (const tab of PRODUCT_TABS) {
      await openTab(page, tab);
    }
    // the General tab's fields and its save are on screen, not pushed past the edge
    await openTab(page, LABEL.tabGeneral);
    await expectWithinScreen(page, page.getByLabel('Name', { exact: true }));
    await expectWithinScreen(page, page.getByRole('button', { name: LABEL.saveChanges }));
  });

  test('row actions of the product list and of a product’s Audio tab are labelled, on screen and ≥ 24 px', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await expectProductRowActions(page, await productWithSource('actions'));
  });

  test('the instance list and an instance edit, tab by tab, fit the screen', async ({ page }) => {
    // seven tabs, each scanned by axe: 35–45 s alone, over 60 s beside the other worker on the 2-core CI machine
    test.setTimeout(90_000);
    await page.goto('/client/instances');
    await expectScreen(page, LABEL.navMyPlayers);
    await fillFilter(page, 'Name', 'Demo Audio Microphones');
    await search(page);
    const edit = page.getByRole('link', { name: 'Edit Demo Audio Microphones', exact: true });
    await expect(edit).toBeVisible();
    await expectNoSideScroll(page);

    await edit.click();
    await expectScreen(page, LABEL.instanceEdit);
    for (const tab of INSTANCE_TABS) {
      await openTab(page, tab);
    }
    await openTab(page, LABEL.tabGeneral);
    await expectWithinScreen(page, page.getByText(LABEL.launchCode, { exact: true }));
    await expectWithinScreen(page, page.getByRole('button', { name: LABEL.saveChanges }));
  });

  test('the guide, the integration guide and the profile fit the screen', async ({ page }) => {
    await page.goto('/client/guide');
    await expectScreen(page, LABEL.navGuide);
    await expect(page.getByRole('tab', { name: LABEL.guideContent, exact: true })).toBeVisible();

    await page.goto('/client/integration');
    await expectScreen(page, LABEL.navIntegration);
    await expect(page.getByRole('tab').first()).toBeVisible();

    await page.goto('/client/profile');
    await expectScreen(page, 'My Profile');
    await expectWithinScreen(page, page.getByLabel('First Name', { exact: true }));
    await expectWithinScreen(page, page.getByRole('button', { name: LABEL.saveChanges }));
  });
});

test.describe('the atk operator area at 390 × 844', () => {
  test('every /atk screen and a mobile instance edit, tab by tab, fit the screen', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(DEMO.atk);
    const name = `Phone mobile ${Date.now().toString(36)}`;
    const res = await fetch(`${baseUrl()}/api/v1/admin/mobile_instances`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ general: { name, is_published: 0 } }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);

    await signInAs(page, DEMO.atk, '/atk/instances');
    await expectScreen(page, LABEL.navInstances, [filterLabel(page, 'Name')]);
    await fillFilter(page, 'Name', name);
    await search(page);
    const edit = page.getByRole('link', { name: `${LABEL.edit} ${name}`, exact: true });
    await expect(edit).toBeVisible();
    await expectNoSideScroll(page);
    await edit.click();
    await expectScreen(page, LABEL.mobileInstanceEdit);
    for (const tab of [LABEL.tabProducts, LABEL.tabSources, LABEL.tabImages, LABEL.tabGeneral])
      await openTab(page, tab);
    await expectWithinScreen(page, page.getByText(LABEL.launchCode, { exact: true }));
    await expectWithinScreen(page, page.getByRole('button', { name: LABEL.saveChanges }));

    await page.goto('/atk/retailers');
    await expectScreen(page, LABEL.retailers, [filterLabel(page, 'Name'), filterLabel(page, LABEL.status)]);
    await page.goto('/atk/infos');
    await expectScreen(page, LABEL.widgetContent);
    for (const tab of [LABEL.tabFrequencyGraph, LABEL.tabMenu]) await openTab(page, tab);
    await expectWithinScreen(page, page.getByRole('button', { name: LABEL.saveChanges }));
    await page.goto('/atk/landing');
    await expectScreen(page, LABEL.navLandingPage);
    await expectWithinScreen(page, page.getByRole('button', { name: LABEL.saveChanges }));
    await page.goto('/atk/statistics/products');
    await expectScreen(page, LABEL.mobileStatistics);
    await expect(page.getByRole('tab', { name: LABEL.tabPlayedTimes, exact: true })).toBeVisible();
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the client product list, its filters and its dialog fit', async ({ page }) => {
    await signInAs(page, DEMO.customer, '/client/products');
    await expectScreen(page, LABEL.navProducts, [filterLabel(page, 'Name'), filterLabel(page, LABEL.status)]);
    const filters = page.locator('.list-page__filters');
    await expectWithinScreen(page, filters.getByRole('button', { name: LABEL.search }));
    await expectWithinScreen(page, filters.getByRole('button', { name: LABEL.reset }));
    await expectWithinScreen(page, page.getByRole('button', { name: LABEL.newProduct }));

    await page.getByRole('button', { name: LABEL.newProduct }).click();
    const create = await dialog(page, LABEL.newProduct);
    await expectWithinScreen(page, create.getByRole('button', { name: LABEL.save }));
    await expectWithinScreen(page, create.getByRole('button', { name: LABEL.cancel }));
    await expectNoSideScroll(page);
  });

  test('row actions stay tappable; a failed audio’s message wraps inside its row', async ({ page }) => {
    test.setTimeout(90_000);
    const product = await productWithSource('failed');
    await signInAs(page, DEMO.customer, '/client/products');
    const source = await expectProductRowActions(page, product);

    // A WAV header with no samples: the save's probe lets it through, the processing finds nothing to play and
    // fails it with its reason (the job's 'not audio' refusal), shown on the source's row.
    await source.getByLabel(`Upload audio for ${SOURCE}`, { exact: true }).setInputFiles({
      name: 'no-samples-at-all-in-this-rather-long-file-name.wav',
      mimeType: 'audio/wav',
      buffer: sineWav(0),
    });
    const state = source.getByTestId('audio-state');
    await expect(state).toHaveText(`${LABEL.audioFailed}: ${MSG.notAudio}`, { timeout: 45_000 });
    await expectWithinScreen(page, state);
    const [rowBox, stateBox] = [await boxOf(source), await boxOf(state)];
    expect(stateBox.x, 'starts inside its row').toBeGreaterThanOrEqual(rowBox.x);
    expect(stateBox.x + stateBox.width, 'ends inside its row').toBeLessThanOrEqual(rowBox.x + rowBox.width);
    expect(stateBox.y + stateBox.height, 'within its row').toBeLessThanOrEqual(rowBox.y + rowBox.height);
    // wrapped onto more lines, not clipped: the whole text is laid out inside the tag
    const [inner, shown] = await state.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(inner, 'the message is not clipped').toBeLessThanOrEqual(shown);
    expect(stateBox.height, 'the message wraps onto more lines').toBeGreaterThan(30);
    await expectTappable(page, source.getByRole('button', { name: LABEL.upload }), LABEL.upload);
    await expectNoSideScroll(page);
    await expectAccessible(page, 'a failed audio at 360 px');
  });

  test('operator screens: a wide list scrolls inside itself, the drawer and an edit page fit', async ({ page }) => {
    await signInAs(page, DEMO.global_admin, '/global/brands');
    await expectScreen(page, LABEL.brands);

    await page.goto('/global/customers');
    await expectScreen(page, LABEL.customers, [filterLabel(page, 'Name')]);
    // other tests add customers, so the demo one is found by its email; the table is wider than the screen:
    // it scrolls, the page does not
    await fillFilter(page, 'Email', DEMO.customer);
    await search(page);
    const content = page.locator('.ant-table-content');
    await expect(row(content, DEMO.customer)).toBeVisible();
    const [inner, shown] = await content.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(inner, 'the table is wider than the screen').toBeGreaterThan(shown);
    await expectNoSideScroll(page);

    // the global sidebar in the drawer
    await menuButton(page).click();
    const drawer = await settled(page.getByRole('dialog', { name: LABEL.menu }));
    await expect(drawer.locator('.ant-menu-item-group-title').first()).toHaveText(LABEL.globalGroupBrands);
    await expectNoSideScroll(page);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();

    // a row action past the screen's edge is reached by scrolling the table; the edit page fits
    await page.getByRole('button', { name: `${LABEL.editFeatures} ${DEMO.customer}`, exact: true }).click();
    await expectScreen(page, LABEL.customerEdit);
    await expectWithinScreen(page, page.getByRole('button', { name: LABEL.cancel }));
    await expectWithinScreen(page, page.getByRole('button', { name: LABEL.saveChanges }));
  });
});
