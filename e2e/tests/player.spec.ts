/**
 * The embeddable player (issue 5) on a brand's page of another origin, against the real server and the demo
 * content processed by the in-process jobs: the loader launches the app chunk; song and source; play with the
 * space bar; switching products by button and number key keeps the clock running; level matching; blind mode;
 * the feature panels of the selected product in the instance's order; price and buy button by the visitor's
 * currency; the share link; tooltips; a failed download; the statistics events; focus and axe; the host page
 * left as it was.
 *
 * The scene: the four demo microphones (Demo Audio) get content (price, discography, tech specs, frequency
 * graph, images). Instances enabling Discography, Frequency Graphs and Tech Specs need a subscription that has
 * them; changing the shared demo customer's would race instances.spec.ts (it tests refusals of that very
 * subscription), so a customer of its own ("Player Lab …", self sign-up, given a full subscription by the
 * operator) publishes the instances, with the demo microphones as other brands' products.
 */
import type { Server } from 'node:http';
import {
  API_BASE,
  type DailySeries,
  DEFAULT_SUBSCRIPTION,
  hashPassword,
  type LaunchSeries,
  ORDERED_FEATURES as ORDERED,
  type PlayerInstance,
  STATISTICS_BASE,
  type Subscription,
  utcToday,
} from '@atk/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { api, apiLogin, baseUrl, DEMO, serveElsewhere, solidPng, uniqueEmail, uploadProductFile } from './support.ts';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });
test.setTimeout(120_000);

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function ok<T>(res: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const r = await res;
  expect(r.code, r.msg).toBe(200);
  return r.data;
}

interface ProductRow {
  _id: string;
  general: { name: string; brand_id: string };
}

/** A picture of the scene, stored by `uploadPictures` in `beforeAll`, which puts its URL in place of this mark. */
const picture = (label: string, fill: string) => `picture:${fill}:${label}`;

/**
 * Uploads every picture of a product's content as the console would (the frequency graph as an SVG file, the
 * images as PNGs) and replaces each mark by the stored file's URL.
 */
async function uploadPictures(token: string, productId: string, content: object) {
  const pictures: { item: { url: string }; graph: boolean }[] = [];
  const walk = (value: unknown, graph: boolean) => {
    if (Array.isArray(value)) for (const v of value) walk(v, graph);
    else if (value && typeof value === 'object') {
      const item = value as { url?: unknown };
      if (typeof item.url === 'string' && item.url.startsWith('picture:'))
        pictures.push({ item: item as { url: string }, graph });
      else for (const [key, v] of Object.entries(value)) walk(v, graph || key === 'frequency_graph');
    }
  };
  walk(content, false);
  for (const [index, { item, graph }] of pictures.entries()) {
    const [, fill, label] = item.url.split(':');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="${fill}"/><text x="8" y="56" font-size="16">${label}</text></svg>`;
    item.url = graph
      ? await uploadProductFile(token, productId, { bytes: svg, type: 'image/svg+xml', name: 'graph.svg' }, 'frequency')
      : await uploadProductFile(
          token,
          productId,
          // 800×600: not the square the console asks for, so the player must crop it rather than squash it.
          { bytes: solidPng(fill, 800, 600), type: 'image/png', name: `${index}.png` },
          { image: index },
        );
  }
}

const VELOUR = {
  price: {
    default: { currency: 'USD', price: 1299, symbol: '$' },
    list: [{ currency: 'EUR', price: 1199, symbol: '€' }],
  },
  discography: [
    {
      artist: 'The Velvet Lines',
      song: 'Night Drive',
      producer_engineer: 'Ana Ruiz',
      instruments: 'Lead vocal',
      spotify_link: 'spotify:track:4uLU6hMCjMI75M1A2tKUQC',
      tidal_link: 'https://tidal.com/browse/track/77646168',
    },
  ],
  tech_specs: {
    basic: { interface: ['XLR analog'], type: 'ribbon', ribbon_class: 'large', amplifier: [], power: 'passive' },
    amp_tra: { transformer: false },
    data: { self_noise: '0 dB-A (passive)', max_spl: '165 dB SPL' },
    physical: { weight: '780 g' },
  },
  frequency_graph: { url: picture('Velour graph', '#fde68a'), name: 'velour-graph.svg' },
  images: {
    thumbnail: null,
    large: null,
    additional_images: [
      { url: picture('Velour side', '#bfdbfe'), name: 'Velour R2 from the side', order: 1 },
      { url: picture('Velour box', '#c7d2fe'), name: 'Velour R2 in its case', order: 2 },
    ],
    group_360: Array.from({ length: 8 }, (_, i) => ({ url: picture(`Velour ${i * 45}°`, '#e5e7eb'), name: `${i}` })),
  },
};
const PENCIL = {
  price: { default: { currency: 'USD', price: 499, symbol: '$' }, list: [] },
  discography: [
    {
      artist: 'Quiet Harbour',
      song: 'Glass Rooms',
      producer_engineer: 'Ken Ito',
      instruments: 'Acoustic guitar',
      spotify_link: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b',
      tidal_link: '',
    },
  ],
  tech_specs: {
    basic: {
      interface: ['XLR analog'],
      type: 'condenser',
      diaphragm_class: 'small',
      amplifier: ['FET'],
      power: '+48v',
    },
    amp_tra: { transformer: true },
    data: { frequency_range: '20 Hz – 20 kHz' },
  },
  frequency_graph: { url: picture('Pencil graph', '#bbf7d0'), name: 'pencil-graph.svg' },
  images: { thumbnail: null, large: null, additional_images: [], group_360: [] },
};

const BUTTONS = {
  default: { currency: 'USD', symbol: '$', url: 'https://shop.example.com/us/velour' },
  list: [
    { currency: 'EUR', symbol: '€', url: 'https://shop.example.com/eu/velour' },
    { currency: 'GBP', symbol: '£', url: 'https://shop.example.com/uk/velour' },
  ],
};

const FULL: Subscription = {
  ...DEFAULT_SUBSCRIPTION,
  discography: { is_enable: 1 },
  frequency_graphs: { is_enable: 1 },
  tech_specs: { is_enable: 1 },
  other_brands_products: { is_enable: 1 },
};

const scene = {
  /** Listening guide, discography, frequency graphs, tech specs (Images off); display price on. */
  a: { id: '', name: '' },
  /** Listening guide and images (additional first); display price off. */
  b: { id: '', name: '' },
  /**
   * As A, for the events test alone: launches count at most 10 an hour per address and instance (docs/api.md "How
   * hard the statistics are to inflate"), and every test here launches from one address.
   */
  events: { id: '', name: '' },
  products: {} as Record<'Lumen C1' | 'Velour R2' | 'Brick D7' | 'Pencil S4', ProductRow>,
  read: null as unknown as PlayerInstance,
  site: null as unknown as { url: string; server: Server },
  /** The customer that owns the instances (reads their statistics). */
  lab: '',
};

const pid = (name: keyof typeof scene.products) => scene.products[name]._id;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const admin = await apiLogin(DEMO.global_admin);
  const demo = await apiLogin(DEMO.customer);

  // The demo microphones, and content on two of them.
  for (const name of ['Lumen C1', 'Velour R2', 'Brick D7', 'Pencil S4'] as const) {
    const res = await ok(
      api<{ list: ProductRow[] }>('GET', `/products?page_num=1&page_size=20&name=${encodeURIComponent(name)}`, {
        token: demo,
      }),
    );
    const row = res.list.find((p) => p.general.name === name);
    expect(row, `demo product ${name}`).toBeTruthy();
    scene.products[name] = row as ProductRow;
  }
  for (const [name, content] of [
    ['Velour R2', VELOUR],
    ['Pencil S4', PENCIL],
  ] as const) {
    await uploadPictures(demo, pid(name), content);
    for (const [type, value] of Object.entries(content))
      await ok(api('PUT', `/products/${pid(name)}`, { token: demo, body: { type, content: value } }));
  }

  // A customer of its own with every feature in its plan.
  const email = uniqueEmail('player-lab');
  await ok(
    api('POST', '/users/register', {
      body: {
        email,
        password: hashPassword('Lab!23456'),
        password_confirm: hashPassword('Lab!23456'),
        brand_name: `Player Lab ${uid()}`,
      },
    }),
  );
  // The sign-up answers no session (the same answer for a known email): the new customer signs in.
  const registered = await ok(
    api<{ token: string; user_info: { _id: string } }>('POST', '/users/login', {
      body: { email, password: hashPassword('Lab!23456') },
    }),
  );
  await ok(
    api('PUT', `/admin/users/${registered.user_info._id}`, {
      token: admin,
      body: { subscription: FULL, master_brand_status: 'active' },
    }),
  );
  const lab = registered.token;
  scene.lab = lab;
  const other = (name: keyof typeof scene.products, order: number | null) => ({
    product_id: pid(name),
    brand_id: scene.products[name].general.brand_id,
    is_active: 1,
    order,
  });
  /** The features with `on` enabled at those orders; the others disabled, holding the orders left. */
  const features = (on: Partial<Record<(typeof ORDERED)[number], number>>, displayPrice: 0 | 1) => {
    const free = [1, 2, 3, 4, 5].filter((o) => !Object.values(on).includes(o));
    const ordered = Object.fromEntries(
      ORDERED.map((key) => [key, on[key] ? { is_enable: 1, order: on[key] } : { is_enable: 0, order: free.shift() }]),
    );
    return {
      ...ordered,
      products_in_player: { max_num: 5 },
      atk_songs: { max_num: 3 },
      other_brands_products: { is_enable: 1 },
      my_audio: { is_enable: 0 },
      display_price: { is_enable: displayPrice },
    };
  };
  const publish = async (
    name: string,
    on: Partial<Record<(typeof ORDERED)[number], number>>,
    displayPrice: 0 | 1,
    images: { code: string; name: string; order: number }[],
  ) => {
    const made = await ok(api<{ _id: string }>('POST', '/instances', { token: lab, body: { general: { name } } }));
    const put = (body: unknown) => ok(api('PUT', `/instances/${made._id}`, { token: lab, body }));
    await put({ general: { name, is_published: 1 } });
    await put({ features: features(on, displayPrice) });
    await put({
      products: [],
      other_products: [other('Velour R2', 1), other('Pencil S4', 2), other('Lumen C1', null), other('Brick D7', null)],
    });
    await put({ buttons: BUTTONS });
    await put({ images });
    return made._id;
  };
  // Orders 1–5 distinct: the enabled ones get theirs, the others keep the rest.
  scene.a.name = `Player A ${uid()}`;
  scene.a.id = await publish(
    scene.a.name,
    { listening_guide: 1, discography: 2, frequency_graphs: 3, tech_specs: 4 },
    1,
    [
      { code: 'group_360', name: '360° Group', order: 1 },
      { code: 'additional', name: 'Additional Image', order: 2 },
    ],
  );
  scene.events.name = `Player Events ${uid()}`;
  scene.events.id = await publish(
    scene.events.name,
    { listening_guide: 1, discography: 2, frequency_graphs: 3, tech_specs: 4 },
    1,
    [
      { code: 'group_360', name: '360° Group', order: 1 },
      { code: 'additional', name: 'Additional Image', order: 2 },
    ],
  );
  scene.b.name = `Player B ${uid()}`;
  scene.b.id = await publish(scene.b.name, { images: 1, listening_guide: 2 }, 0, [
    { code: 'additional', name: 'Additional Image', order: 1 },
    { code: 'group_360', name: '360° Group', order: 2 },
  ]);

  // The demo audio is processed by the server's jobs: wait until both sources have all four versions.
  await expect
    .poll(
      async () => {
        const read = await api<PlayerInstance>('GET', `/widget/instances/${scene.a.id}`);
        scene.read = read.data;
        const song = read.data?.songs?.find((s) => s.name === 'Morning Light');
        return song?.sources.map((s) => s.versions.length).join(',') ?? '';
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe('4,4');

  scene.site = await serveBrandPage();
});

test.afterAll(async () => {
  if (scene.site) await new Promise((resolve) => scene.site.server.close(resolve));
});

/** A brand's page on another origin: the loader snippet, launch buttons, and styles of its own. */
async function serveBrandPage(): Promise<{ url: string; server: Server }> {
  const base = baseUrl();
  const launch = (label: string, id: string, mini = '') =>
    `<button type="button" data-atk-instance="${id}"${mini ? ` data-atk-mini="${mini}"` : ''}>${label}</button>`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A brand's page</title>
<style>
html { font-size: 40px; }
body { font: 12px/1 serif; color: rgb(1, 2, 3); background: rgb(250, 240, 230); }
h1 { color: rgb(9, 8, 7); }
button, select, canvas, table, img { font-size: 30px; border: 7px dotted red; }
</style>
<link rel="stylesheet" href="${base}/player/atk-player.css">
<script src="${base}/player/atk-player.js" defer></script>
</head>
<body>
<h1>Our microphones</h1>
${launch('Compare A', scene.a.id)}
${launch('Compare B', scene.b.id)}
${launch('Mini A', scene.a.id, '24,24')}
${launch('Compare Events', scene.events.id)}
<atk-player></atk-player>
<script>
document.addEventListener('click', function (e) {
  var b = e.target.closest && e.target.closest('[data-atk-instance]');
  if (!b) return;
  var player = document.querySelector('atk-player');
  player.setAttribute('instance-id', b.getAttribute('data-atk-instance'));
  if (b.hasAttribute('data-atk-mini')) player.setAttribute('mini', b.getAttribute('data-atk-mini'));
  else player.removeAttribute('mini');
  player.setAttribute('status', 'show');
});
</script>
</body>
</html>`;
  return serveElsewhere(html);
}

// ── helpers ───────────────────────────────────────────────────────────────────────────────────────────
const playerOf = (page: Page) => page.locator('atk-player');
const dialogOf = (page: Page, name = scene.a.name) => playerOf(page).getByRole('dialog', { name });
const productButton = (dialog: Locator, name: string) =>
  dialog.getByRole('list').getByRole('button', { name: new RegExp(`^\\d?\\s*${name}`) });
const playButton = (dialog: Locator) => dialog.getByRole('button', { name: /^(Play|Pause)$/ });
const slider = (dialog: Locator) => dialog.getByRole('slider', { name: 'Playback position' });
const positionOf = async (dialog: Locator) => Number(await slider(dialog).getAttribute('aria-valuenow'));

async function open(page: Page, label = 'Compare A', name = scene.a.name) {
  await page.goto(scene.site.url);
  await page.getByRole('button', { name: label }).click();
  const dialog = dialogOf(page, name);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list').getByRole('listitem').first()).toBeVisible();
  return dialog;
}

/** Until every version is downloaded (the play button is no longer waiting). */
async function ready(dialog: Locator) {
  await expect(playButton(dialog)).not.toHaveAttribute('aria-disabled', 'true', { timeout: 20_000 });
  await expect(dialog.getByText('loading…')).toHaveCount(0, { timeout: 20_000 });
}

const hostLook = (page: Page) =>
  page.evaluate(() => {
    const css = (el: Element, props: string[]) => {
      const s = getComputedStyle(el);
      return props.map((p) => s.getPropertyValue(p)).join('|');
    };
    return {
      html: css(document.documentElement, ['font-size', 'overflow']),
      body: css(document.body, ['color', 'background-color', 'font-family', 'font-size', 'overflow', 'margin']),
      h1: css(document.querySelector('h1') as Element, ['color', 'font-size']),
      button: css(document.querySelector('button') as Element, ['font-size', 'border-top-style']),
      sheets: document.styleSheets.length,
      headChildren: document.head.children.length,
      bodyChildren: document.body.children.length,
      bodyAttrs: Array.from(document.body.attributes, (a) => a.name).join(','),
    };
  });

/** Every image shows its 800×600 picture cropped to a square box from the centre (object-fit), not squashed. */
async function expectSquare(images: Locator) {
  await expect(images.first()).toBeVisible();
  // measured once every picture has arrived (a slow load read 0x0)
  await expect
    .poll(() => images.evaluateAll((imgs) => (imgs as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth)))
    .toBe(true);
  const looks = await images.evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => {
      const s = getComputedStyle(img);
      const box = img.getBoundingClientRect();
      return {
        natural: `${img.naturalWidth}x${img.naturalHeight}`,
        square: Math.abs(box.width - box.height) <= 1,
        fit: `${s.objectFit} ${s.objectPosition}`,
      };
    }),
  );
  for (const look of looks) expect(look).toEqual({ natural: '800x600', square: true, fit: 'cover 50% 50%' });
}

// ── tests ─────────────────────────────────────────────────────────────────────────────────────────────
test('the player opens on another origin: song and source, space plays, switching keeps the clock running', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(scene.site.url);
  expect(new URL(page.url()).origin).not.toBe(new URL(baseUrl()).origin);
  const before = await hostLook(page);

  // The loader alone until the first launch, then the app chunk from the same directory.
  const chunk = page.waitForRequest((r) => r.url().startsWith(`${baseUrl()}/player/atk-player-app.js?v=`));
  await page.getByRole('button', { name: 'Compare A' }).click();
  await chunk;
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: scene.a.name })).toBeVisible();

  // Song and source in the instance's order; the featured products loaded, the others offered.
  const song = dialog.getByLabel('Song', { exact: true });
  const source = dialog.getByLabel('Source', { exact: true });
  await expect(song.locator('option')).toHaveText(['Morning Light – ATK Demo Band']);
  await expect(source.locator('option')).toHaveText(['Acoustic Guitar (ATK Demo Band)', 'Vocal (ATK Demo Band)']);
  const items = dialog.getByRole('list').getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Velour R2');
  await expect(items.nth(1)).toContainText('Pencil S4');
  await expect(productButton(dialog, 'Velour R2')).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('Add a product to compare').locator('option:not([value=""])')).toHaveText([
    'Lumen C1 (LC-1)',
    'Brick D7 (BD-7)',
  ]);
  await source.selectOption({ label: 'Vocal (ATK Demo Band)' });
  await expect(source).toHaveValue(scene.read.songs[0].sources[1]._id);
  await ready(dialog);
  await expect(slider(dialog)).toHaveAttribute('aria-valuemax', /^2[12](\.\d)?$/);

  // Space (focus on the panel, not on a button) plays; the playhead moves.
  await dialog.getByRole('heading', { name: 'Products' }).click();
  await page.keyboard.press('Space');
  await expect(playButton(dialog)).toHaveAccessibleName('Pause');
  await expect(playButton(dialog)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => positionOf(dialog)).toBeGreaterThan(1);

  // Switching by button and by number key: the clock goes on, no restart.
  const p1 = await positionOf(dialog);
  await productButton(dialog, 'Pencil S4').click();
  await expect(productButton(dialog, 'Pencil S4')).toHaveAttribute('aria-pressed', 'true');
  await expect(productButton(dialog, 'Velour R2')).toHaveAttribute('aria-pressed', 'false');
  await expect(playButton(dialog)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => positionOf(dialog)).toBeGreaterThan(p1 + 0.4);
  const p2 = await positionOf(dialog);
  await page.keyboard.press('1');
  await expect(productButton(dialog, 'Velour R2')).toHaveAttribute('aria-pressed', 'true');
  await expect(playButton(dialog)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => positionOf(dialog)).toBeGreaterThan(p2 + 0.4);

  // A third product joins the comparison while playing, and the clock keeps its place.
  await dialog.getByLabel('Add a product to compare').selectOption({ label: 'Lumen C1 (LC-1)' });
  const p3 = await positionOf(dialog);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(items).toHaveCount(3);
  await expect(items.nth(2)).toContainText('Lumen C1');
  await ready(dialog);
  await expect(playButton(dialog)).toHaveAttribute('data-state', 'playing');
  expect(await positionOf(dialog)).toBeGreaterThanOrEqual(p3);
  await dialog.getByRole('heading', { name: 'Products' }).click();
  await page.keyboard.press('3');
  await expect(productButton(dialog, 'Lumen C1')).toHaveAttribute('aria-pressed', 'true');

  // Level matching: on by default, visibly; the switch turns it off and on.
  const indicator = dialog.getByTestId('level-indicator');
  const matching = dialog.getByRole('switch', { name: 'Level matching' });
  await expect(indicator).toHaveText('Level-matched');
  await expect(matching).toHaveAttribute('aria-checked', 'true');
  await matching.click();
  await expect(matching).toHaveAttribute('aria-checked', 'false');
  await expect(indicator).toHaveText('Not level-matched');
  await matching.click();
  await expect(indicator).toHaveText('Level-matched');

  // Space again pauses; the waveform seeks by click and by keys.
  await dialog.getByRole('heading', { name: 'Products' }).click();
  await page.keyboard.press('Space');
  await expect(playButton(dialog)).toHaveAccessibleName('Play');
  const wave = slider(dialog);
  const box = await wave.boundingBox();
  expect(box).toBeTruthy();
  if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const max = Number(await wave.getAttribute('aria-valuemax'));
  await expect.poll(async () => Math.abs((await positionOf(dialog)) - max / 2)).toBeLessThan(1);
  await wave.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => positionOf(dialog)).toBe(0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => positionOf(dialog)).toBe(5);
  // Read as the clock shows it ('0:05 of 0:22'), and the time is on screen as text too.
  await expect(wave).toHaveAttribute('aria-valuetext', /^0:05 of 0:2\d$/);
  await expect(dialog.getByText(/^0:05 \/ 0:2\d$/)).toBeVisible();

  // The host page is as it was: styles, sheets, nodes; the player's own text in px.
  expect(await hostLook(page)).toEqual(before);
  const nameSize = await productButton(dialog, 'Velour R2')
    .locator('.name')
    .evaluate((n) => getComputedStyle(n).fontSize);
  expect(nameSize).toBe('14px');
  const selectBorder = await song.evaluate((s) => getComputedStyle(s).borderTopStyle);
  expect(selectBorder).toBe('solid');

  // Close: focus returns to the launch button, the audio stops with the player.
  await dialog.getByRole('button', { name: 'Close player' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Compare A' })).toBeFocused();
  expect(errors).toEqual([]);
});

test('blind mode hides the names and shuffles; reveal shows them', async ({ page }) => {
  // Tall enough for the whole player: its height would follow its content.
  await page.setViewportSize({ width: 1280, height: 1400 });
  const dialog = await open(page);
  const items = dialog.getByRole('list').getByRole('listitem');
  await dialog.getByLabel('Add a product to compare').selectOption({ label: 'Lumen C1 (LC-1)' });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(items).toHaveCount(3);
  await dialog.getByRole('tab', { name: 'Listening Guide' }).click();

  const blind = dialog.getByRole('button', { name: 'Blind mode', exact: true });
  await blind.click();
  await expect(blind).toHaveAttribute('aria-pressed', 'true');
  await expect(items).toHaveText([/Product A/, /Product B/, /Product C/]);
  const products = dialog.getByRole('region', { name: 'Products (blind)' });
  for (const name of ['Velour R2', 'Pencil S4', 'Lumen C1']) await expect(products).not.toContainText(name);
  await expect(dialog.getByTestId('price')).toHaveCount(0);
  await expect(dialog.getByRole('tabpanel')).toContainText('Hidden in blind mode');
  await expect(dialog.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  // Reveal: the same (shuffled) places, now with their names, and never the original order. The test is over:
  // Blind mode is no longer pressed, and the dialog keeps its height.
  const height = (await dialog.boundingBox())?.height;
  await dialog.getByRole('button', { name: 'Reveal products' }).click();
  // Reveal goes away once pressed; the focus stays in the player, on Blind mode beside it.
  await expect(blind).toBeFocused();
  expect((await dialog.boundingBox())?.height).toBe(height);
  await expect(blind).toHaveAttribute('aria-pressed', 'false');
  const revealed = await items.locator('.name').allTextContents();
  expect([...revealed].sort()).toEqual(['Lumen C1', 'Pencil S4', 'Velour R2']);
  expect(revealed).not.toEqual(['Velour R2', 'Pencil S4', 'Lumen C1']);
  await expect(dialog.getByRole('tabpanel')).not.toContainText('Hidden in blind mode');
  await expect(dialog.getByRole('button', { name: /^Remove/ })).toHaveCount(3);
  // Pressed again, a new blind test starts; leaving it puts the products back in their order.
  await blind.click();
  await expect(blind).toHaveAttribute('aria-pressed', 'true');
  await expect(items).toHaveText([/Product A/, /Product B/, /Product C/]);
  await blind.click();
  await expect(blind).toHaveAttribute('aria-pressed', 'false');
  await expect(items.locator('.name')).toHaveText(['Velour R2', 'Pencil S4', 'Lumen C1']);
});

test('adding the last product and removing one keep the focus in the player: number keys switch at once', async ({
  page,
}) => {
  const dialog = await open(page);
  await ready(dialog);
  const items = dialog.getByRole('list').getByRole('listitem');
  const add = dialog.getByLabel('Add a product to compare');
  const addButton = dialog.getByRole('button', { name: 'Add', exact: true });
  const focusInPlayer = () => page.evaluate(() => document.activeElement?.tagName === 'ATK-PLAYER');

  // Each added product's button takes the focus (the Add button is disabled once it has added).
  await add.selectOption({ label: 'Lumen C1 (LC-1)' });
  await addButton.click();
  await expect(items).toHaveCount(3);
  await expect(productButton(dialog, 'Lumen C1')).toBeFocused();
  // The last product that can be added: the Add row goes away with the focused button, the focus stays inside.
  await add.selectOption({ label: 'Brick D7 (BD-7)' });
  await addButton.click();
  await expect(items).toHaveCount(4);
  await expect(add).toHaveCount(0);
  await expect(productButton(dialog, 'Brick D7')).toBeFocused();
  expect(await focusInPlayer()).toBe(true);
  await ready(dialog);
  // Its number key, without a click into the player first, switches to it; another key switches back.
  await page.keyboard.press('1');
  await expect(productButton(dialog, 'Velour R2')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('4');
  await expect(productButton(dialog, 'Brick D7')).toHaveAttribute('aria-pressed', 'true');
  await expect(productButton(dialog, 'Velour R2')).toHaveAttribute('aria-pressed', 'false');

  // Removing a product: the focus goes to its neighbour (the next one; the one before for the last).
  await dialog.getByRole('button', { name: 'Remove Pencil S4' }).click();
  await expect(items).toHaveCount(3);
  await expect(productButton(dialog, 'Lumen C1')).toBeFocused();
  await page.keyboard.press('2');
  await expect(productButton(dialog, 'Lumen C1')).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Remove Brick D7' }).click();
  await expect(items).toHaveCount(2);
  await expect(productButton(dialog, 'Lumen C1')).toBeFocused();
  await page.keyboard.press('1');
  await expect(productButton(dialog, 'Velour R2')).toHaveAttribute('aria-pressed', 'true');
  expect(await focusInPlayer()).toBe(true);
});

test("the enabled feature panels in the instance's order show the selected product; disabled ones are absent", async ({
  page,
}) => {
  const dialog = await open(page);
  const tabs = dialog.getByRole('tab');
  await expect(tabs).toHaveText(['Listening Guide', 'Discography', 'Frequency Graph', 'Tech Specs']);
  await expect(dialog.getByRole('tab', { name: 'Images' })).toHaveCount(0);
  const panel = dialog.getByRole('tabpanel');
  const guideOf = (id: string) =>
    (scene.read.products.find((p) => p._id === id)?.listening_guide ?? '').replace(/<[^>]+>/g, '').trim();

  // Listening Guide: the sanitised HTML of the selected product.
  await expect(panel).toContainText(guideOf(pid('Velour R2')));
  await productButton(dialog, 'Pencil S4').click();
  await expect(panel).toContainText(guideOf(pid('Pencil S4')));
  await expect(panel).not.toContainText(guideOf(pid('Velour R2')));

  // Discography: artist, song, producer/engineer, instruments, Spotify (URI → open.spotify.com) and TIDAL.
  await productButton(dialog, 'Velour R2').click();
  await dialog.getByRole('tab', { name: 'Discography' }).click();
  await expect(panel.getByRole('row').nth(1)).toHaveText(/The Velvet Lines\s*Night Drive\s*Ana Ruiz\s*Lead vocal/);
  const spotify = panel.getByRole('link', { name: 'Night Drive by The Velvet Lines on Spotify' });
  await expect(spotify).toHaveAttribute('href', 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
  await expect(spotify).toHaveAttribute('target', '_blank');
  await expect(spotify).toHaveAttribute('rel', /noopener/);
  await expect(panel.getByRole('link', { name: 'Night Drive by The Velvet Lines on TIDAL' })).toHaveAttribute(
    'href',
    'https://tidal.com/browse/track/77646168',
  );
  // Keyboard: arrows move between tabs.
  await dialog.getByRole('tab', { name: 'Discography' }).press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Frequency Graph' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tab', { name: 'Frequency Graph' })).toBeFocused();

  // Frequency Graph: the product's graph and the seven bands with their ranges and descriptions.
  const graph = panel.getByRole('img', { name: 'Frequency response of Velour R2' });
  await expect(graph).toHaveAttribute('src', VELOUR.frequency_graph.url);
  const bands = panel.getByRole('table').getByRole('row');
  await expect(bands).toHaveCount(8);
  await expect(bands.nth(1)).toContainText(
    `SUB${scene.read.frequency_bands.sub.min} Hz – ${scene.read.frequency_bands.sub.max} Hz`,
  );
  await expect(bands.nth(1)).toContainText(scene.read.frequency_bands.sub.desc);
  await expect(bands.locator('th[scope=row]')).toHaveText(['SUB', 'LOW', 'LO MID', 'MID', 'HI MID', 'HI', 'AIR']);
  await productButton(dialog, 'Pencil S4').click();
  await expect(panel.getByRole('img', { name: 'Frequency response of Pencil S4' })).toHaveAttribute(
    'src',
    PENCIL.frequency_graph.url,
  );

  // Tech Specs: readable sections with only the fields that hold something.
  await dialog.getByRole('tab', { name: 'Tech Specs' }).click();
  await expect(panel.locator('caption')).toHaveText(['BASICS', 'AMPLIFIER & TRANSFORMER', 'DATA']);
  await expect(panel.getByRole('row', { name: 'Type Condenser' })).toBeVisible();
  await expect(panel.getByRole('row', { name: 'Diaphragm class Small' })).toBeVisible();
  await expect(panel.getByRole('row', { name: 'Amplifier FET' })).toBeVisible();
  await expect(panel.getByRole('row', { name: 'Transformerless Yes' })).toBeVisible();
  await expect(panel.getByRole('row', { name: /Frequency range 20 Hz – 20 kHz/ })).toBeVisible();
  await expect(panel).not.toContainText('Ribbon class');
  await expect(panel).not.toContainText('Tube type');
  await productButton(dialog, 'Velour R2').click();
  await expect(panel.locator('caption')).toHaveText(['BASICS', 'DATA', 'PHYSICAL']);
  await expect(panel.getByRole('row', { name: 'Ribbon class Large' })).toBeVisible();
  await expect(panel.getByRole('row', { name: 'Weight 780 g' })).toBeVisible();
});

test('Images: the additional images first when the instance says so, and the 360° view turns by slider and drag', async ({
  page,
}) => {
  const dialog = await open(page, 'Compare B', scene.b.name);
  await expect(dialog.getByRole('tab')).toHaveText(['Images', 'Listening Guide']);
  await expect(dialog.getByRole('tab', { name: 'Discography' })).toHaveCount(0);
  // Display Price is off: no price, but the buy button stays.
  await expect(dialog.getByTestId('price')).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Buy now' })).toBeVisible();

  const panel = dialog.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { level: 4 })).toHaveText(['More images', '360° view']);
  await expect(panel.getByRole('img', { name: 'Velour R2 from the side' })).toHaveAttribute(
    'src',
    VELOUR.images.additional_images[0].url,
  );
  await expect(panel.getByRole('img', { name: 'Velour R2 in its case' })).toBeVisible();
  // The 800×600 pictures are cropped to a square from their centre, never squashed.
  await expectSquare(panel.getByRole('img'));

  const view = panel.getByRole('img', { name: /Velour R2, 360° view/ });
  await expect(view).toHaveAccessibleName('Velour R2, 360° view 1 of 8');
  await expect(view).toHaveAttribute('src', VELOUR.images.group_360[0].url);
  const turn = panel.getByRole('slider', { name: 'Turn' });
  await turn.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(view).toHaveAccessibleName('Velour R2, 360° view 3 of 8');
  await expect(view).toHaveAttribute('src', VELOUR.images.group_360[2].url);
  // Dragging to the left turns it back (past the first view to the last).
  const stage = panel.locator('.spin-stage');
  const box = await stage.boundingBox();
  expect(box).toBeTruthy();
  if (box) {
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 24 * 3, y, { steps: 6 });
    await page.mouse.up();
  }
  await expect(view).toHaveAccessibleName('Velour R2, 360° view 8 of 8');

  // A product without images says so.
  await productButton(dialog, 'Pencil S4').click();
  await expect(panel).toContainText('No images for this product.');
});

test.describe('in Germany', () => {
  test.use({ locale: 'de-DE' });
  test('the price and the buy button follow the visitor currency (EUR), else the default', async ({ page }) => {
    const dialog = await open(page);
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE');
    await expect(dialog.getByTestId('price')).toHaveText('€1.199');
    const buy = dialog.getByRole('link', { name: 'Buy now' });
    await expect(buy).toHaveAttribute('href', 'https://shop.example.com/eu/velour');
    await expect(buy).toHaveAttribute('target', '_blank');
    await expect(buy).toHaveAttribute('rel', /noopener/);
    // Pencil S4 has no euro price: its default one.
    await productButton(dialog, 'Pencil S4').click();
    await expect(dialog.getByTestId('price')).toHaveText('$499');
    // The buy button opens a new tab.
    await page
      .context()
      .route('https://shop.example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Shop</title>' }),
      );
    const [tab] = await Promise.all([page.context().waitForEvent('page'), buy.click()]);
    await expect(tab).toHaveURL('https://shop.example.com/eu/velour');
    expect(await tab.evaluate(() => window.opener)).toBeNull();
  });
});

test.describe('in the United States', () => {
  test.use({ locale: 'en-US' });
  test('a currency without a destination falls back to the default buy button', async ({ page }) => {
    const dialog = await open(page);
    await expect(dialog.getByTestId('price')).toHaveText('$1,299');
    await expect(dialog.getByRole('link', { name: 'Buy now' })).toHaveAttribute(
      'href',
      'https://shop.example.com/us/velour',
    );
  });
});

test('the share link reopens the same product, song and source', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(scene.site.url).origin });
  const dialog = await open(page);
  const vocal = scene.read.songs[0].sources[1];
  await dialog.getByLabel('Source', { exact: true }).selectOption(vocal._id);
  await productButton(dialog, 'Pencil S4').click();
  await dialog.getByRole('button', { name: 'Copy share link' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  const link = await dialog.getByLabel('Share link', { exact: true }).inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe(scene.site.url.replace(/\/$/, '/'));
  expect(Object.fromEntries(url.searchParams)).toEqual({
    atk_instance: scene.a.id,
    atk_product: pid('Pencil S4'),
    atk_song: scene.read.songs[0]._id,
    atk_source: vocal._id,
  });

  // A switch: the box shows the link to what is selected now, and no longer says it was copied.
  await productButton(dialog, 'Velour R2').click();
  await expect(dialog.getByLabel('Share link', { exact: true })).toHaveValue(
    link.replace(pid('Pencil S4'), pid('Velour R2')),
  );
  await expect(dialog.getByText('Link copied')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Copy share link' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(pid('Velour R2'));

  // Another visitor opens the link: the player launches itself with that selection.
  const visitor = await context.browser()?.newContext();
  if (!visitor) throw new Error('no browser');
  try {
    const other = await visitor.newPage();
    await other.goto(link);
    const shared = dialogOf(other);
    await expect(shared).toBeVisible();
    await expect(playerOf(other)).toHaveAttribute('status', 'show');
    await expect(productButton(shared, 'Pencil S4')).toHaveAttribute('aria-pressed', 'true');
    await expect(shared.getByLabel('Source', { exact: true })).toHaveValue(vocal._id);
    await expect(shared.getByLabel('Song', { exact: true })).toHaveValue(scene.read.songs[0]._id);
    // A product outside the featured ones joins the comparison.
    await other.goto(`${scene.site.url}?atk_instance=${scene.a.id}&atk_product=${pid('Brick D7')}`);
    await expect(productButton(dialogOf(other), 'Brick D7')).toHaveAttribute('aria-pressed', 'true');
    await expect(dialogOf(other).getByLabel('Source', { exact: true })).toHaveValue(scene.read.songs[0].sources[0]._id);
  } finally {
    await visitor.close();
  }
});

test("tooltips: each info button shows the server's text for its feature", async ({ page }) => {
  const dialog = await open(page);
  const textOf = (feature: number) =>
    scene.read.tooltips
      .filter((t) => t.feature === feature)
      .map((t) => t.content)
      .join('\n\n');
  const check = async (topic: string, feature: number) => {
    const button = dialog.getByRole('button', { name: `About ${topic}` });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const tooltip = dialog.getByRole('tooltip');
    await expect(tooltip).toHaveText(textOf(feature));
    await expect(button).toHaveAccessibleDescription(textOf(feature));
    await button.click();
    await expect(tooltip).toHaveCount(0);
  };
  expect(scene.read.tooltips.length).toBeGreaterThanOrEqual(10);
  await check('the products', 0);
  await check('blind mode', 1);
  await check('the share link', 2);
  await check('Listening Guide', 3);
  await dialog.getByRole('tab', { name: 'Discography' }).click();
  await check('Discography', 4);
  await dialog.getByRole('tab', { name: 'Tech Specs' }).click();
  await check('Tech Specs', 5);
  await check('the buy button', 7);
  await check('the audio', 8);
  await check('the waveform', 9);
  const b = await open(page, 'Compare B', scene.b.name);
  await b.getByRole('button', { name: 'About Images' }).click();
  await expect(b.getByRole('tooltip')).toHaveText(textOf(6));
});

test('a version that fails to download is told, and the others keep playing', async ({ page }) => {
  const pencil = scene.read.songs[0].sources[0].versions.find((v) => v.product_id === pid('Pencil S4'));
  expect(pencil).toBeTruthy();
  await page.route(new URL(pencil?.url ?? '', baseUrl()).href, (route) => route.abort('failed'));
  const dialog = await open(page);
  await expect(dialog.getByRole('status').filter({ hasText: 'Pencil S4:' })).toContainText(
    /Pencil S4: The audio could not be loaded .*The others keep playing\./,
  );
  await expect(productButton(dialog, 'Pencil S4')).toBeDisabled();
  await expect(productButton(dialog, 'Pencil S4')).toContainText('failed');
  await playButton(dialog).click();
  await expect(playButton(dialog)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => positionOf(dialog)).toBeGreaterThan(0.5);
  await page.keyboard.press('2'); // the failed one: nothing happens
  await expect(productButton(dialog, 'Velour R2')).toHaveAttribute('aria-pressed', 'true');
});

test('a slow download is told while the others play, and joins when it arrives', async ({ page }) => {
  test.setTimeout(90_000);
  const pencil = scene.read.songs[0].sources[0].versions.find((v) => v.product_id === pid('Pencil S4'));
  // The first download of Pencil S4 takes 11 s (past the 8 s the player waits before playing without it).
  let first = true;
  await page.route(new URL(pencil?.url ?? '', baseUrl()).href, async (route) => {
    if (first) {
      first = false;
      await new Promise((resolve) => setTimeout(resolve, 11_000));
    }
    await route.continue().catch(() => undefined);
  });
  const dialog = await open(page);
  await playButton(dialog).click();
  const slow = dialog.getByRole('status').filter({ hasText: 'Pencil S4 is taking a while to download…' });
  await expect(slow).toBeVisible({ timeout: 15_000 });
  await expect(playButton(dialog)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => positionOf(dialog)).toBeGreaterThan(1);
  await expect(productButton(dialog, 'Pencil S4')).toContainText('loading…');
  // It arrives: the message goes, and it can be chosen while the music goes on.
  await expect(slow).toHaveCount(0, { timeout: 20_000 });
  await expect(productButton(dialog, 'Pencil S4')).not.toContainText('loading…');
  await expect(playButton(dialog)).toHaveAttribute('data-state', 'playing', { timeout: 10_000 });
  const before = await positionOf(dialog);
  await page.keyboard.press('2');
  await expect(productButton(dialog, 'Pencil S4')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => positionOf(dialog)).toBeGreaterThan(before);
});

test('launch, play and listening time are sent as events with a visitor id', async ({ page }) => {
  const batches: { visitor_id: string; token?: string; events: Record<string, unknown>[] }[] = [];
  const answers: number[] = [];
  const accepted: number[] = [];
  // Intercepted (a beacon's body is readable there), then sent on to the real server.
  await page.route(`${baseUrl()}${API_BASE}/widget/events`, async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    expect(request.headers()['content-type']).toMatch(/^text\/plain/);
    batches.push(JSON.parse(request.postData() ?? '{}'));
    try {
      const response = await route.fetch();
      answers.push(response.status());
      accepted.push(((await response.json()) as { data: { accepted: number } }).data.accepted);
      await route.fulfill({ response });
    } catch {
      // the page went away meanwhile
    }
  });
  const dialog = await open(page, 'Compare Events', scene.events.name);
  await ready(dialog);
  await playButton(dialog).click();
  await expect.poll(() => positionOf(dialog)).toBeGreaterThan(2);
  await productButton(dialog, 'Pencil S4').click();
  await expect(productButton(dialog, 'Pencil S4')).toHaveAttribute('aria-pressed', 'true');
  // From where the switch happened (on a loaded machine well past 2 s), not from a fixed position.
  const switchedAt = await positionOf(dialog);
  await expect.poll(() => positionOf(dialog)).toBeGreaterThan(switchedAt + 1.5);
  // Closing sends what has gathered (a beacon, text/plain JSON).
  await dialog.getByRole('button', { name: 'Close player' }).click();
  // The launch went long before: the close's batch is the one that carries the listening to the last product.
  const sent = () => batches.flatMap((b) => b.events);
  await expect.poll(() => sent().some((e) => e.type === 'listen' && e.product_id === pid('Pencil S4'))).toBe(true);
  const events = sent();
  const visitor = batches[0].visitor_id;
  // The launch goes first, alone; the batches after it carry the token its answer gave, and the server counts them.
  expect(batches[0].events).toEqual([{ type: 'launch', instance_id: scene.events.id }]);
  expect(batches[0].token).toBeUndefined();
  expect(batches.slice(1).every((b) => typeof b.token === 'string')).toBe(true);
  await expect.poll(() => accepted.length).toBe(batches.length);
  expect(accepted.slice(1).every((n, i) => n === batches[i + 1].events.length)).toBe(true);
  expect(visitor).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // Kept with the day it was made (docs/api.md "The visitor id on the device").
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('atk-player-visitor') ?? 'null'));
  expect(kept.id).toBe(visitor);
  expect(Math.abs(kept.created - Date.now())).toBeLessThan(600_000);
  const song = scene.read.songs[0];
  expect(events).toContainEqual({ type: 'launch', instance_id: scene.events.id });
  expect(events).toContainEqual({
    type: 'play',
    instance_id: scene.events.id,
    product_id: pid('Velour R2'),
    song_id: song._id,
    source_id: song.sources[0]._id,
  });
  const listened = (id: string) =>
    events.filter((e) => e.type === 'listen' && e.product_id === id).reduce((sum, e) => sum + Number(e.seconds), 0);
  expect(listened(pid('Velour R2'))).toBeGreaterThan(1.5);
  expect(listened(pid('Pencil S4'))).toBeGreaterThan(0.5);

  // The same visitor id next time.
  await page.getByRole('button', { name: 'Compare Events' }).click();
  await dialogOf(page, scene.events.name).getByRole('button', { name: 'Close player' }).click();
  await expect.poll(() => batches.length).toBeGreaterThan(1);
  expect(batches[batches.length - 1].visitor_id).toBe(visitor);
  await expect.poll(() => answers.length).toBe(batches.length);
  expect(answers.every((status) => status === 200)).toBe(true);
});

test('privacy="strict": nothing is written to the device, no visitor id is sent, and the launch still counts', async ({
  page,
}) => {
  const base = baseUrl();
  const site = await serveElsewhere(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A strict page</title>
<link rel="stylesheet" href="${base}/player/atk-player.css">
<script src="${base}/player/atk-player.js" defer></script></head>
<body><button type="button" onclick="var p = document.querySelector('atk-player');
  p.setAttribute('instance-id', '${scene.events.id}'); p.setAttribute('status', 'show')">Compare strictly</button>
<atk-player privacy="strict"></atk-player></body></html>`);
  try {
    // The figures the brand's statistics screens read: today's launches of the instance, and its strict launches.
    const read = async <T>(path: string) => {
      const res = await fetch(`${base}${STATISTICS_BASE}${path}`, {
        headers: { authorization: `Bearer ${scene.lab}` },
      });
      return ((await res.json()) as { data: T }).data;
    };
    const range = `start=${utcToday()}&end=${utcToday()}`;
    const figures = async () => ({
      launches: (await read<LaunchSeries>(`/statistics/instance/launch/daily?${range}&instance_id=${scene.events.id}`))
        .total_num,
      strict: (await read<DailySeries>(`/statistics/brand/visitors/daily?${range}`)).strict_launches,
    });
    const before = await figures();
    const batches: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url() === `${base}${API_BASE}/widget/events` && r.method() === 'POST')
        batches.push(JSON.parse(r.postData() ?? '{}'));
    });
    await page.goto(site.url);
    await page.getByRole('button', { name: 'Compare strictly' }).click();
    const dialog = dialogOf(page, scene.events.name);
    await expect(dialog).toBeVisible();
    await ready(dialog);
    await dialog.getByRole('button', { name: 'Close player' }).click();
    await expect.poll(() => batches.length).toBeGreaterThan(0);
    expect(batches[0]).toMatchObject({ privacy: 'strict', events: [{ type: 'launch', instance_id: scene.events.id }] });
    expect(batches.every((b) => b.visitor_id === undefined && b.privacy === 'strict')).toBe(true);
    await expect.poll(figures).toEqual({ launches: before.launches + 1, strict: before.strict + 1 });
    expect(
      await page.evaluate(async () => ({
        local: localStorage.length,
        session: sessionStorage.length,
        cookie: document.cookie,
        databases: indexedDB.databases ? (await indexedDB.databases()).length : 0,
      })),
    ).toEqual({ local: 0, session: 0, cookie: '', databases: 0 });
  } finally {
    await new Promise((resolve) => site.server.close(resolve));
  }
});

test('keyboard and screen readers: focus stays in the dialog and returns; axe finds nothing serious', async ({
  page,
}) => {
  const dialog = await open(page);
  await ready(dialog);
  await scanEveryState(page, dialog, 'desktop');

  // Every control is reachable and the focus never leaves the dialog, both ways.
  const inPlayer = () => page.evaluate(() => document.activeElement?.tagName === 'ATK-PLAYER');
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(await inPlayer()).toBe(true);
    seen.add(
      await playerOf(page).evaluate((el) => {
        const a = el.shadowRoot?.activeElement as HTMLElement | null;
        return a ? `${a.tagName}:${a.getAttribute('aria-label') ?? a.textContent?.trim().slice(0, 20)}` : '';
      }),
    );
  }
  for (const label of ['BUTTON:Close player', 'SELECT:', 'BUTTON:Play', 'CANVAS:Playback position', 'A:Buy now'])
    expect(
      [...seen].some((s) => s.startsWith(label)),
      label,
    ).toBe(true);
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inPlayer()).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Compare A' })).toBeFocused();

  // The mini panel: non-modal, high on the page, and clean for axe too.
  await page.getByRole('button', { name: 'Mini A' }).click();
  const mini = dialogOf(page);
  await expect(mini).toHaveAttribute('aria-modal', 'false');
  await expect(mini.getByRole('list').getByRole('listitem')).toHaveCount(2);
  expect(Number(await mini.evaluate((p) => getComputedStyle(p).zIndex))).toBeGreaterThan(1_000_000);
  const box = await mini.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) {
    expect(Math.round(viewport.width - (box.x + box.width))).toBe(24);
    expect(Math.round(viewport.height - (box.y + box.height))).toBe(24);
  }
  await expectAccessible(page, 'mini', { include: 'atk-player' });
});

/** axe on the open player: every tab, blind mode with a tooltip open, the share link shown. */
async function scanEveryState(page: Page, dialog: Locator, width: string) {
  const scan = (state: string) => expectAccessible(page, `the player at ${width}: ${state}`, { include: 'atk-player' });
  await scan('opened');
  for (const tab of ['Discography', 'Frequency Graph', 'Tech Specs', 'Listening Guide']) {
    await dialog.getByRole('tab', { name: tab }).click();
    await scan(tab);
  }
  await dialog.getByRole('button', { name: 'About the audio' }).click();
  await scan('a tooltip open');
  await dialog.getByRole('button', { name: 'About the audio' }).click();
  await dialog.getByRole('button', { name: 'Blind mode', exact: true }).click();
  await dialog.getByRole('button', { name: 'About blind mode' }).click();
  await scan('blind mode with a tooltip');
  await dialog.getByRole('button', { name: 'Copy share link' }).click();
  await scan('share link');
}

test('at phone width (390 px) the open player, every tab and the mini panel pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await open(page);
  await ready(dialog);
  await scanEveryState(page, dialog, '390 px');
  await dialog.getByRole('button', { name: 'Close player' }).click();
  await page.getByRole('button', { name: 'Mini A' }).click();
  await expect(dialogOf(page)).toHaveAttribute('aria-modal', 'false');
  await expectAccessible(page, 'mini at 390 px', { include: 'atk-player' });
});

test('a switch is announced; space on a product button plays and pauses; the keys hint needs a keyboard', async ({
  page,
  browser,
}) => {
  const dialog = await open(page);
  await ready(dialog);
  const announced = dialog.getByTestId('selected-announcement');
  await expect(announced).toHaveText('Velour R2 selected');
  await expect(dialog.getByText('Keys 1–2 switch')).toBeVisible();

  // Space on the focused (unselected) product button plays, again pauses; the button is not pressed by it.
  const pencil = productButton(dialog, 'Pencil S4');
  await pencil.focus();
  await page.keyboard.press('Space');
  await expect(playButton(dialog)).toHaveAccessibleName('Pause');
  await expect(pencil).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(playButton(dialog)).toHaveAccessibleName('Play');
  await expect(pencil).toHaveAttribute('aria-pressed', 'false');
  await expect(pencil).toBeFocused();
  // Enter presses it; the polite live region says which product is heard now.
  await page.keyboard.press('Enter');
  await expect(pencil).toHaveAttribute('aria-pressed', 'true');
  await expect(announced).toHaveText('Pencil S4 selected');
  await expect(announced).toHaveAttribute('aria-live', 'polite');

  // Reduced motion: the level switch does not slide. Forced colours: the selected product keeps a mark.
  const slide = () => dialog.locator('.track').evaluate((t) => getComputedStyle(t, '::after').transitionDuration);
  expect(await slide()).toBe('0.15s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await slide()).toBe('0s');
  const outline = (b: Locator) => b.evaluate((el) => getComputedStyle(el).outlineStyle);
  await page.emulateMedia({ forcedColors: 'active' });
  expect(await outline(pencil)).toBe('solid');
  expect(await outline(productButton(dialog, 'Velour R2'))).toBe('none');

  // A touch-only device has no number keys to press: no hint there.
  const phone = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  try {
    const touch = await open(await phone.newPage());
    await expect(touch.getByRole('list').getByRole('listitem')).toHaveCount(2);
    await expect(touch.getByText('Keys 1–2 switch')).toBeHidden();
  } finally {
    await phone.close();
  }
});

test('the info tips at the right edge stay inside the player and the screen, on a desktop and a phone', async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const dialog = await open(page);
    const frame = await dialog.boundingBox();
    for (const topic of ['the audio', 'the waveform']) {
      await dialog.getByRole('button', { name: `About ${topic}` }).click();
      const tip = await dialog.getByRole('tooltip').boundingBox();
      expect(tip && frame, topic).toBeTruthy();
      if (!tip || !frame) continue;
      const where = `${topic} at ${width} px`;
      expect(tip.x, where).toBeGreaterThanOrEqual(Math.max(0, frame.x));
      expect(tip.x + tip.width, where).toBeLessThanOrEqual(Math.min(width, frame.x + frame.width));
      await dialog.getByRole('button', { name: `About ${topic}` }).click();
    }
  }
});
