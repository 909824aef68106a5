/**
 * The mobile widget operator area (/atk), clicked through as the demo atk
 * operator: mobile instances (create, rename, Sync Products, the products' coupled toggles and a refused save,
 * a source order, the image orders), retailers (create, edit with a logo upload and the 2 MB refusal, delete),
 * Widget Content (rich text, a band, the menu order, read back after a reload), the landing instance and the
 * product statistics. The sweep of the atk sidebar is in operator-screens.spec.ts.
 */
import {
  DEFAULT_MOBILE_MENU,
  FREQUENCY_BAND_LABELS,
  featuredOrderRange,
  INFO_PAGE_LABELS,
  LABEL,
  MOBILE_PRODUCT_RULES,
  MOBILE_PRODUCT_TIPS,
  MSG,
  mobileLaunchCode,
} from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectAccessibleOnce } from './a11y.ts';
import {
  choose,
  confirmPopover,
  dialog,
  exactly,
  fill,
  fillFilter,
  headers,
  pick,
  row,
  rows,
  search,
  signInAs,
  uid,
} from './lists.ts';
import { apiLogin, baseUrl, DEMO, mobileSettingsTurn, settled, solidPng, toast, v1 } from './support.ts';

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function openInstance(page: Page, name: string) {
  const table = page.getByTestId('mobile-instance-list');
  await fillFilter(page, LABEL.name, name);
  await search(page);
  await row(table, name)
    .getByRole('link', { name: `${LABEL.edit} ${name}`, exact: true })
    .click();
  await expect(heading(page, LABEL.mobileInstanceEdit)).toBeVisible();
  await expect(page.getByTestId('instance-name')).toHaveText(name);
  await expectAccessibleOnce(page, 'Mobile instance edit');
}

/** A new unpublished mobile instance, opened on its Products tab as the atk operator. */
async function openNewInstanceProducts(page: Page, prefix: string) {
  const token = await apiLogin(DEMO.atk);
  const name = `${prefix} ${uid()}`;
  await v1('POST', '/admin/mobile_instances', token, { general: { name, is_published: 0 } });
  await signInAs(page, DEMO.atk, '/atk/instances');
  await openInstance(page, name);
  await tab(page, LABEL.tabProducts).click();
  const products = page.getByTestId('tab-products');
  return { products, table: products.getByTestId('mobile-products') };
}

test('the atk operator lands on /atk/instances and creates, renames and synchronises a mobile instance', async ({
  page,
}) => {
  await signInAs(page, DEMO.atk, '/atk/instances');
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await expect(heading(page, LABEL.navInstances)).toBeVisible();
  const table = page.getByTestId('mobile-instance-list');
  await expect(headers(table)).toHaveText(['Index', LABEL.instanceName, LABEL.lastUpdated, 'Operate']);

  const name = `Mobile ${uid()}`;
  await page.getByRole('button', { name: LABEL.newInstance }).click();
  const create = await dialog(page, LABEL.newInstance);
  await expect(create.getByRole('button', { name: LABEL.save })).toBeVisible();
  await expect(create.getByRole('button', { name: LABEL.cancel })).toBeVisible();
  // an empty name is refused on the form
  await create.getByRole('button', { name: LABEL.save }).click();
  await expect(create.getByText(MSG.nameRequired, { exact: true })).toBeVisible();
  await fill(create, LABEL.name, name);
  await create.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createInstanceSuccess)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await fillFilter(page, LABEL.name, name);
  await search(page);
  await expect(rows(table)).toHaveCount(1);
  await expect(row(table, name).locator('td').first()).toHaveText('1');

  // Sync Products: the server's msg says what changed (a fresh instance already lists every product)
  await row(table, name)
    .getByRole('button', { name: `${LABEL.syncProducts} ${name}`, exact: true })
    .click();
  await expect(
    page
      .locator('.ant-message')
      .getByText(new RegExp(`^${MSG.synchronizeSuccess}: \\d+ products? added, \\d+ removed$`)),
  ).toBeVisible();

  // Edit: General renames it and switches it Active; the launch code names it
  await openInstance(page, name);
  await expect(page.getByRole('tab')).toHaveText([
    LABEL.tabGeneral,
    LABEL.tabProducts,
    LABEL.tabSources,
    LABEL.tabImages,
  ]);
  const general = page.getByTestId('tab-general');
  const id = page.url().split('/').at(-2) ?? '';
  await expect(general.getByLabel(LABEL.launchCode, { exact: true })).toHaveValue(mobileLaunchCode(baseUrl(), id));
  await expect(general.getByRole('button', { name: `Copy ${LABEL.launchCode}` })).toBeVisible();
  const status = general.getByRole('switch', { name: LABEL.status, exact: true });
  await expect(status).not.toBeChecked();
  await expect(status.locator('.ant-switch-inner-unchecked')).toHaveText(LABEL.statusPending);
  const renamed = `${name} renamed`;
  await fill(general, LABEL.name, renamed);
  await status.click();
  await expect(status).toBeChecked();
  await expect(status.locator('.ant-switch-inner-checked')).toHaveText(LABEL.statusActive);
  await general.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(page.getByTestId('instance-name')).toHaveText(renamed);

  await page.reload();
  await expect(page.getByTestId('instance-name')).toHaveText(renamed);
  await expect(page.getByTestId('tab-general').getByRole('switch', { name: LABEL.status })).toBeChecked();
  await page.getByTestId('instance-back').click();
  await fillFilter(page, LABEL.name, renamed);
  await search(page);
  await expect(row(table, renamed)).toBeVisible();
});

test('mobile instance products, sources and images: coupled toggles, a refused save, orders', async ({ page }) => {
  const { products, table } = await openNewInstanceProducts(page, 'Mobile products');
  await expect(headers(table)).toHaveText([
    LABEL.brand,
    LABEL.name,
    LABEL.model,
    LABEL.price,
    LABEL.active,
    LABEL.featured,
    LABEL.featuredOrder,
    LABEL.playerPosition,
    LABEL.placementPriority,
  ]);
  await expect(products.locator('.ant-pagination-options')).toBeVisible();

  // the demo brand's four microphones, by name
  const mics = ['Brick D7', 'Lumen C1', 'Pencil S4', 'Velour R2'];
  const search_ = products.getByLabel(LABEL.name, { exact: true });
  await search_.fill('Lumen C1');
  await search_.press('Enter');
  await expect(rows(table)).toHaveCount(1);
  await expect(rows(table).getByTestId('mobile-product-model')).toHaveText('LC-1');
  const total = await products.getByLabel(`${LABEL.featuredOrder} Lumen C1`).getAttribute('placeholder');
  expect(total).toMatch(/^1 to \d+$/);

  const active = (mic: string) => table.getByRole('switch', { name: `${LABEL.active} ${mic}`, exact: true });
  const featured = (mic: string) => table.getByRole('switch', { name: `${LABEL.featured} ${mic}`, exact: true });
  // Featured on turns Active on
  await expect(active('Lumen C1')).not.toBeChecked();
  await featured('Lumen C1').click();
  await expect(active('Lumen C1')).toBeChecked();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  // Active off turns Featured off
  await active('Lumen C1').click();
  await expect(featured('Lumen C1')).not.toBeChecked();
  await expect(active('Lumen C1')).not.toBeChecked();

  // all four featured: the fourth is refused with the server's msg and goes back to what is stored
  await search_.fill('');
  await search_.press('Enter');
  for (const mic of mics.slice(0, 3)) {
    await featured(mic).click();
    await expect(featured(mic)).toBeChecked();
    await expect(active(mic)).toBeChecked();
  }
  await featured('Velour R2').click();
  await expect(toast(page, `products: ${MOBILE_PRODUCT_RULES.featuredMax}`)).toBeVisible();
  await expect(featured('Velour R2')).not.toBeChecked();
  await expect(active('Velour R2')).not.toBeChecked();

  // the Featured filter shows the three
  await choose(page, products, LABEL.featured, LABEL.optionTrue);
  await expect(rows(table)).toHaveCount(3);
  // a player position, read back after a reload
  await pick(page, table, `${LABEL.playerPosition} Brick D7`, '2');
  await expect(toast(page, MSG.updateSuccess).last()).toBeVisible();
  await page.reload();
  await tab(page, LABEL.tabProducts).click();
  await expect(
    page
      .getByTestId('mobile-products')
      .locator('.ant-select')
      .filter({ has: page.getByLabel(`${LABEL.playerPosition} Brick D7`, { exact: true }) }),
  ).toHaveText('2');

  // Sources: the demo song of the active microphones, its two sources swapped
  await tab(page, LABEL.tabSources).click();
  const sources = page.getByTestId('tab-sources');
  await expect(sources.locator('tr.instance-song')).toHaveCount(1);
  await expect(sources.locator('tr.instance-song td').nth(1)).toHaveText('Morning Light');
  const vocalOrder = 'Order of Vocal in Morning Light';
  await expect(sources.getByRole('button', { name: LABEL.saveChanges })).toBeDisabled();
  await pick(page, sources, vocalOrder, '1');
  await expect(sources.locator('tr.instance-source td:first-child')).toHaveText(['Vocal', 'Acoustic Guitar']);
  await sources.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess).last()).toBeVisible();
  await page.reload();
  await tab(page, LABEL.tabSources).click();
  await expect(page.getByTestId('tab-sources').locator('tr.instance-source td:first-child')).toHaveText([
    'Vocal',
    'Acoustic Guitar',
  ]);

  // Images: 360° Group to 2 swaps Additional Image to 1
  await tab(page, LABEL.tabImages).click();
  const images = page.getByTestId('tab-images');
  const order = (img: string) =>
    images.locator('.ant-select').filter({ has: page.getByLabel(`Order of ${img}`, { exact: true }) });
  await expect(order(LABEL.image360)).toHaveText('1');
  await pick(page, images, `Order of ${LABEL.image360}`, '2');
  await expect(order(LABEL.imageAdditional)).toHaveText('1');
  await images.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess).last()).toBeVisible();
  await page.reload();
  await tab(page, LABEL.tabImages).click();
  await expect(order(LABEL.image360)).toHaveText('2');
  await expect(order(LABEL.imageAdditional)).toHaveText('1');
});

test('mobile instance products: the name shown and searched, the filters, the orderings explained, a Featured Order refused', async ({
  page,
}) => {
  const { products, table } = await openNewInstanceProducts(page, 'Mobile names');

  // the product's name is a column, and the Name filter searches it (part of it, any case)
  const search_ = products.getByLabel(LABEL.name, { exact: true });
  await search_.fill('lumen');
  await search_.press('Enter');
  await expect(rows(table)).toHaveCount(1);
  await expect(rows(table).getByTestId('mobile-product-name')).toHaveText('Lumen C1');
  await expect(rows(table).getByTestId('mobile-product-model')).toHaveText('LC-1');

  // the Active and Featured filters offer what the spec names: All, True, False
  for (const filter of [LABEL.active, LABEL.featured]) {
    await products.getByLabel(filter, { exact: true }).click();
    const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await expect(open.locator('.ant-select-item-option')).toHaveText([LABEL.all, LABEL.optionTrue, LABEL.optionFalse]);
    await page.keyboard.press('Escape');
    await expect(open).toHaveCount(0);
  }
  await choose(page, products, LABEL.active, LABEL.optionFalse);
  await expect(rows(table)).toHaveCount(1);
  await choose(page, products, LABEL.active, LABEL.optionTrue);
  await expect(rows(table)).toHaveCount(0);
  await choose(page, products, LABEL.active, LABEL.all);

  // each ordering column explains itself
  for (const [label, tip] of [
    [LABEL.featuredOrder, MOBILE_PRODUCT_TIPS.featuredOrder],
    [LABEL.playerPosition, MOBILE_PRODUCT_TIPS.playerPosition],
    [LABEL.placementPriority, MOBILE_PRODUCT_TIPS.placementPriority],
  ]) {
    await table.getByRole('button', { name: `About ${label}`, exact: true }).focus();
    await expect(page.getByRole('tooltip').filter({ hasText: tip })).toBeVisible();
  }

  // a Featured Order beyond the product count is refused under its box, not sent; one within it is saved
  const order = products.getByLabel(`${LABEL.featuredOrder} Lumen C1`, { exact: true });
  const count = Number((await order.getAttribute('placeholder'))?.replace(/^1 to /, ''));
  expect(count).toBeGreaterThan(1);
  await order.fill(String(count + 1));
  await order.press('Enter');
  await expect(
    products.getByText(`${LABEL.featuredOrder} ${featuredOrderRange(count)}`, { exact: true }),
  ).toBeVisible();
  await expect(order).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'Mobile products with a refused Featured Order');
  await order.fill(String(count));
  await order.press('Enter');
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(products.getByText(`${LABEL.featuredOrder} ${featuredOrderRange(count)}`)).toHaveCount(0);
  await page.reload();
  await tab(page, LABEL.tabProducts).click();
  const again = page.getByTestId('tab-products');
  await again.getByLabel(LABEL.name, { exact: true }).fill('Lumen C1');
  await again.getByLabel(LABEL.name, { exact: true }).press('Enter');
  await expect(again.getByLabel(`${LABEL.featuredOrder} Lumen C1`, { exact: true })).toHaveValue(String(count));
});

test('retailers: create, edit with a logo upload and the 2 MB refusal, filter, delete', async ({ page }) => {
  await signInAs(page, DEMO.atk, '/atk/instances');
  await page.getByTestId('nav-atk-retailers').click();
  await expect(heading(page, LABEL.retailers)).toBeVisible();
  const table = page.getByTestId('retailer-list');
  await expect(headers(table)).toHaveText([
    'Index',
    LABEL.retailer,
    LABEL.status,
    LABEL.createdAt,
    LABEL.lastUpdated,
    'Operate',
  ]);

  await page.getByRole('button', { name: LABEL.newRetailer }).click();
  const confirm = await settled(page.getByRole('dialog').filter({ hasText: MSG.confirmCreateRetailer }));
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, MSG.createSuccess)).toBeVisible();
  const edit = await dialog(page, LABEL.editRetailer);

  const name = `Shop ${uid()}`;
  await fill(edit, LABEL.name, name);
  await choose(page, edit, LABEL.status, LABEL.statusActive);
  await fill(edit, LABEL.website, 'https://shop.example.com/mics');
  const upload = edit.getByLabel(`${LABEL.upload} ${LABEL.retailerLogo}`, { exact: true });
  // over 2 MB: refused before anything is sent
  await upload.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(toast(page, MSG.pictureTooLarge)).toBeVisible();
  await expect(edit.getByRole('img', { name: LABEL.retailerLogo })).toHaveCount(0);
  // only the styled Upload button shows: the file input behind it stays hidden
  await expect(upload).toBeHidden();
  await expect(edit.getByRole('button', { name: new RegExp(`${LABEL.upload}$`) })).toBeVisible();
  // a text file named .png is refused by its bytes: no 'Upload success', no broken image
  await upload.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image\n') });
  await expect(toast(page, MSG.notImage)).toBeVisible();
  await expect(toast(page, MSG.uploadSuccess)).toHaveCount(0);
  await expect(edit.getByRole('img', { name: LABEL.retailerLogo })).toHaveCount(0);
  await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng('#2563eb') });
  await expect(toast(page, MSG.uploadSuccess)).toBeVisible();
  const logo = edit.getByRole('img', { name: LABEL.retailerLogo });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', /retailers\//);
  await edit.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.saveRetailerSuccess)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await fillFilter(page, LABEL.name, name);
  await search(page);
  await expect(rows(table)).toHaveCount(1);
  await expect(row(table, name).locator('td').nth(2)).toHaveText(LABEL.statusActive);
  // the logo and website are kept: the dialog opens with them
  await page.getByRole('button', { name: `${LABEL.edit} ${name}`, exact: true }).click();
  const again = await dialog(page, LABEL.editRetailer);
  await expect(again.getByLabel(LABEL.website, { exact: true })).toHaveValue('https://shop.example.com/mics');
  await expect(again.getByRole('img', { name: LABEL.retailerLogo })).toBeVisible();
  await again.getByRole('button', { name: LABEL.cancel }).click();

  // Inactive leaves it out, Active keeps it
  await choose(page, page.locator('.list-page__filters'), LABEL.status, LABEL.statusInactive);
  await search(page);
  await expect(row(table, name)).toHaveCount(0);
  await choose(page, page.locator('.list-page__filters'), LABEL.status, LABEL.statusActive);
  await search(page);
  await expect(row(table, name)).toBeVisible();

  await page.getByRole('button', { name: `${LABEL.delete} ${name}`, exact: true }).click();
  await confirmPopover(page, MSG.confirmDeleteRetailer);
  await expect(toast(page, MSG.deleteSuccess)).toBeVisible();
  await expect(row(table, name)).toHaveCount(0);
});

/** The turn on the mobile widget's settings a test took (mobile.spec reads them), given back when it ends. */
let releaseTurn: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await releaseTurn?.();
  releaseTurn = undefined;
});

/** The checklist's entries as shown, in order, and which are ticked. */
async function menuState(page: Page) {
  const entries = page.getByTestId('tab-menu').getByTestId('menu-entry');
  const texts = await entries.allInnerTexts();
  const ticked = await entries
    .locator('input[type=checkbox]')
    .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked));
  return texts.map((t, i) => `${t.trim()}${ticked[i] ? '' : ' (off)'}`);
}

test('widget content: rich text, a band and the menu order are saved and read back', async ({ page }) => {
  // The mobile widget's tests read these settings (its menu's SHARE and DEALS): they wait, and they are put back.
  test.setTimeout(120_000);
  const restoreToken = await apiLogin(DEMO.atk);
  const SETTINGS = ['mobile_infos', 'mobile_freq_graph', 'mobile_menu'].map((t) => `/atk_player/admin/settings/${t}`);
  releaseTurn = await mobileSettingsTurn();
  const before = await Promise.all(SETTINGS.map((path) => v1<{ content: unknown }>('GET', path, restoreToken)));
  try {
    const stamp = uid();
    await signInAs(page, DEMO.atk, '/atk/instances');
    await page.getByTestId('nav-atk-infos').click();
    await expect(heading(page, LABEL.widgetContent)).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([
      INFO_PAGE_LABELS.listening_tips,
      INFO_PAGE_LABELS.about_us,
      INFO_PAGE_LABELS.faq,
      LABEL.tabFrequencyGraph,
      LABEL.tabMenu,
    ]);

    // About Us: a heading typed with the editor's toolbar
    await tab(page, INFO_PAGE_LABELS.about_us).click();
    const about = page.getByTestId('info-tab-about_us');
    const editor = about.getByRole('textbox', { name: INFO_PAGE_LABELS.about_us, exact: true });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await about.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type(`About ${stamp}`);
    await about.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(toast(page, MSG.updateSuccess)).toBeVisible();

    // Frequency Graph: the first band's description
    await tab(page, LABEL.tabFrequencyGraph).click();
    const bands = page.getByTestId('tab-frequency-graph');
    await expect(bands.locator('legend')).toHaveText([...FREQUENCY_BAND_LABELS]);
    const sub = bands.getByTestId('band-sub');
    await sub.getByLabel(LABEL.description, { exact: true }).fill(`Rumble ${stamp}`);
    await bands.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(toast(page, MSG.updateSuccess).last()).toBeVisible();

    // Menu: back to the default, then SHARE off and DEALS up one place
    await tab(page, LABEL.tabMenu).click();
    const menu = page.getByTestId('tab-menu');
    await expect(menu.getByTestId('menu-entry')).toHaveCount(DEFAULT_MOBILE_MENU.length);
    const token = await apiLogin(DEMO.atk);
    const current = (await menuState(page)).filter((e) => !e.endsWith('(off)'));
    if (current.join() !== DEFAULT_MOBILE_MENU.join()) {
      await v1('PUT', '/atk_player/admin/settings/mobile_menu', token, { content: DEFAULT_MOBILE_MENU });
      await page.reload();
      await tab(page, LABEL.tabMenu).click();
    }
    await expect.poll(() => menuState(page)).toEqual([...DEFAULT_MOBILE_MENU]);
    await menu.getByRole('checkbox', { name: 'SHARE', exact: true }).uncheck();
    await menu.getByRole('button', { name: `${LABEL.moveUp} DEALS`, exact: true }).click();
    const expected = [
      'FREQUENCY GRAPHS',
      'LISTENING GUIDE',
      'DISCOGRAPHY',
      'TECH SPECS',
      'DEALS',
      'IMAGES',
      'SHARE (off)',
    ];
    await expect.poll(() => menuState(page)).toEqual(expected);
    await menu.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(toast(page, MSG.updateSuccess).last()).toBeVisible();

    await page.reload();
    await tab(page, INFO_PAGE_LABELS.about_us).click();
    await expect(
      page
        .getByTestId('info-tab-about_us')
        .getByRole('textbox', { name: INFO_PAGE_LABELS.about_us })
        .getByRole('heading', { level: 3, name: `About ${stamp}` }),
    ).toBeVisible();
    await tab(page, LABEL.tabFrequencyGraph).click();
    await expect(page.getByTestId('band-sub').getByLabel(LABEL.description, { exact: true })).toHaveValue(
      `Rumble ${stamp}`,
    );
    await tab(page, LABEL.tabMenu).click();
    await expect.poll(() => menuState(page)).toEqual(expected);
    // what is stored is the ticked entries in their order
    const answer = await v1<{ content: string[] }>('GET', '/atk_player/admin/settings/mobile_menu', token);
    expect(answer.content).toEqual(expected.slice(0, 6));
  } finally {
    for (const [i, path] of SETTINGS.entries()) await v1('PUT', path, restoreToken, { content: before[i].content });
  }
});

test('landing page: a mobile instance is chosen from the search and saved', async ({ page }) => {
  const token = await apiLogin(DEMO.atk);
  const name = `Landing ${uid()}`;
  const SETTING = '/atk_player/admin/settings/mobile_landing_instance';
  // /mobile and the mobile widget's tests launch the demo's landing instance: they wait, and it is put back.
  test.setTimeout(120_000);
  await v1('POST', '/admin/mobile_instances', token, { general: { name, is_published: 1 } });
  releaseTurn = await mobileSettingsTurn();
  const before = await v1<{ content: { instance: { _id: string } | null } }>('GET', SETTING, token);
  try {
    await signInAs(page, DEMO.atk, '/atk/instances');
    await page.getByTestId('nav-atk-landing').click();
    await expect(heading(page, LABEL.navLandingPage)).toBeVisible();
    await expect(page.getByRole('button', { name: LABEL.saveChanges })).toBeVisible();
    await expect(page.getByRole('button', { name: LABEL.cancel })).toBeVisible();

    await pick(page, page, 'Instance', name, name);
    await expect(page.getByTestId('landing-instance').locator('.ant-select-content')).toHaveText(exactly(name));
    await page.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(toast(page, MSG.updateSuccess)).toBeVisible();
    await expect(page.getByTestId('landing-current')).toHaveText(`Current: ${name}`);
    await page.reload();
    await expect(page.getByTestId('landing-current')).toHaveText(`Current: ${name}`);
  } finally {
    const instance = before.content.instance ? { _id: before.content.instance._id } : null;
    await v1('PUT', SETTING, token, { content: { instance } });
  }
});

test('product statistics: range, brand, product, and the two charts with their totals', async ({ page }) => {
  await signInAs(page, DEMO.atk, '/atk/instances');
  await page.getByTestId('nav-atk-statistics-products').click();
  await expect(heading(page, LABEL.mobileStatistics)).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([LABEL.tabPlayedTimes, LABEL.tabListeningTime]);
  await expect(page.getByLabel(LABEL.dateRange, { exact: true })).toBeVisible();
  // 13 days back up to today: 14 days in the table
  const played = page.getByTestId('statistics-play');
  await expect(played.getByTestId('statistics-chart')).toBeVisible();
  await expect(played.locator('tbody tr.ant-table-row')).toHaveCount(14);
  await expect(page.getByTestId('statistics-play-total')).toHaveText(/^\d+$/);

  await choose(page, page.locator('.statistics__filters'), LABEL.brand, 'Demo Audio');
  await choose(page, page.locator('.statistics__filters'), LABEL.product, 'Lumen C1 (LC-1)');
  await tab(page, LABEL.tabListeningTime).click();
  const time = page.getByTestId('statistics-listening_time');
  await expect(time.getByTestId('statistics-chart')).toBeVisible();
  await expect(page.getByTestId('statistics-listening_time-total')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(time.locator('tbody tr.ant-table-row').first().locator('td').nth(1)).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
});
