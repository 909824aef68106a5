/**
 * The atk operator's whole journey, tried as a new user would: a new mobile instance, a
 * microphone of two brands Active and Featured in Player Positions 1 and 2, the platform (ATK) song they share as
 * the instance's only song, the Additional Image before the 360° Group, the instance Active, a retailer with a logo,
 * the widget's content and menu, the instance made the mobile landing; then a phone opens /mobile and the widget
 * shows exactly that (slots, brands, song, source, galleries' order, menu, play and switch, DEALS, ABOUT & HELP).
 *
 * The scene (a second brand, the song with its source and each product's processed take) is set through the API
 * as an operator's script would, before the turn on the mobile widget's settings is taken (processing is the slow
 * part). The demo brand's microphone is one made here, not a seeded one: attaching a platform song to a seeded
 * microphone would add a song to every instance of it that other tests read at the same time (player.spec,
 * atk.spec's Sources list) while this test runs.
 */
import { LABEL, type MobilePlayerInstance, MSG } from '@atk/contract';
import { type Browser, devices, expect, type Page, test } from '@playwright/test';
import {
  brandIdOf,
  choose,
  dialog,
  exactly,
  fill,
  fillFilter,
  pick,
  row,
  rows,
  search,
  signInAs,
  uid,
} from './lists.ts';
import {
  api,
  apiLogin,
  baseUrl,
  DEMO,
  demoCategoryId,
  mobileSettingsTurn,
  sineWav,
  solidPng,
  toast,
  uploadProductFile,
  v1,
} from './support.ts';

const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];

const stamp = uid();
const INSTANCE = `Journey ${stamp}`;
const DEMO_BRAND = 'Demo Audio';
const OTHER_BRAND = `Journey Brand ${stamp}`;
const MIC_A = `Journey Mic ${stamp}`;
const MIC_B = `Journey Other ${stamp}`;
const SONG = `Journey Song ${stamp}`;
const SOURCE = 'Upright Bass';
const RETAILER = `Journey Shop ${stamp}`;
const MENU = ['IMAGES', 'DEALS', 'SHARE'];
const ABOUT = `About the journey ${stamp}`;

const LANDING = '/atk_player/admin/settings/mobile_landing_instance';
const MENU_SETTING = '/atk_player/admin/settings/mobile_menu';
const INFOS_SETTING = '/atk_player/admin/settings/mobile_infos';

/** The turn on the mobile widget's settings, given back when the test ends (pass or fail). */
let releaseTurn: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await releaseTurn?.();
  releaseTurn = undefined;
});

/**
 * A product's take of a source, uploaded as the console's Audio tab does (the signed URL, the PUT of the file, the
 * audio record: which attaches the platform song to the product).
 */
async function uploadTake(admin: string, productId: string, songId: string, instrumentId: string) {
  const query = new URLSearchParams({
    mine_type: 'wav',
    product_id: productId,
    song_id: songId,
    instrument_id: instrumentId,
  });
  const signed = await api<{ presigned_url: string; key: string; headers: Record<string, string> }>(
    'GET',
    `/admin/aws/presigned_url?${query}`,
    { token: admin },
  );
  expect(signed.code, signed.msg).toBe(200);
  const put = await fetch(signed.data.presigned_url, {
    method: 'PUT',
    headers: signed.data.headers,
    body: new Uint8Array(sineWav(4)),
  });
  expect(put.status).toBe(200);
  const saved = await api('PUT', `/admin/products/${productId}`, {
    token: admin,
    body: {
      type: 'audio',
      content: { song_id: songId, instrument_id: instrumentId, url: signed.data.key, name: 'take.wav' },
    },
  });
  expect(saved.code, saved.msg).toBe(200);
}

/** The global admin's script: the second brand, a microphone of each brand, the platform song and both takes. */
async function setScene() {
  const admin = await apiLogin(DEMO.global_admin);
  const call = async <T>(method: string, route: string, body?: unknown) => {
    const res = await api<T>(method, route, { token: admin, body });
    expect(res.code, `${method} ${route}: ${res.msg}`).toBe(200);
    return res.data;
  };
  const other = await call<{ _id: string }>('POST', '/admin/brands', { name: OTHER_BRAND, is_published: 1 });
  const mic = async (name: string, brandId: string) =>
    call<{ _id: string }>('POST', '/admin/products', {
      general: {
        name,
        model: 'JR-1',
        brand_id: brandId,
        is_published: 1,
        category_id: await demoCategoryId(admin, true),
      },
    });
  const a = await mic(MIC_A, await brandIdOf(DEMO_BRAND));
  const b = await mic(MIC_B, other._id);
  // The demo brand's microphone has both galleries: a picture in its case and a 360° view.
  const png = (rgb: string) => ({ bytes: solidPng(rgb), type: 'image/png', name: 'mic.png' });
  const additional = await uploadProductFile(admin, a._id, png('#bfdbfe'), { image: 0 });
  const turn = await uploadProductFile(admin, a._id, png('#e5e7eb'), { image: 0, type: 'group_360' });
  await call('PUT', `/admin/products/${a._id}`, {
    type: 'images',
    content: {
      thumbnail: null,
      large: null,
      additional_images: [{ url: additional, name: `${MIC_A} in its case`, order: 1 }],
      group_360: Array.from({ length: 8 }, (_, i) => (i === 0 ? { url: turn, name: 'front' } : null)),
    },
  });
  // /global/audios' song: a platform song is cross-comparable, so a mobile instance offers it.
  const song = await call<{ _id: string }>('POST', '/admin/songs', {
    name: SONG,
    song_writer: 'ATK House Band',
    song_type: 2,
    is_atk: 1,
    is_published: 1,
  });
  const source = await call<{ _id: string }>('POST', '/admin/instruments', {
    song_id: song._id,
    name: SOURCE,
    performer: 'Sam Low',
    is_published: 1,
  });
  for (const product of [a, b]) await uploadTake(admin, product._id, song._id, source._id);
  // Both takes processed before anything else waits on them.
  for (const product of [a, b])
    await expect
      .poll(
        async () =>
          (await call<{ audio: { status: string }[] }>('GET', `/admin/products/${product._id}`)).audio.map(
            (x) => x.status,
          ),
        { timeout: 60_000, intervals: [1000] },
      )
      .toEqual(['ready']);
  return { song: song._id, source: source._id };
}

/** A retailer as the atk operator saves one: Active, its shop's address and a logo through the signed upload. */
async function addRetailer(atk: string) {
  const made = await v1<{ _id: string }>('POST', '/admin/retailers', atk, {});
  const signed = await v1<{ presigned_url: string; url: string; key: string; headers: Record<string, string> }>(
    'POST',
    '/admin/aws/presigned',
    atk,
    { key: `images/origin/retailers/${made._id}_${Date.now()}.png` },
  );
  const put = await fetch(signed.presigned_url, {
    method: 'PUT',
    headers: signed.headers,
    body: new Uint8Array(solidPng('#16a34a', 120, 60)),
  });
  expect(put.status).toBe(200);
  await v1('PUT', `/admin/retailers/${made._id}`, atk, {
    name: RETAILER,
    status: '1',
    website: 'https://journey-shop.example.com/',
    retailer_image: { url: signed.url, key: signed.key, createdAt: new Date().toISOString() },
  });
  return signed.url;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/** New Instance, then the Products, Sources, Images and General tabs, in the console as the atk operator. */
async function buildInstance(page: Page) {
  await signInAs(page, DEMO.atk, '/atk/instances');
  await page.getByRole('button', { name: LABEL.newInstance }).click();
  const create = await dialog(page, LABEL.newInstance);
  await fill(create, LABEL.name, INSTANCE);
  await create.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createInstanceSuccess)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const list = page.getByTestId('mobile-instance-list');
  await fillFilter(page, LABEL.name, INSTANCE);
  await search(page);
  await row(list, INSTANCE)
    .getByRole('link', { name: `${LABEL.edit} ${INSTANCE}`, exact: true })
    .click();
  await expect(page.getByTestId('instance-name')).toHaveText(INSTANCE);
  const id = page.url().split('/').at(-2) ?? '';

  // Products: each microphone found by name, Featured (which makes it Active) and given its slot.
  await tab(page, LABEL.tabProducts).click();
  const products = page.getByTestId('tab-products');
  const table = products.getByTestId('mobile-products');
  const byName = products.getByLabel(LABEL.name, { exact: true });
  for (const [i, [mic, brand]] of [
    [MIC_A, DEMO_BRAND],
    [MIC_B, OTHER_BRAND],
  ].entries()) {
    await byName.fill(mic);
    await byName.press('Enter');
    await expect(rows(table)).toHaveCount(1);
    await expect(rows(table).locator('td').first()).toHaveText(brand);
    const featured = table.getByRole('switch', { name: `${LABEL.featured} ${mic}`, exact: true });
    await featured.click();
    await expect(toast(page, MSG.updateSuccess).last()).toBeVisible();
    await expect(featured).toBeChecked();
    await expect(table.getByRole('switch', { name: `${LABEL.active} ${mic}`, exact: true })).toBeChecked();
    await pick(page, table, `${LABEL.playerPosition} ${mic}`, String(i + 1));
    await expect(
      table.locator('.ant-select').filter({ has: page.getByLabel(`${LABEL.playerPosition} ${mic}`, { exact: true }) }),
    ).toHaveText(String(i + 1));
  }
  // Only these two are featured.
  await byName.fill('');
  await byName.press('Enter');
  await choose(page, products, LABEL.featured, LABEL.optionTrue);
  await expect(rows(table)).toHaveCount(2);

  // Sources: the platform song the two share, and its source, active (a new song comes in active).
  await tab(page, LABEL.tabSources).click();
  const sources = page.getByTestId('tab-sources');
  await expect(sources.locator('tr.instance-song td:nth-child(2)')).toHaveText([SONG]);
  await expect(sources.getByRole('switch', { name: `${LABEL.active} ${SONG}`, exact: true })).toBeChecked();
  await expect(sources.locator('tr.instance-source td:first-child')).toHaveText([SOURCE]);
  await expect(
    sources.getByRole('checkbox', { name: `${LABEL.active} ${SOURCE} in ${SONG}`, exact: true }),
  ).toBeChecked();

  // Images: the Additional Image first (the 360° Group goes to 2).
  await tab(page, LABEL.tabImages).click();
  const images = page.getByTestId('tab-images');
  await pick(page, images, `Order of ${LABEL.imageAdditional}`, '1');
  await expect(
    images.locator('.ant-select').filter({ has: page.getByLabel(`Order of ${LABEL.image360}`, { exact: true }) }),
  ).toHaveText('2');
  await images.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess).last()).toBeVisible();
  // Saved, not only an earlier toast still showing: the tab's unsaved-change marker is gone.
  await expect(page.locator('.dirty-tabs__marker')).toHaveCount(0);

  // General: Active, so the widget may show it.
  await tab(page, LABEL.tabGeneral).click();
  const general = page.getByTestId('tab-general');
  const status = general.getByRole('switch', { name: LABEL.status, exact: true });
  await status.click();
  await expect(status).toBeChecked();
  await general.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess).last()).toBeVisible();
  await expect(page.locator('.dirty-tabs__marker')).toHaveCount(0);
  return id;
}

/** /mobile on a phone: LAUNCH PLAYER opens the widget named after the instance. */
async function launchOnPhone(browser: Browser) {
  const context = await browser.newContext({ ...pixel7, baseURL: baseUrl() });
  const phone = await context.newPage();
  await phone.goto('/mobile');
  const button = phone.getByTestId('launch-player');
  await expect(button).toBeEnabled();
  await button.tap();
  const w = phone.locator('atk-mobile-player').getByRole('dialog', { name: INSTANCE });
  await expect(w).toBeVisible();
  return { context, phone, w };
}

test('the atk operator builds a mobile instance of two brands, makes it the landing, and /mobile shows exactly that', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const scene = await setScene();
  const atk = await apiLogin(DEMO.atk);
  const logo = await addRetailer(atk);
  const id = await buildInstance(page);

  // What the widget will read: both takes on the one active song, nothing still being prepared.
  await expect
    .poll(
      async () => {
        const read = await api<MobilePlayerInstance>('GET', `/widget/mobile_instances/${id}`);
        return read.data.preparing === 0 && read.data.songs[0]?.sources[0]?.versions.length === 2;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(true);

  // From here the widget's settings are this test's: the landing, the menu and the info pages, put back at the end.
  releaseTurn = await mobileSettingsTurn();
  const before = await Promise.all(
    [LANDING, MENU_SETTING, INFOS_SETTING].map((path) => v1<{ content: unknown }>('GET', path, atk)),
  );
  try {
    // Widget Content: an About Us page and the menu (the screens themselves are atk.spec's).
    await v1('PUT', INFOS_SETTING, atk, { content: { listening_tips: '', about_us: `<p>${ABOUT}</p>`, faq: '' } });
    await v1('PUT', MENU_SETTING, atk, { content: MENU });

    // Landing Page: this instance, chosen from the search.
    await page.getByTestId('nav-atk-landing').click();
    await expect(page.getByRole('heading', { level: 1, name: LABEL.navLandingPage, exact: true })).toBeVisible();
    await pick(page, page, 'Instance', INSTANCE, INSTANCE);
    await expect(page.getByTestId('landing-instance').locator('.ant-select-content')).toHaveText(exactly(INSTANCE));
    await page.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(toast(page, MSG.updateSuccess)).toBeVisible();
    await expect(page.getByTestId('landing-current')).toHaveText(`Current: ${INSTANCE}`);

    // The phone.
    const { context, w } = await launchOnPhone(browser);
    try {
      const slots = w.getByRole('list', { name: 'Products' }).getByRole('button');
      await expect(slots).toHaveCount(2);
      await expect(slots.locator('.pname')).toHaveText([MIC_A, MIC_B]);
      await expect(slots.locator('.pbrand')).toHaveText([DEMO_BRAND, OTHER_BRAND]);
      await expect(slots.nth(0)).toHaveAttribute('aria-pressed', 'true');
      await expect(w.getByLabel('More products')).toHaveCount(0);
      await expect(w.getByLabel('Song', { exact: true }).locator('option')).toHaveText([SONG]);
      await expect(w.getByLabel('Song', { exact: true })).toHaveValue(scene.song);
      await expect(w.getByLabel('Source', { exact: true }).locator('option')).toHaveText([SOURCE]);
      await expect(w.getByRole('navigation', { name: 'Menu' }).getByRole('button')).toHaveText([
        ...MENU,
        'ABOUT & HELP',
      ]);

      // IMAGES of the selected microphone: its galleries in the instance's order.
      await w.getByRole('button', { name: 'IMAGES', exact: true }).tap();
      const gallery = w.getByRole('region', { name: 'IMAGES' });
      await expect(gallery.locator('section.sub h4')).toHaveText(['More images', '360° view']);
      await expect(gallery.getByRole('img', { name: `${MIC_A} in its case`, exact: true })).toBeVisible();

      const play = w.getByTestId('mobile-play');
      await expect(play).toBeEnabled({ timeout: 20_000 });
      await play.tap();
      await expect(play).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
      await slots.nth(1).tap();
      await expect(slots.nth(1)).toHaveAttribute('aria-pressed', 'true');
      await expect(slots.nth(0)).toHaveAttribute('aria-pressed', 'false');
      await expect(play).toHaveAttribute('data-state', 'playing');
      await expect(w.locator('.now')).toContainText(`${MIC_B} · ${OTHER_BRAND}`);

      // DEALS: the retailer, its logo and the link to its shop.
      await w.getByRole('button', { name: 'DEALS', exact: true }).tap();
      const deal = w
        .getByRole('region', { name: 'DEALS' })
        .getByRole('listitem')
        .filter({ hasText: exactly(RETAILER) });
      await expect(deal.getByRole('link', { name: RETAILER, exact: true })).toHaveAttribute(
        'href',
        'https://journey-shop.example.com/',
      );
      await expect(deal.locator('img')).toHaveAttribute('src', logo);

      // ABOUT & HELP: the page the operator wrote.
      await w.getByRole('button', { name: 'ABOUT & HELP', exact: true }).tap();
      await expect(w.getByRole('region', { name: 'ABOUT & HELP' }).getByText(ABOUT, { exact: true })).toBeVisible();
      await play.tap();
      await expect(play).toHaveAttribute('data-state', 'paused');
    } finally {
      await context.close();
    }
  } finally {
    const [landing, menu, infos] = before as [
      { content: { instance: { _id: string } | null } },
      { content: unknown },
      { content: unknown },
    ];
    await v1('PUT', LANDING, atk, {
      content: { instance: landing.content.instance ? { _id: landing.content.instance._id } : null },
    });
    await v1('PUT', MENU_SETTING, atk, { content: menu.content });
    await v1('PUT', INFOS_SETTING, atk, { content: infos.content });
  }
});
