/**
 * The integration guide (/client/integration; docs/architecture.md "The player") and the player it embeds: every tab
 * and its snippets with the customer's instance id, the copy button, and the developer snippet exactly as the page
 * shows it, pasted into a plain HTML page served from another origin, where the launch button opens `<atk-player>` with
 * the instance's name and products (as a dialog, and as the mini panel at the chosen offsets). The Player API tab: its
 * listen buttons name the instance's own products (ids and names) and copy as shown; its listen-button and consent
 * scripts, run on a brand's page with the real player, drive it as they say.
 */
import { LABEL, MSG, PLAYER_TEXT } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { uid } from './lists.ts';
import { api, apiLogin, baseUrl, DEMO, serveElsewhere, signIn, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });
test.setTimeout(90_000);

interface ProductRow {
  _id: string;
  general: { name: string; brand_id: string; model?: string | null };
}

/** One of the demo brand's published microphones (demo content), by name. */
async function demoProduct(token: string, name: string): Promise<ProductRow> {
  const res = await api<{ list: ProductRow[] }>(
    'GET',
    `/products?page_num=1&page_size=20&name=${encodeURIComponent(name)}`,
    { token },
  );
  expect(res.code, res.msg).toBe(200);
  const row = res.data.list.find((p) => p.general.name === name);
  expect(row, `demo product ${name}`).toBeTruthy();
  return row as ProductRow;
}

/**
 * A published instance of the demo customer with four demo products: Velour R2 in slot 1, Pencil S4 in slot 2,
 * Lumen C1 active without a slot, Brick D7 inactive. The player loads the featured Velour R2 and Pencil S4 and
 * offers Lumen C1 to add.
 */
async function publishedInstance(name: string) {
  const token = await apiLogin(DEMO.customer);
  const [lumen, velour, brick, pencil] = await Promise.all(
    ['Lumen C1', 'Velour R2', 'Brick D7', 'Pencil S4'].map((n) => demoProduct(token, n)),
  );
  const created = await api<{ _id: string }>('POST', '/instances', {
    token,
    body: { general: { name, is_published: 1 } },
  });
  expect(created.code, created.msg).toBe(200);
  const id = created.data._id;
  const slot = (p: ProductRow, is_active: 0 | 1, order: number | null) => ({
    product_id: p._id,
    brand_id: p.general.brand_id,
    is_active,
    order,
  });
  const saved = await api('PUT', `/instances/${id}`, {
    token,
    body: {
      products: [slot(lumen, 1, null), slot(velour, 1, 1), slot(brick, 0, null), slot(pencil, 1, 2)],
      other_products: [],
    },
  });
  expect(saved.code, saved.msg).toBe(200);
  // what the player offers, the featured slots first: the Player API's buttons
  const offered = [velour, pencil, lumen].map((p) => ({ id: p._id, name: p.general.name }));
  return { id, products: ['Velour R2', 'Pencil S4'], addable: ['Lumen C1'], offered };
}

const snippet = (page: Page, id: string) => page.getByTestId(`snippet-${id}`);
const codeOf = async (page: Page, id: string) => (await snippet(page, id).textContent()) ?? '';

async function openIntegration(page: Page) {
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.getByRole('link', { name: LABEL.navIntegration, exact: true }).click();
  await expect(page).toHaveURL(/\/client\/integration$/);
}

/** Picks the instance named `name` in the page's instance select. */
async function chooseInstance(page: Page, name: string) {
  await page.getByLabel('Player', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
  await expect(page.getByTestId('integration-instance')).toContainText(name);
}

test('each tab explains the steps with the chosen instance id, and a snippet is copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const name = `Integration ${uid()}`;
  const { id } = await publishedInstance(name);
  await openIntegration(page);
  await chooseInstance(page, name);
  const origin = baseUrl();

  const tabs = [
    ['Developers', 'developers-head', 'developers-launch'],
    ['Website builder', 'builder-head', 'builder-body'],
    ['Blogging platform', 'blog-head', 'blog-post'],
    ['Online store', 'store-head', 'store-product'],
  ] as const;
  for (const [label, head, launch] of tabs) {
    await page.getByRole('tab', { name: label, exact: true }).click();
    const headCode = await codeOf(page, head);
    expect(headCode).toContain(`<link rel="stylesheet" href="${origin}/player/atk-player.css">`);
    expect(headCode).toContain(`<script src="${origin}/player/atk-player.js" defer></script>`);
    await expect(snippet(page, launch)).toContainText('atk-player');
  }
  // Developers: the element, and buttons assigning the instance id, status show and the mini position.
  await page.getByRole('tab', { name: 'Developers', exact: true }).click();
  await expect(snippet(page, 'developers-element')).toHaveText('<atk-player></atk-player>');
  await expect(snippet(page, 'developers-privacy')).toHaveText('<atk-player privacy="strict"></atk-player>');
  await expect(page.getByText('Add privacy="strict" to store nothing on the visitor\'s device')).toBeVisible();
  const launch = await codeOf(page, 'developers-launch');
  expect(launch).toContain(`data-atk-instance-id="${id}"`);
  expect(launch).toContain('data-atk-mini="20,20"');
  expect(launch).toContain("player.setAttribute('status', 'show')");
  expect(await codeOf(page, 'developers-script')).toContain(`player.setAttribute('instance-id', '${id}')`);
  // Website builder and blog: the button carries the instance id.
  await page.getByRole('tab', { name: 'Website builder', exact: true }).click();
  await expect(snippet(page, 'builder-body')).toContainText(`data-atk-instance-id="${id}"`);
  // Store: the metafield and its Liquid snippet.
  await page.getByRole('tab', { name: 'Online store', exact: true }).click();
  const store = page.getByTestId('integration-store');
  await expect(store).toContainText('namespace "atk", key "player_instance_id"');
  await expect(snippet(page, 'store-metafield')).toHaveText(id);
  await expect(snippet(page, 'store-product')).toContainText('product.metafields.atk.player_instance_id.value');

  // Copy one snippet.
  await page.getByTestId('copy-store-head').click();
  await expect(toast(page, MSG.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await codeOf(page, 'store-head'));

  // The mini offsets flow into the snippets.
  await page.getByRole('tab', { name: 'Developers', exact: true }).click();
  await page.getByLabel('Mini position: right (px)').fill('37');
  await page.getByLabel('bottom (px)').fill('23');
  await expect(snippet(page, 'developers-launch')).toContainText('data-atk-mini="37,23"');
});

test('the developer snippet, pasted into a page of another origin, launches the player with the instance', async ({
  page,
  browser,
}) => {
  const name = `Embedded ${uid()}`;
  const { id, products, addable } = await publishedInstance(name);
  await openIntegration(page);
  await chooseInstance(page, name);
  await page.getByRole('tab', { name: 'Developers', exact: true }).click();
  await page.getByLabel('Mini position: right (px)').fill('37');
  await page.getByLabel('bottom (px)').fill('23');
  await expect(snippet(page, 'developers-launch')).toContainText('data-atk-mini="37,23"');

  // The three steps exactly as shown: head, element, launch buttons.
  const head = await codeOf(page, 'developers-head');
  const element = await codeOf(page, 'developers-element');
  const launch = await codeOf(page, 'developers-launch');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A brand's page</title>
<style>html { font-size: 40px; } body { font: 12px/1 serif; color: rgb(1, 2, 3); }</style>
${head}
</head>
<body>
<h1>Our microphones</h1>
${element}
${launch}
</body>
</html>`;
  const site = await serveElsewhere(html);
  const visitor = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  try {
    const brandPage = await visitor.newPage();
    const failed: string[] = [];
    brandPage.on('pageerror', (e) => failed.push(e.message));
    brandPage.on('console', (m) => m.type() === 'error' && failed.push(m.text()));
    await brandPage.goto(site.url);
    expect(new URL(brandPage.url()).origin).not.toBe(new URL(baseUrl()).origin);
    await expect.poll(() => brandPage.evaluate(() => Boolean(customElements.get('atk-player')))).toBe(true);

    // The host page keeps its own look; the element takes no room.
    const player = brandPage.locator('atk-player');
    expect(await brandPage.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(1, 2, 3)');
    expect(await player.boundingBox()).toMatchObject({ width: 0, height: 0 });

    // Dialog: the instance's name, its brand, its products in order (the featured ones loaded, the rest to add).
    await brandPage.getByRole('button', { name: 'Listen and compare' }).click();
    await expect(player).toHaveAttribute('instance-id', id);
    await expect(player).toHaveAttribute('status', 'show');
    const dialog = player.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByText('Demo Audio', { exact: true }).first()).toBeVisible();
    const items = dialog.getByRole('listitem');
    await expect(items).toHaveCount(products.length);
    for (const [i, product] of products.entries()) await expect(items.nth(i)).toContainText(product);
    const add = dialog.getByLabel('Add a product to compare');
    await expect(add.locator('option:not([value=""])')).toHaveText(addable.map((p) => new RegExp(`^${p}`)));
    await expect(dialog).not.toContainText('Brick D7');
    await expect(add).not.toContainText('Brick D7');
    // Sizes in px inside the shadow root: the host's 40px root font size does not leak in.
    const titleSize = await dialog.getByRole('heading', { name }).evaluate((h) => getComputedStyle(h).fontSize);
    expect(titleSize).toBe('18px');

    // Escape closes it (status hide).
    await brandPage.keyboard.press('Escape');
    await expect(player).toHaveAttribute('status', 'hide');
    await expect(dialog).toBeHidden();

    // Mini: the floating panel at the chosen offsets from the right and bottom edges.
    await brandPage.getByRole('button', { name: 'Open the mini player' }).click();
    await expect(player).toHaveAttribute('mini', '37,23');
    const panel = player.getByRole('dialog', { name });
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute('aria-modal', 'false');
    await expect(panel.getByRole('listitem')).toHaveCount(products.length);
    const box = await panel.boundingBox();
    expect(box).toBeTruthy();
    if (box) {
      expect(Math.round(1200 - (box.x + box.width))).toBe(37);
      expect(Math.round(800 - (box.y + box.height))).toBe(23);
    }
    expect(Number(await panel.evaluate((p) => getComputedStyle(p).zIndex))).toBeGreaterThan(1_000_000);
    // The page behind stays usable (no backdrop) and the close button hides the panel.
    await brandPage.getByRole('heading', { name: 'Our microphones' }).click();
    await player.getByRole('button', { name: PLAYER_TEXT.close }).click();
    await expect(player).toHaveAttribute('status', 'hide');
    await expect(panel).toBeHidden();

    // An instance that does not exist (or is not published) says so inside the panel.
    await brandPage.evaluate(() => {
      const el = document.querySelector('atk-player') as HTMLElement;
      el.removeAttribute('mini');
      el.setAttribute('instance-id', '00000000-0000-4000-8000-000000000000');
      el.setAttribute('status', 'show');
    });
    await expect(player.getByRole('alert')).toHaveText(PLAYER_TEXT.notAvailable);
    await brandPage.keyboard.press('Escape');
    await expect(player).toHaveAttribute('status', 'hide');
    // The only console error allowed is the browser's report of that 404.
    expect(failed.filter((m) => !/404/.test(m))).toEqual([]);
  } finally {
    await visitor.close();
    await new Promise((resolve) => site.server.close(resolve));
  }
});

test('the complete page snippet works as it is, and a network failure is told inside the panel', async ({
  page,
  browser,
}) => {
  const name = `Complete ${uid()}`;
  const { products } = await publishedInstance(name);
  await openIntegration(page);
  await chooseInstance(page, name);
  const html = await codeOf(page, 'developers-page');
  expect(html.startsWith('<!doctype html>')).toBe(true);

  const site = await serveElsewhere(html);
  const visitor = await browser.newContext();
  try {
    const brandPage = await visitor.newPage();
    await brandPage.goto(site.url);
    const player = brandPage.locator('atk-player');
    await brandPage.getByRole('button', { name: 'Listen and compare' }).click();
    const dialog = player.getByRole('dialog', { name });
    await expect(dialog.getByRole('listitem')).toHaveCount(products.length);
    await dialog.getByRole('button', { name: PLAYER_TEXT.close }).click();
    await expect(dialog).toBeHidden();

    // The API cannot be reached: 'Network error', and Try again once it is back.
    await brandPage.route('**/api/v1/atk_player/widget/instances/**', (route) => route.abort('failed'));
    await brandPage.evaluate(() => {
      const el = document.querySelector('atk-player') as HTMLElement;
      el.setAttribute('instance-id', '11111111-1111-4111-8111-111111111111');
      el.setAttribute('status', 'show');
    });
    await expect(player.getByRole('alert')).toHaveText(PLAYER_TEXT.networkError);
    await brandPage.unroute('**/api/v1/atk_player/widget/instances/**');
    await player.getByRole('button', { name: PLAYER_TEXT.retry }).click();
    await expect(player.getByRole('alert')).toHaveText(PLAYER_TEXT.notAvailable);

    // Pasted as it is, the page is laid out at a phone's own width (a viewport meta), not 980 px.
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const onPhone = await phone.newPage();
      await onPhone.goto(site.url);
      expect(await onPhone.evaluate(() => document.documentElement.clientWidth)).toBe(390);
    } finally {
      await phone.close();
    }
  } finally {
    await visitor.close();
    await new Promise((resolve) => site.server.close(resolve));
  }
});

const API_STEPS = [
  'Listen buttons',
  "The player's methods",
  "Listen to the player's events",
  'In React 19',
  'TypeScript',
  'Your analytics',
  'Consent',
  'Consent with Google Consent Mode',
];

test('Player API: listen buttons with the instance’s own products, events, analytics and consent; copied as shown', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const name = `Player API ${uid()}`;
  const { id, offered } = await publishedInstance(name);
  await openIntegration(page);
  await chooseInstance(page, name);
  await page.getByRole('tab', { name: 'Player API', exact: true }).click();
  const guide = page.getByTestId('integration-api');
  await expect(guide.getByRole('heading', { level: 3 })).toHaveText(API_STEPS);

  // a button per product the player offers (featured first; not the inactive Brick D7), with its real id and name
  const [velour, pencil, lumen] = offered;
  await expect(snippet(page, 'api-listen')).toContainText(`data-atk-product="${velour.id}"`);
  const listen = await codeOf(page, 'api-listen');
  expect(listen.split('\n').slice(0, 4)).toEqual([
    `<button type="button" data-atk-product="${velour.id}">Listen to the Velour R2</button>`,
    `<button type="button" data-atk-product="${pencil.id}">Listen to the Pencil S4</button>`,
    `<button type="button" data-atk-product="${lumen.id}">Listen to the Lumen C1</button>`,
    '<script>',
  ]);
  expect(listen).toContain("customElements.whenDefined('atk-player')");
  expect(listen).toContain(`.open({ instance: '${id}', product: b.dataset.atkProduct })`);
  expect(listen).toContain('.then((p) => p.play())');
  expect(listen).not.toContain('Brick D7');
  await expect(snippet(page, 'api-methods')).toContainText(`player.select('${velour.id}');`);

  // events, React 19, the typings
  await expect(snippet(page, 'api-events')).toContainText(
    "player.addEventListener('atk-play', (e) => console.log(e.detail));",
  );
  await expect(guide).toContainText(
    'atk-ready, atk-open, atk-close, atk-play, atk-pause, atk-ended, atk-switch, atk-seek, atk-song-change, atk-source-change, atk-level-match, atk-reveal, atk-vote, atk-abx-result, atk-buy-click, atk-error.',
  );
  await expect(snippet(page, 'api-react')).toContainText(`instance-id="${id}"`);
  await expect(snippet(page, 'api-react')).toContainText('onatk-buy-click={(e) => console.log(e.detail)}');
  await expect(snippet(page, 'api-types')).toHaveText(`${baseUrl()}/player/atk-player.d.ts`);

  // analytics and consent
  await expect(snippet(page, 'api-analytics')).toHaveText('<atk-player analytics="datalayer"></atk-player>');
  await expect(guide).toContainText(
    "atk_ready, atk_open, atk_close, atk_play, atk_pause, atk_ended, atk_switch, atk_seek, atk_song_change, atk_source_change, atk_level_match, atk_reveal, atk_vote, atk_abx_result, atk_error. A click on a buy button is pushed as GA4's begin_checkout, with the product as its item.",
  );
  await expect(snippet(page, 'api-consent')).toContainText('<atk-player consent="pending"></atk-player>');
  await expect(snippet(page, 'api-consent-mode')).toContainText('analytics_storage');
  await expectAccessible(page, 'Integration, Player API');

  // the copy button copies the snippet as shown, real product ids included
  await page.getByTestId('copy-api-listen').click();
  await expect(toast(page, MSG.copied)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(listen);
  expect(copied).toContain(`data-atk-product="${pencil.id}"`);
});

test('Player API: the listen-button and consent snippets, on a brand’s page, drive the real player as they say', async ({
  page,
  browser,
}) => {
  const name = `Player API run ${uid()}`;
  const { id, offered } = await publishedInstance(name);
  await openIntegration(page);
  await chooseInstance(page, name);
  await page.getByRole('tab', { name: 'Player API', exact: true }).click();
  await expect(snippet(page, 'api-listen')).toContainText(`data-atk-product="${offered[1].id}"`);
  const [listen, banner, consentMode] = await Promise.all(
    ['api-listen', 'api-consent', 'api-consent-mode'].map((step) => codeOf(page, step)),
  );

  // A brand's page on another origin with gtag's consent defaults and an update already pushed, the three snippets,
  // the banner's buttons and the player's own script, deferred, so the element is defined after the snippets ran.
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A brand's page</title>
<script>
  window.dataLayer = window.dataLayer || [];
  function gtag() { dataLayer.push(arguments); }
  gtag('consent', 'default', { analytics_storage: 'denied' });
  gtag('consent', 'update', { analytics_storage: 'denied' });
</script>
<script src="${baseUrl()}/player/atk-player.js" defer></script>
</head>
<body>
<button type="button" id="accept-cookies">Accept</button>
<button type="button" id="refuse-cookies">Refuse</button>
<atk-player></atk-player>
${banner}
${listen}
${consentMode}
</body>
</html>`;
  const site = await serveElsewhere(html);
  const visitor = await browser.newContext();
  try {
    const brandPage = await visitor.newPage();
    const failed: string[] = [];
    brandPage.on('pageerror', (e) => failed.push(e.message));
    await brandPage.goto(site.url);
    const consent = () => brandPage.evaluate(() => document.querySelector('atk-player')?.getAttribute('consent'));
    // the update pushed before the player's script is passed on once the element is defined
    await expect.poll(consent).toBe('denied');
    await brandPage.evaluate(() =>
      (window as unknown as { gtag: (...a: unknown[]) => void }).gtag('consent', 'update', {
        analytics_storage: 'granted',
      }),
    );
    await expect.poll(consent).toBe('granted');
    await brandPage.getByRole('button', { name: 'Refuse' }).click();
    await expect.poll(consent).toBe('denied');
    // The listen button opens the real player on its product.
    await brandPage.getByRole('button', { name: 'Listen to the Pencil S4' }).click();
    await expect(brandPage.locator('atk-player').getByRole('dialog', { name })).toBeVisible();
    await expect
      .poll(() =>
        brandPage.evaluate(
          () => (document.querySelector('atk-player') as unknown as { selectedProduct: string | null }).selectedProduct,
        ),
      )
      .toBe(offered[1].id);
    expect(await brandPage.evaluate(() => document.querySelector('atk-player')?.getAttribute('instance-id'))).toBe(id);
    expect(failed).toEqual([]);
  } finally {
    await visitor.close();
    site.server.close();
  }
});
