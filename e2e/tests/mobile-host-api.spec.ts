/**
 * The mobile widget speaks the host page's language as `<atk-player>` does (docs/api.md "The player on the host
 * page"), on a phone (Pixel 7 emulation): a brand's page on another origin opens `<atk-mobile-player>` on a product
 * and plays it through the methods, selects another, and hears each event once, in order; a tap on a retailer in
 * DEALS is told as a buy click naming the retailer and is counted; the link opens.
 */
import { STATISTICS_BASE, utcToday } from '@atk/contract';
import { devices, expect, type Page, test } from '@playwright/test';
import {
  apiLogin,
  baseUrl,
  DEMO,
  demoMicrophones,
  mobileScene,
  mobileSettingsTurn,
  serveElsewhere,
  v1,
} from './support.ts';

const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use({ ...pixel7, actionTimeout: 15_000 });
test.setTimeout(120_000);

const RETAILER = `Host Shop ${Date.now().toString(36)}`;
let instanceId: string;
let name: string;
let retailerId: string;
const products: { id: string; name: string }[] = [];
let site: Awaited<ReturnType<typeof serveElsewhere>>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  name = `Mobile Host ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const scene = await mobileScene(name);
  instanceId = scene.instanceId;
  products.splice(0, products.length, ...scene.products);
  site = await serveElsewhere(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Our microphones</title>
<script src="${baseUrl()}/player/atk-mobile.js" defer></script>
</head><body><h1>Our microphones</h1>
<atk-mobile-player></atk-mobile-player>
<script>
window.atkLog = [];
['atk-ready', 'atk-open', 'atk-close', 'atk-play', 'atk-pause', 'atk-switch', 'atk-buy-click', 'atk-error'].forEach(
  function (n) { document.addEventListener(n, function (e) { atkLog.push({ type: e.type, detail: e.detail }); }); });
</script></body></html>`);
  const atk = await apiLogin(DEMO.atk);
  retailerId = (await v1<{ _id: string }>('POST', '/admin/retailers', atk, {}))._id;
  await v1('PUT', `/admin/retailers/${retailerId}`, atk, {
    name: RETAILER,
    status: '1',
    website: `${site.url}?deal=1`,
  });
});

test.afterAll(async () => {
  if (site) await new Promise((resolve) => site.server.close(resolve));
});

type Logged = { type: string; detail: Record<string, unknown> };

/** Today's buy clicks of a demo microphone in the mobile widget, as the operators read its brand's products. */
async function mobileClicks(productId: string): Promise<number> {
  const admin = await apiLogin(DEMO.global_admin);
  const [mic] = (await demoMicrophones()).filter((m) => m._id === productId);
  const today = utcToday();
  const res = await fetch(
    `${baseUrl()}${STATISTICS_BASE}/admin/statistics/products?brand_id=${mic.general.brand_id}&widget_type=mobile&start=${today}&end=${today}`,
    { headers: { authorization: `Bearer ${admin}` } },
  );
  const body = (await res.json()) as {
    code: number;
    msg: string;
    data: { list: { product_id: string; clicks: number }[] };
  };
  expect(body.code, body.msg).toBe(200);
  return body.data.list.find((row) => row.product_id === productId)?.clicks ?? 0;
}
const log = (p: Page) => p.evaluate(() => (window as unknown as { atkLog: Logged[] }).atkLog);

test('a page opens the widget on a product, plays and switches it through the methods, and hears DEALS clicks', async ({
  page,
}) => {
  const clicksBefore = await mobileClicks(products[0].id);
  // DEALS is in the widget's menu unless an operator's test takes it out: hold the settings' turn meanwhile.
  const release = await mobileSettingsTurn();
  try {
    const [first, second] = products;
    await page.goto(site.url);
    const state = await page.evaluate(
      async ({ instanceId, first, second }) => {
        await customElements.whenDefined('atk-mobile-player');
        const el = document.querySelector('atk-mobile-player') as unknown as {
          open(o: object): Promise<unknown>;
          play(): Promise<void>;
          select(id: string): Promise<void>;
          selectedProduct: string | null;
          playing: boolean;
        };
        await el.open({ instance: instanceId, product: second });
        await el.play();
        const opened = el.selectedProduct;
        await el.select(first);
        return { opened, now: el.selectedProduct, playing: el.playing };
      },
      { instanceId, first: first.id, second: second.id },
    );
    expect(state).toEqual({ opened: second.id, now: first.id, playing: true });

    const w = page.locator('atk-mobile-player').getByRole('dialog', { name });
    await w.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'DEALS', exact: true }).tap();
    const popup = page.waitForEvent('popup');
    await w.getByRole('link', { name: RETAILER }).tap();
    await expect(await popup).toHaveURL(/deal=1/);
    await w.getByRole('button', { name: 'Close player' }).tap();

    const events = await log(page);
    expect(events.map((e) => e.type)).toEqual([
      'atk-open',
      'atk-ready',
      'atk-play',
      'atk-switch',
      'atk-buy-click',
      'atk-close',
    ]);
    expect(events[3].detail).toMatchObject({ instance: instanceId, from: second.id, to: first.id, blind: false });
    expect(events[4].detail).toEqual({
      instance: instanceId,
      product: first.id,
      productName: first.name,
      brand: expect.any(String),
      link: 'retailer',
      retailer: retailerId,
      retailerName: RETAILER,
      url: `${site.url}?deal=1`,
      price: null,
      currency: null,
    });
  } finally {
    await release();
  }

  // Counted once for the product, in its brand's mobile figures (the operators' product statistics).
  await expect.poll(() => mobileClicks(products[0].id)).toBe(clicksBefore + 1);
});
