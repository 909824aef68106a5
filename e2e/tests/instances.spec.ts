/**
 * Player instances (the Instance list, the New / Edit Instance dialog, Instance edit; their ordering rules, permissions
 * and messages: docs/api.md "Instances and subscriptions"): the demo customer creates an instance from the dialog, sets
 * every tab through the UI and finds it all again after a reload, duplicates and deletes from the list; a subscription
 * lacking a feature gets the upgrade dialog until an operator grants it; a global admin works inside the demo brand.
 *
 * The tests of this file run in order in one worker (Playwright's default inside a file): two of them change the
 * demo customer's subscription and put it back.
 */
import { DEFAULT_SUBSCRIPTION, LABEL, MSG, PLAYER_TEXT, SALES_EMAIL, type Subscription } from '@atk/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessibleOnce } from './a11y.ts';
import { INSTANCE_TABS, uid } from './lists.ts';
import { api, apiLogin, DEMO, demoCategoryId, ok, settled, signIn, toast } from './support.ts';

// a stuck click names itself instead of using up the whole test
test.use({ actionTimeout: 10_000 });
test.setTimeout(120_000);

// ── scene ────────────────────────────────────────────────────────────────────────────────────────────────
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const RUN = uid();

interface InstanceData {
  _id: string;
  brand_id: string;
  general: {
    name: string;
    brand_name: string;
    category_id: string | null;
    sub_category_id: string | null;
    is_published: 0 | 1;
    website: string | null;
  };
  features: Record<string, { is_enable?: 0 | 1; order?: number; max_num?: number }>;
  products: { product_id: string; brand_id: string; is_active: 0 | 1; order: number | null }[];
  other_products: { product_id: string; brand_id: string; is_active: 0 | 1; order: number | null }[];
  sources: Song[];
  my_sources: Song[];
  images: { code: string; name: string; order: number }[];
  buttons: { default: { currency: string; symbol: string; url: string }; list: { currency: string; url: string }[] };
}
interface Song {
  song_id: string;
  is_active: 0 | 1;
  order: number;
  instruments: { instrument_id: string; is_active: 0 | 1; order: number }[];
}

const scene = {
  admin: '',
  customer: '',
  customerId: '',
  brandId: '',
  category: `E2E Players ${RUN}`,
  subCategory: `E2E Player Mics ${RUN}`,
  categoryId: '',
  subCategoryId: '',
  /** Two published in-category products, each with one song of two sources. */
  p1: { id: '', name: `E2E Alpha ${RUN}`, song: `E2E Song A ${RUN}`, songId: '', sources: [] as string[] },
  p2: { id: '', name: `E2E Beta ${RUN}`, song: `E2E Song B ${RUN}`, songId: '', sources: [] as string[] },
  /** Products of the demo brand outside the category (the 'mine' picker). */
  p3: { id: '', name: `E2E Gamma ${RUN}` },
  p4: { id: '', name: `E2E Delta ${RUN}` },
  /** A published product of another brand (the 'others' picker). */
  other: { id: '', name: `E2E Foreign ${RUN}`, brand: 'Northfield Microphones', brandId: '' },
};

async function brandIdOf(name: string) {
  const res = await ok(
    api<{ list: { _id: string; name: string }[] }>(
      'GET',
      `/admin/brands?page_num=1&page_size=1000&name=${encodeURIComponent(name)}`,
      { token: scene.admin },
    ),
  );
  const brand = res.list.find((b) => b.name === name);
  expect(brand, `brand ${name}`).toBeTruthy();
  return (brand as { _id: string })._id;
}

async function productWithSong(p: { id: string; name: string; song: string; songId: string; sources: string[] }) {
  const made = await ok(
    api<{ _id: string }>('POST', '/products', {
      token: scene.customer,
      body: {
        general: {
          name: p.name,
          is_published: 1,
          category_id: scene.categoryId,
          sub_category_id: scene.subCategoryId,
        },
      },
    }),
  );
  p.id = made._id;
  const song = await ok(
    api<{ _id: string }>('POST', '/songs', {
      token: scene.customer,
      body: { name: p.song, song_writer: `Writer of ${p.song}`, song_type: 1 },
    }),
  );
  p.songId = song._id;
  for (const source of ['Guitar', 'Vocal']) {
    const made = await ok(
      api<{ _id: string }>('POST', '/instruments', {
        token: scene.customer,
        body: { song_id: p.songId, name: `${source} ${p.song}`, performer: `${source} Player` },
      }),
    );
    p.sources.push(made._id);
  }
  await ok(api('PUT', `/products/${p.id}`, { token: scene.customer, body: { type: 'songs', content: [p.songId] } }));
}

const setSubscription = async (subscription: Subscription) =>
  ok(api('PUT', `/admin/users/${scene.customerId}`, { token: scene.admin, body: { subscription } }));

test.beforeAll(async () => {
  scene.admin = await apiLogin(DEMO.global_admin);
  scene.customer = await apiLogin(DEMO.customer);
  const me = await ok(api<{ _id: string; master_brand_id: string }>('GET', '/users/info', { token: scene.customer }));
  scene.customerId = me._id;
  scene.brandId = me.master_brand_id;
  await setSubscription(DEFAULT_SUBSCRIPTION);

  const category = await ok(
    api<{ _id: string }>('POST', '/admin/categories', {
      token: scene.admin,
      body: { name: scene.category, is_published: 1 },
    }),
  );
  scene.categoryId = category._id;
  const sub = await ok(
    api<{ _id: string }>('POST', '/admin/sub_categories', {
      token: scene.admin,
      body: { name: scene.subCategory, category_id: scene.categoryId, is_published: 1 },
    }),
  );
  scene.subCategoryId = sub._id;
  await productWithSong(scene.p1);
  await productWithSong(scene.p2);
  // two products of another category: not the instance's own, added through the picker
  const otherCategory = await demoCategoryId(scene.customer);
  for (const p of [scene.p3, scene.p4]) {
    const made = await ok(
      api<{ _id: string }>('POST', '/products', {
        token: scene.customer,
        body: { general: { name: p.name, is_published: 1, category_id: otherCategory } },
      }),
    );
    p.id = made._id;
  }
  scene.other.brandId = await brandIdOf(scene.other.brand);
  const foreign = await ok(
    api<{ _id: string }>('POST', '/admin/products', {
      token: scene.admin,
      body: {
        general: {
          name: scene.other.name,
          is_published: 1,
          brand_id: scene.other.brandId,
          category_id: scene.categoryId,
        },
      },
    }),
  );
  scene.other.id = foreign._id;
});

test.afterAll(async () => {
  await setSubscription(DEFAULT_SUBSCRIPTION);
});

const readInstance = async (id: string) => ok(api<InstanceData>('GET', `/instances/${id}`, { token: scene.customer }));

async function createInstance(name: string, withCategory = true) {
  return ok(
    api<InstanceData>('POST', '/instances', {
      token: scene.customer,
      body: {
        general: withCategory
          ? { name, category_id: scene.categoryId, sub_category_id: scene.subCategoryId }
          : { name },
      },
    }),
  );
}

// ── page helpers ─────────────────────────────────────────────────────────────────────────────────────────
const tab = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });

async function openTab(page: Page, label: string, testId: string) {
  await tab(page, label).click();
  await expect(page.getByTestId(testId)).toBeVisible();
  await expectAccessibleOnce(page, `Instance edit, tab ${label}`);
  return page.getByTestId(testId);
}

const openOptions = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
const openDropdowns = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** The shown value of the antd Select whose input is labelled `label`. */
const shown = (scope: Locator, label: string) =>
  scope.locator('.ant-select').filter({ has: scope.page().getByLabel(label, { exact: true }) });

/** Opens the antd Select labelled `label` (exact), optionally types `search`, and clicks the option `option`. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp, search?: string) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  if (search !== undefined) await box.fill(search);
  const text = typeof option === 'string' ? new RegExp(`^${escapeRe(option)}$`) : option;
  await pickOption(page, text);
  await expect(shown(scope, label)).toHaveText(text);
}

/**
 * Clicks the open dropdown's option and waits for the dropdown to close. A click that lands while antd is still
 * animating the list in can miss; it is clicked again then (the value shown is asserted by the caller).
 */
async function pickOption(page: Page, text: RegExp) {
  await expect(async () => {
    if ((await openDropdowns(page).count()) > 0)
      await openOptions(page).filter({ hasText: text }).first().click({ timeout: 2000 });
    await expect(openDropdowns(page)).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 10_000 });
}

const listRows = (page: Page) => page.getByTestId('instance-list').locator('tbody tr.ant-table-row');

async function searchName(page: Page, name: string) {
  const box = page.getByLabel('Name', { exact: true });
  await box.fill(name);
  await page.getByRole('button', { name: LABEL.search }).click();
}

/** SAVE CHANGES of a tab: waits for the PUT and its answer (earlier toasts may still be on screen). */
const saveTab = async (page: Page, scope: Locator, message: string = MSG.updateSuccess) => {
  const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/instances\/[^/]+$/.test(r.url()));
  await scope.getByRole('button', { name: LABEL.saveChanges }).click();
  const body = (await (await answer).json()) as { code: number; msg: string };
  expect(body.msg).toBe(message);
  await expect(toast(page, message)).toBeVisible();
  await expect(page.locator('.dirty-tabs__marker')).toHaveCount(0);
};

/** Table rows (not the expanded ones) of a table inside `scope`, by their first cell text. */
const rowOf = (scope: Locator, text: string) =>
  scope.locator('tr.ant-table-row').filter({ has: scope.page().getByRole('cell', { name: text, exact: true }) });

// ── the demo customer: the whole instance ────────────────────────────────────────────────────────────────
test('customer: New Instance, every tab set through the UI and read back, Preview, Duplicate, Delete', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `E2E Player ${RUN}`;
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.goto('/client/instances');
  const table = page.getByTestId('instance-list');
  await expect(table.locator('thead th')).toHaveText(['#', 'Instance', LABEL.status, 'Last updated', 'Operate']);
  // customers have the name search only
  await expect(page.getByLabel(LABEL.status, { exact: true })).toHaveCount(0);

  // ── New Instance dialog ──
  await page.getByRole('button', { name: LABEL.newInstance }).click();
  const dialog = await settled(page.getByRole('dialog', { name: LABEL.newInstance }));
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Sub Category', { exact: true })).toBeDisabled();
  await choose(page, dialog, 'Category', scene.category, scene.category);
  await choose(page, dialog, 'Sub Category', scene.subCategory);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await expect(dialog.getByRole('button', { name: LABEL.cancel })).toBeVisible();
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createInstanceSuccess)).toBeVisible();
  await expect(dialog).toBeHidden();
  await searchName(page, name);
  await expect(listRows(page)).toHaveCount(1);
  const row = listRows(page).first();
  await expect(row.locator('td').nth(1)).toHaveText(name);
  await expect(row.locator('td').nth(2)).toHaveText(LABEL.statusPending);
  await expect(row.locator('td').nth(3)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);
  await expect(row.getByRole('button')).toHaveText([LABEL.preview, LABEL.publish, LABEL.duplicate, LABEL.delete]);

  // ── Preview: the page's <atk-player> gets the instance and status show, and the player opens; this instance
  // is still pending, so it is the brand's signed-in preview (instance-preview.spec.ts); Escape closes it ──
  await row.getByRole('button', { name: LABEL.preview }).click();
  const player = page.locator('atk-player');
  await expect(player).toHaveAttribute('status', 'show');
  await expect(player.getByRole('dialog').getByRole('note')).toHaveText(PLAYER_TEXT.preview);
  await page.keyboard.press('Escape');
  await expect(player).toHaveAttribute('status', 'hide');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/client\/instances\/[0-9a-f-]{36}\/edit$/);
  const id = (page.url().match(/instances\/([0-9a-f-]{36})\/edit/) as RegExpMatchArray)[1];
  await expect(player).toHaveAttribute('instance-id', id);

  // ── edit page ──
  await expect(page.getByRole('heading', { name: LABEL.instanceEdit })).toBeVisible();
  await expect(page.getByTestId('instance-name')).toHaveText(name);
  await expect(page.getByRole('tab')).toHaveText(INSTANCE_TABS);

  // General
  const general = page.getByTestId('tab-general');
  await expect(shown(general, 'Category')).toHaveText(scene.category);
  await expect(shown(general, 'Sub Category')).toHaveText(scene.subCategory);
  await expect(general.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(shown(general, LABEL.status)).toHaveText(LABEL.statusPending);
  const launch = general.getByLabel(LABEL.launchCode, { exact: true });
  await expect(launch).not.toBeEditable();
  await expect(launch).toHaveValue(
    `<button type="button" onclick="const player = document.querySelector('atk-player'); ` +
      `player.setAttribute('instance-id', '${id}'); player.setAttribute('status', 'show');">Launch Player</button>`,
  );
  const embedded = general.getByLabel(LABEL.embeddedCode, { exact: true });
  await expect(embedded).not.toBeEditable();
  await expect(embedded).toHaveValue(`<atk-player instance-id="${id}" status="show"></atk-player>`);
  await general.getByRole('button', { name: `Copy ${LABEL.embeddedCode}` }).click();
  await expect(toast(page, MSG.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `<atk-player instance-id="${id}" status="show"></atk-player>`,
  );
  const renamed = `${name} Live`;
  await general.getByLabel('Name', { exact: true }).fill(renamed);
  await general.getByLabel(LABEL.website, { exact: true }).fill('https://www.demo-audio.example/players');
  await choose(page, general, LABEL.status, LABEL.statusActive);
  await expect(page.getByTestId('dirty-general')).toBeVisible();
  await saveTab(page, general);
  await expect(page.getByTestId('dirty-general')).toHaveCount(0);
  await expect(page.getByTestId('instance-name')).toHaveText(renamed);

  // Features: choosing Tech Specs' order 1 gives Listening Guide the free order 4 (docs/api.md
  // "Orders on the instance tabs")
  const features = await openTab(page, LABEL.tabFeatures, 'tab-features');
  await expect(features.locator('tbody tr td:first-child')).toHaveText([
    LABEL.tabListeningGuide,
    LABEL.tabDiscography,
    LABEL.featureFrequencyGraphs,
    LABEL.tabTechSpecs,
    LABEL.tabImages,
    LABEL.featureProductsInPlayer,
    LABEL.featureAtkSongs,
    LABEL.featureOtherBrandsProducts,
    LABEL.featureMyAudio,
    LABEL.featureDisplayPrice,
    // its help line follows the label in the same cell
    new RegExp(`^${LABEL.featureListenerVotes}After a blind test`),
    new RegExp(`^${LABEL.featureAbxTest}In a blind test, listeners can take an ABX test`),
    /^UTM tags on buy linksAdds utm_source=atk-player, utm_medium=referral and utm_campaign=e2e-player-/,
  ]);
  await expect(shown(features, `Order of ${LABEL.tabListeningGuide}`)).toHaveText('1');
  await expect(shown(features, `Order of ${LABEL.tabTechSpecs}`)).toHaveText('4');
  await expect(features.getByRole('switch', { name: `Enable ${LABEL.featureDisplayPrice}` })).toBeChecked();
  await expect(shown(features, `Max ${LABEL.featureProductsInPlayer}`)).toHaveText('5');
  await expect(shown(features, `Max ${LABEL.featureAtkSongs}`)).toHaveText('3');
  await features.getByLabel(`Max ${LABEL.featureProductsInPlayer}`, { exact: true }).click();
  await expect(openOptions(page)).toHaveText(['5', LABEL.noLimit]);
  await page.keyboard.press('Escape');
  await expect(openDropdowns(page)).toHaveCount(0);
  await features.getByLabel(`Order of ${LABEL.tabTechSpecs}`, { exact: true }).click();
  await expect(openOptions(page)).toHaveText(['1', '2', '3', '4', '5']);
  await pickOption(page, /^1$/);
  await expect(shown(features, `Order of ${LABEL.tabTechSpecs}`)).toHaveText('1');
  await expect(shown(features, `Order of ${LABEL.tabListeningGuide}`)).toHaveText('4');
  // Discography's 2 goes to Images: Images takes the free 2
  await choose(page, features, `Order of ${LABEL.tabImages}`, '2');
  await expect(shown(features, `Order of ${LABEL.tabDiscography}`)).toHaveText('5');
  await features.getByRole('switch', { name: `Enable ${LABEL.featureDisplayPrice}` }).click();
  await features.getByRole('switch', { name: `Enable ${LABEL.tabImages}` }).click();
  await saveTab(page, features);

  // Products: the two in-category products are there; add two more of mine, remove one again, slots 1-3
  const products = await openTab(page, LABEL.tabProducts, 'tab-products');
  const mine = products.getByTestId('my-products');
  await expect(mine.locator('tbody tr.ant-table-row td:first-child')).toHaveText([scene.p1.name, scene.p2.name]);
  await expect(mine.locator('thead th')).toContainText([LABEL.featureInPlayerSlots]);
  await products.getByRole('button', { name: LABEL.productsGuide }).click();
  const guide = await settled(page.getByRole('dialog', { name: LABEL.productsGuide }));
  await expect(guide.getByTestId('products-guide').locator('li')).toHaveText([
    MSG.productsGuideStep1,
    MSG.productsGuideStep2,
  ]);
  await expect(guide.getByText(MSG.productsGuideDefault)).toBeVisible();
  await guide.getByRole('button', { name: 'OK' }).click();
  await expect(guide).toBeHidden();

  // the other brands' picker needs Other Brands Products on the instance
  await products.getByRole('button', { name: LABEL.addOtherProducts }).click();
  const info = await settled(page.getByRole('dialog', { name: LABEL.featureOtherBrandsProducts }));
  await expect(info.getByTestId('permission-text')).toHaveText(MSG.otherBrandsPermission);
  await info.getByRole('button', { name: 'OK' }).click();
  await expect(info).toBeHidden();

  await products.getByRole('button', { name: LABEL.addMyProducts }).click();
  const picker = await settled(page.getByRole('dialog', { name: LABEL.addMyProducts }));
  const selected = picker.getByTestId('picker-selected');
  await expect(selected.locator('tbody tr.ant-table-row td:first-child')).toHaveText([scene.p1.name, scene.p2.name]);
  const search = picker.getByLabel('Search products');
  await search.fill(`E2E Gamma ${RUN}`);
  await search.press('Enter');
  const pickerList = picker.getByTestId('picker-list');
  await expect(pickerList.locator('tbody tr.ant-table-row td:first-child')).toHaveText([scene.p3.name]);
  await picker.getByRole('switch', { name: `Add ${scene.p3.name}` }).click();
  await search.fill(`E2E Delta ${RUN}`);
  await search.press('Enter');
  await picker.getByRole('switch', { name: `Add ${scene.p4.name}` }).click();
  await expect(selected.locator('tbody tr.ant-table-row td:first-child')).toHaveText([
    scene.p1.name,
    scene.p2.name,
    scene.p3.name,
    scene.p4.name,
  ]);
  await picker.getByRole('button', { name: `Remove ${scene.p4.name}` }).click();
  const confirm = page.locator('.ant-popover:visible').filter({ hasText: MSG.deleteProductConfirm });
  await expect(confirm.getByText(MSG.deleteProductConfirm, { exact: true })).toBeVisible();
  // an OK clicked while the popover still zooms in can be lost (seen in CI)
  await expect(confirm).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(selected.locator('tbody tr.ant-table-row td:first-child')).toHaveText([
    scene.p1.name,
    scene.p2.name,
    scene.p3.name,
  ]);
  await expect(picker.getByRole('switch', { name: `Add ${scene.p4.name}` })).not.toBeChecked();
  await expect(picker.getByRole('button', { name: 'DONE', exact: true })).toBeVisible();
  await picker.getByRole('button', { name: LABEL.done }).click();
  await expect(picker).toBeHidden();
  await expect(mine.locator('tbody tr.ant-table-row td:first-child')).toHaveText([
    scene.p1.name,
    scene.p2.name,
    scene.p3.name,
  ]);
  // slots: choosing a slot clears it from the product that held it
  await choose(page, products, `Slot of ${scene.p1.name}`, '1');
  await choose(page, products, `Slot of ${scene.p3.name}`, '2');
  await choose(page, products, `Slot of ${scene.p2.name}`, '1');
  await expect(shown(products, `Slot of ${scene.p1.name}`)).not.toContainText(/\d/);
  await products.getByRole('switch', { name: `Active ${scene.p3.name}` }).click();
  await saveTab(page, products);

  // Sources: BY PRODUCT lists the songs of the active products with their sources
  const sources = await openTab(page, LABEL.tabSources, 'tab-sources');
  await expect(sources.getByRole('tab', { name: LABEL.sourcesByProduct })).toBeVisible();
  await expect(sources.getByRole('tab', { name: 'BY DEMO AUDIO' })).toBeVisible();
  const byProduct = sources.getByTestId('sources-sources');
  const songRows = byProduct.locator('tr.instance-song');
  await expect(songRows.locator('td:nth-child(2)')).toHaveText([scene.p1.song, scene.p2.song]);
  await expect(songRows.locator('td:nth-child(3)')).toHaveText([
    `Writer of ${scene.p1.song}`,
    `Writer of ${scene.p2.song}`,
  ]);
  const songA = byProduct.getByTestId(`instruments-${scene.p1.songId}`);
  await expect(songA.locator('tbody tr.ant-table-row td:first-child')).toHaveText([
    `Guitar ${scene.p1.song}`,
    `Vocal ${scene.p1.song}`,
  ]);
  await expect(songA.locator('tbody tr.ant-table-row td:nth-child(2)')).toHaveText(['Guitar Player', 'Vocal Player']);
  const save = byProduct.getByRole('button', { name: LABEL.saveChanges });
  const cancel = byProduct.getByRole('button', { name: LABEL.cancel });
  await expect(save).toBeDisabled();
  // a move, then CANCEL: back as loaded, SAVE disabled again
  await choose(page, byProduct, `Order of ${scene.p2.song}`, '1');
  await expect(songRows.locator('td:nth-child(2)')).toHaveText([scene.p2.song, scene.p1.song]);
  await expect(save).toBeEnabled();
  await cancel.click();
  await expect(songRows.locator('td:nth-child(2)')).toHaveText([scene.p1.song, scene.p2.song]);
  await expect(save).toBeDisabled();
  // moving back and forth is no change
  await choose(page, byProduct, `Order of ${scene.p2.song}`, '1');
  await choose(page, byProduct, `Order of ${scene.p2.song}`, '2');
  await expect(save).toBeDisabled();
  // the real change: song B first, Vocal first within song A, Guitar of song A off
  await choose(page, byProduct, `Order of ${scene.p2.song}`, '1');
  await expect(shown(byProduct, `Order of ${scene.p1.song}`)).toHaveText('2');
  await choose(page, byProduct, `Order of Vocal ${scene.p1.song} in ${scene.p1.song}`, '1');
  await expect(songA.locator('tbody tr.ant-table-row td:first-child')).toHaveText([
    `Vocal ${scene.p1.song}`,
    `Guitar ${scene.p1.song}`,
  ]);
  await expect(shown(byProduct, `Order of Guitar ${scene.p1.song} in ${scene.p1.song}`)).toHaveText('2');
  await byProduct.getByRole('checkbox', { name: `Active Guitar ${scene.p1.song} in ${scene.p1.song}` }).uncheck();
  await expect(save).toBeEnabled();
  await expect(page.getByTestId('dirty-sources')).toBeVisible();
  await save.click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByTestId('dirty-sources')).toHaveCount(0);

  // BY {master brand}: a song made meanwhile appears after Synchronize Products Songs
  const lateSong = `E2E Late Song ${RUN}`;
  await ok(
    api('POST', '/songs', {
      token: scene.customer,
      body: { name: lateSong, song_writer: 'Late Writer', song_type: 1 },
    }),
  );
  await sources.getByRole('tab', { name: 'BY DEMO AUDIO' }).click();
  const byBrand = sources.getByTestId('sources-my_sources');
  await expect(byBrand.getByRole('button', { name: LABEL.saveChanges })).toBeDisabled();
  await expect(rowOf(byBrand, lateSong)).toHaveCount(0);
  await byBrand.getByRole('button', { name: LABEL.synchronizeProductsSongs }).click();
  await expect(toast(page, MSG.synchronizeSuccess)).toBeVisible();
  await expect(rowOf(byBrand, lateSong)).toHaveCount(1);
  await expect(rowOf(byBrand, scene.p1.song)).toHaveCount(1);

  // Images: choosing 1 for Additional Image gives 360° Group the 2
  const images = await openTab(page, LABEL.tabImages, 'tab-images');
  await expect(images.locator('tbody tr td:first-child')).toHaveText([LABEL.image360, LABEL.imageAdditional]);
  await expect(shown(images, `Order of ${LABEL.image360}`)).toHaveText('1');
  await expect(shown(images, `Order of ${LABEL.imageAdditional}`)).toHaveText('2');
  await choose(page, images, `Order of ${LABEL.imageAdditional}`, '1');
  await expect(shown(images, `Order of ${LABEL.image360}`)).toHaveText('2');
  await saveTab(page, images);

  // Buy Button: the default destination and one more
  const buttons = await openTab(page, LABEL.tabBuyButton, 'tab-buttons');
  await expect(buttons.getByText(LABEL.buyButtonDefault, { exact: true })).toBeVisible();
  await expect(buttons.getByLabel('Default URL')).toHaveAttribute('placeholder', LABEL.buyButtonUrlPlaceholder);
  await choose(page, buttons, 'Default currency', /^GBP \(/, 'GBP');
  await buttons.getByLabel('Default URL').fill('https://shop.demo-audio.example/buy');
  await buttons.getByRole('button', { name: LABEL.addBuyButton }).click();
  const extra = buttons.getByTestId('buy-button-destination');
  await expect(extra).toHaveCount(1);
  await expect(extra.getByText(LABEL.buyButtonIf, { exact: true })).toBeVisible();
  await expect(extra.getByText(LABEL.buyButtonNavigate, { exact: true })).toBeVisible();
  await choose(page, buttons, 'Currency 1', /^EUR \(/, 'EUR');
  await buttons.getByLabel('URL 1', { exact: true }).fill('https://eu.demo-audio.example/buy');
  // a second row, removed again
  await buttons.getByRole('button', { name: LABEL.addBuyButton }).click();
  await expect(extra).toHaveCount(2);
  await buttons.getByRole('button', { name: 'Remove destination 2' }).click();
  await expect(extra).toHaveCount(1);
  await saveTab(page, buttons);

  // ── everything read back after a reload ──
  await page.reload();
  await expect(page.getByTestId('instance-name')).toHaveText(renamed);
  await openTab(page, LABEL.tabGeneral, 'tab-general');
  await expect(general.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await expect(general.getByLabel(LABEL.website, { exact: true })).toHaveValue(
    'https://www.demo-audio.example/players',
  );
  await expect(shown(general, LABEL.status)).toHaveText(LABEL.statusActive);
  await openTab(page, LABEL.tabFeatures, 'tab-features');
  await expect(shown(features, `Order of ${LABEL.tabTechSpecs}`)).toHaveText('1');
  await expect(shown(features, `Order of ${LABEL.tabImages}`)).toHaveText('2');
  await expect(shown(features, `Order of ${LABEL.featureFrequencyGraphs}`)).toHaveText('3');
  await expect(shown(features, `Order of ${LABEL.tabListeningGuide}`)).toHaveText('4');
  await expect(shown(features, `Order of ${LABEL.tabDiscography}`)).toHaveText('5');
  await expect(features.getByRole('switch', { name: `Enable ${LABEL.featureDisplayPrice}` })).not.toBeChecked();
  await expect(features.getByRole('switch', { name: `Enable ${LABEL.tabImages}` })).not.toBeChecked();
  await openTab(page, LABEL.tabProducts, 'tab-products');
  await expect(mine.locator('tbody tr.ant-table-row td:first-child')).toHaveText([
    scene.p1.name,
    scene.p2.name,
    scene.p3.name,
  ]);
  await expect(shown(products, `Slot of ${scene.p2.name}`)).toHaveText('1');
  await expect(shown(products, `Slot of ${scene.p3.name}`)).toHaveText('2');
  await expect(products.getByRole('switch', { name: `Active ${scene.p3.name}` })).not.toBeChecked();
  await openTab(page, LABEL.tabSources, 'tab-sources');
  await expect(songRows.locator('td:nth-child(2)')).toHaveText([scene.p2.song, scene.p1.song]);
  await expect(songA.locator('tbody tr.ant-table-row td:first-child')).toHaveText([
    `Vocal ${scene.p1.song}`,
    `Guitar ${scene.p1.song}`,
  ]);
  await expect(
    byProduct.getByRole('checkbox', { name: `Active Guitar ${scene.p1.song} in ${scene.p1.song}` }),
  ).not.toBeChecked();
  await openTab(page, LABEL.tabImages, 'tab-images');
  await expect(shown(images, `Order of ${LABEL.imageAdditional}`)).toHaveText('1');
  await expect(shown(images, `Order of ${LABEL.image360}`)).toHaveText('2');
  await openTab(page, LABEL.tabBuyButton, 'tab-buttons');
  await expect(shown(buttons, 'Default currency')).toHaveText(/^GBP/);
  await expect(buttons.getByLabel('Default URL')).toHaveValue('https://shop.demo-audio.example/buy');
  await expect(extra).toHaveCount(1);
  await expect(shown(buttons, 'Currency 1')).toHaveText(/^EUR/);
  await expect(buttons.getByLabel('URL 1', { exact: true })).toHaveValue('https://eu.demo-audio.example/buy');

  // and as the API has it
  const saved = await readInstance(id);
  expect(saved.general).toMatchObject({
    name: renamed,
    is_published: 1,
    website: 'https://www.demo-audio.example/players',
    category_id: scene.categoryId,
    sub_category_id: scene.subCategoryId,
  });
  expect(saved.features).toMatchObject({
    listening_guide: { is_enable: 1, order: 4 },
    discography: { is_enable: 0, order: 5 },
    frequency_graphs: { is_enable: 0, order: 3 },
    tech_specs: { is_enable: 0, order: 1 },
    images: { is_enable: 0, order: 2 },
    display_price: { is_enable: 0 },
  });
  expect(saved.products).toMatchObject([
    { product_id: scene.p1.id, brand_id: scene.brandId, is_active: 1, order: null },
    { product_id: scene.p2.id, brand_id: scene.brandId, is_active: 1, order: 1 },
    { product_id: scene.p3.id, brand_id: scene.brandId, is_active: 0, order: 2 },
  ]);
  expect(saved.sources).toMatchObject([
    {
      song_id: scene.p2.songId,
      is_active: 1,
      order: 1,
      instruments: [
        { instrument_id: scene.p2.sources[0], is_active: 1, order: 1 },
        { instrument_id: scene.p2.sources[1], is_active: 1, order: 2 },
      ],
    },
    {
      song_id: scene.p1.songId,
      is_active: 1,
      order: 2,
      instruments: [
        { instrument_id: scene.p1.sources[1], is_active: 1, order: 1 },
        { instrument_id: scene.p1.sources[0], is_active: 0, order: 2 },
      ],
    },
  ]);
  expect([...saved.images].sort((a, b) => a.order - b.order).map((i) => i.code)).toEqual(['additional', 'group_360']);
  expect(saved.buttons).toEqual({
    default: { currency: 'GBP', symbol: '£', url: 'https://shop.demo-audio.example/buy' },
    list: [{ currency: 'EUR', symbol: '€', url: 'https://eu.demo-audio.example/buy' }],
  });

  // ── Duplicate and Delete from the list ──
  await page.getByTestId('instance-back').click();
  await expect(page).toHaveURL(/\/client\/instances$/);
  await searchName(page, renamed);
  await expect(listRows(page)).toHaveCount(1);
  await listRows(page).first().getByRole('button', { name: LABEL.duplicate }).click();
  const duplicate = page.locator('.ant-popover:visible').filter({ hasText: MSG.duplicateInstanceConfirm });
  await expect(duplicate.getByText(MSG.duplicateInstanceConfirm, { exact: true })).toBeVisible();
  await duplicate.getByRole('button', { name: 'OK' }).click();
  await expect(listRows(page)).toHaveCount(2);
  const copy = listRows(page).filter({ hasText: `${renamed} (copy)` });
  await expect(copy).toHaveCount(1);
  await copy.getByRole('button', { name: LABEL.delete }).click();
  const remove = page.locator('.ant-popover:visible').filter({ hasText: MSG.deleteInstanceConfirm });
  await expect(remove.getByText(MSG.deleteInstanceConfirm, { exact: true })).toBeVisible();
  await remove.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, MSG.deleteSuccess)).toBeVisible();
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first().locator('td').nth(1)).toHaveText(renamed);
});

// ── subscription refusals ────────────────────────────────────────────────────────────────────────────────
test('subscription: a refused feature is reset with the upgrade dialog; once granted the same save succeeds', async ({
  page,
}) => {
  await setSubscription(DEFAULT_SUBSCRIPTION);
  const made = await createInstance(`E2E Gated ${RUN}`);
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.goto(`/client/instances/${made._id}/edit`);
  const features = await openTab(page, LABEL.tabFeatures, 'tab-features');
  const discography = features.getByRole('switch', { name: `Enable ${LABEL.tabDiscography}` });
  await expect(discography).not.toBeChecked();

  // Discography is not in the plan: refused before the save (the console knows the plan), switch reset, upgrade
  // dialog; once granted, the save re-reads the plan and goes through
  await discography.click();
  await expect(discography).toBeChecked();
  await features.getByRole('button', { name: LABEL.saveChanges }).click();
  const upgrade = await settled(page.getByRole('dialog', { name: LABEL.upgradeTitle }));
  await expect(upgrade).toBeVisible();
  await expect(upgrade.getByTestId('permission-text')).toHaveText(MSG.upgradeRequired);
  await expect(upgrade.getByRole('link', { name: LABEL.contactSales })).toHaveAttribute(
    'href',
    `mailto:${SALES_EMAIL}`,
  );
  await expect(discography).not.toBeChecked();
  await upgrade.getByRole('button', { name: 'OK' }).click();
  await expect(upgrade).toBeHidden();
  await expect(toast(page, MSG.updateSuccess)).toHaveCount(0);

  // Products in Player without limit: reset to 5
  await choose(page, features, `Max ${LABEL.featureProductsInPlayer}`, LABEL.noLimit);
  await features.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(upgrade).toBeVisible();
  await expect(shown(features, `Max ${LABEL.featureProductsInPlayer}`)).toHaveText('5');
  await upgrade.getByRole('button', { name: 'OK' }).click();
  await expect(upgrade).toBeHidden();
  expect((await readInstance(made._id)).features.discography.is_enable).toBe(0);

  // My Audio is not in the plan either: saving the brand's songs (active) opens the My Audio dialog
  const sources = await openTab(page, LABEL.tabSources, 'tab-sources');
  await sources.getByRole('tab', { name: 'BY DEMO AUDIO' }).click();
  const byBrand = sources.getByTestId('sources-my_sources');
  const song = rowOf(byBrand, scene.p1.song);
  await song.getByRole('switch', { name: `Active ${scene.p1.song}` }).click();
  await byBrand.getByRole('button', { name: LABEL.saveChanges }).click();
  const myAudio = await settled(page.getByRole('dialog', { name: LABEL.featureMyAudio }));
  await expect(myAudio.getByTestId('permission-text')).toHaveText(MSG.myAudioPermission);
  await myAudio.getByRole('button', { name: 'OK' }).click();
  await expect(myAudio).toBeHidden();
  await byBrand.getByRole('button', { name: LABEL.cancel }).click();

  // the operator grants Discography and Other Brands Products
  await setSubscription({
    ...DEFAULT_SUBSCRIPTION,
    discography: { is_enable: 1 },
    other_brands_products: { is_enable: 1 },
  });
  await openTab(page, LABEL.tabFeatures, 'tab-features');
  await discography.click();
  await features.getByRole('switch', { name: `Enable ${LABEL.featureOtherBrandsProducts}` }).click();
  await features.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(upgrade).toBeHidden();
  expect((await readInstance(made._id)).features).toMatchObject({
    discography: { is_enable: 1 },
    other_brands_products: { is_enable: 1 },
  });

  // now the other brands' picker opens: brand filter, Add, done; its slot clears the slot of my product
  const products = await openTab(page, LABEL.tabProducts, 'tab-products');
  await choose(page, products, `Slot of ${scene.p1.name}`, '3');
  await products.getByRole('button', { name: LABEL.addOtherProducts }).click();
  const picker = await settled(page.getByRole('dialog', { name: LABEL.addOtherProducts }));
  await expect(picker).toBeVisible();
  await choose(page, picker, 'Brand', scene.other.brand, 'Northfield');
  const pickerList = picker.getByTestId('picker-list');
  await expect(pickerList.locator('tbody tr.ant-table-row td:nth-child(2)').first()).toHaveText(scene.other.brand);
  await picker.getByLabel('Search products').fill(scene.other.name);
  await picker.getByLabel('Search products').press('Enter');
  await expect(pickerList.locator('tbody tr.ant-table-row td:first-child')).toHaveText([scene.other.name]);
  await picker.getByRole('switch', { name: `Add ${scene.other.name}` }).click();
  await picker.getByRole('button', { name: LABEL.done }).click();
  const others = products.getByTestId('other-products');
  await expect(others.locator('tbody tr.ant-table-row td:first-child')).toHaveText([scene.other.name]);
  await expect(others.locator('tbody tr.ant-table-row td:nth-child(2)')).toHaveText([scene.other.brand]);
  await choose(page, products, `Slot of ${scene.other.name}`, '3');
  await expect(shown(products, `Slot of ${scene.p1.name}`)).not.toContainText(/\d/);
  await saveTab(page, products);
  const saved = await readInstance(made._id);
  expect(saved.other_products).toMatchObject([
    { product_id: scene.other.id, brand_id: scene.other.brandId, is_active: 1, order: 3 },
  ]);
  expect(saved.products.find((p) => p.product_id === scene.p1.id)?.order).toBeNull();

  // the plan loses Other Brands Products again: saving products with another brand's product is refused
  await setSubscription(DEFAULT_SUBSCRIPTION);
  await products.getByRole('switch', { name: `Active ${scene.p2.name}` }).click();
  await products.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(upgrade.getByTestId('permission-text')).toHaveText(MSG.productsPermission);
  await upgrade.getByRole('button', { name: 'OK' }).click();
  expect((await readInstance(made._id)).products.find((p) => p.product_id === scene.p2.id)?.is_active).toBe(1);
});

// ── UTM tags on buy links ────────────────────────────────────────────────────────────────────────────────
test('UTM tags on buy links: its line names this player’s campaign; switched on, saved, still on after a reload', async ({
  page,
}) => {
  await setSubscription(DEFAULT_SUBSCRIPTION);
  const made = await createInstance(`E2E Studio Vocals — EU ${RUN}`);
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.goto(`/client/instances/${made._id}/edit`);
  const features = await openTab(page, LABEL.tabFeatures, 'tab-features');
  const utm = features.getByRole('switch', { name: 'Enable UTM tags on buy links' });
  // off by default, in every plan (no lock), its line the tags the player adds with the slug of the player's name
  await expect(utm).not.toBeChecked();
  const help = `Adds utm_source=atk-player, utm_medium=referral and utm_campaign=e2e-studio-vocals-eu-${RUN} to the buy links, so the shop's analytics credit this player.`;
  await expect(features.locator('#feature-help-utm_tags')).toHaveText(help);
  await expect(utm).toHaveAccessibleDescription(help);
  const row = features.locator('tr.ant-table-row').filter({ hasText: 'UTM tags on buy links' });
  await expect(row.getByTestId('plan-lock')).toHaveCount(0);

  await utm.click();
  await expect(utm).toBeChecked();
  await saveTab(page, features);
  await page.reload();
  await openTab(page, LABEL.tabFeatures, 'tab-features');
  await expect(utm).toBeChecked();
  expect((await readInstance(made._id)).features.utm_tags).toEqual({ is_enable: 1 });
});

// ── an operator inside the demo brand ───────────────────────────────────────────────────────────────────
test('global admin: brand-scoped instance list with status filter, create and edit through /admin calls', async ({
  page,
}) => {
  const name = `E2E Operator Player ${RUN}`;
  const base = `/global/brands/${scene.brandId}/instances`;
  await signIn(page, DEMO.global_admin);
  await expect(page).toHaveURL(/\/global\/brands$/);
  const adminCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/atk_player/') && r.url().includes('instances')) adminCalls.push(r.url());
  });
  await page.goto(base);
  await expect(page.getByTestId('instance-list').locator('thead th')).toHaveText([
    'Index',
    'Instance',
    LABEL.status,
    'Last updated',
    'Operate',
  ]);
  await expect(page.getByLabel(LABEL.status, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: LABEL.newInstance }).click();
  const dialog = await settled(page.getByRole('dialog', { name: LABEL.newInstance }));
  await choose(page, dialog, 'Category', scene.category, scene.category);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createInstanceSuccess)).toBeVisible();
  await expect(dialog).toBeHidden();

  // the status filter: a new instance is Pending
  await page.getByLabel('Name', { exact: true }).fill(name);
  await choose(page, page.locator('.list-page__filters'), LABEL.status, LABEL.statusActive);
  await page.getByRole('button', { name: LABEL.search }).click();
  await expect(listRows(page)).toHaveCount(0);
  await choose(page, page.locator('.list-page__filters'), LABEL.status, LABEL.statusPending);
  await page.getByRole('button', { name: LABEL.search }).click();
  await expect(listRows(page)).toHaveCount(1);
  const edit = page.getByRole('link', { name: `Edit ${name}` });
  await expect(edit).toHaveAttribute('href', new RegExp(`^${escapeRe(base)}/[0-9a-f-]{36}/edit$`));
  await edit.click();
  await expect(page.getByRole('heading', { name: LABEL.instanceEdit })).toBeVisible();
  await expect(page.getByTestId('instance-name')).toHaveText(name);
  const id = (page.url().match(/instances\/([0-9a-f-]{36})\/edit/) as RegExpMatchArray)[1];

  const general = page.getByTestId('tab-general');
  await general.getByLabel('Name', { exact: true }).fill(`${name} Edited`);
  await saveTab(page, general);
  await expect(page.getByTestId('instance-name')).toHaveText(`${name} Edited`);
  // the brand's products in the category are there for the operator too
  const products = await openTab(page, LABEL.tabProducts, 'tab-products');
  await expect(products.getByTestId('my-products').locator('tbody tr.ant-table-row td:first-child')).toHaveText([
    scene.p1.name,
    scene.p2.name,
  ]);

  // every instance call went to the /admin variant
  expect(adminCalls.length).toBeGreaterThan(3);
  for (const url of adminCalls) expect(url).toContain('/api/v1/atk_player/admin/instances');
  const saved = await ok(api<InstanceData>('GET', `/admin/instances/${id}`, { token: scene.admin }));
  expect(saved.general.name).toBe(`${name} Edited`);
  expect(saved.brand_id).toBe(scene.brandId);

  // CANCEL on General goes back one page
  await openTab(page, LABEL.tabGeneral, 'tab-general');
  await general.getByRole('button', { name: LABEL.cancel }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRe(base)}$`));
});
