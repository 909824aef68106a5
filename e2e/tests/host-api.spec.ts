/**
 * The player speaks the host page's language (docs/api.md "The player on the host page"): a brand's page on another
 * origin listens to every event while a visitor plays, seeks, switches, votes and clicks Buy, each once, in order,
 * with its documented detail; its own buttons open the player on a product and play it through the methods; with
 * `analytics="datalayer"` its dataLayer gets the documented entries, without it nothing; the consent attribute decides
 * what the player stores; Forget me erases the device's id; a buy click is counted and its link opens even when the
 * statistics cannot be reached. Against the real server and the demo audio.
 */
import type { Server } from 'node:http';
import { DEFAULT_FEATURES, PLAYER_HOST_EVENTS, STATISTICS_BASE, utcToday } from '@atk/contract';
import { expect, type Page, type Request, test } from '@playwright/test';
import { EXPECTED_EVENTS } from '../engines/host-scenario.ts';
import { api, apiLogin, baseUrl, DEMO, ok, serveElsewhere, type VotingScene, votingInstance } from './support.ts';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const EVENTS = PLAYER_HOST_EVENTS;

let scene: VotingScene;
let site: { url: string; server: Server };
let shop: string;
/** The product the first test's buy click named. */
let bought = '';

/**
 * The brand's page: the loader, the element (its analytics and consent from the query: `a`, `c`), a Listen button
 * per product that opens the player on it and plays it, and a log of every event the element dispatches.
 */
const page = (instance: string, products: { id: string; name: string }[]) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Our microphones</title>
<link rel="stylesheet" href="${baseUrl()}/player/atk-player.css">
<script src="${baseUrl()}/player/atk-player.js" defer></script>
</head><body><h1>Our microphones</h1>
${products.map((p) => `<button type="button" data-atk-product="${p.id}">Listen to the ${p.name}</button>`).join('\n')}
<atk-player></atk-player>
<script>
var q = new URLSearchParams(location.search);
var player = document.querySelector('atk-player');
if (q.get('a')) player.setAttribute('analytics', q.get('a'));
if (q.get('c')) player.setAttribute('consent', q.get('c'));
window.atkLog = [];
${JSON.stringify(EVENTS)}.forEach(function (name) {
  document.addEventListener(name, function (e) {
    atkLog.push({ type: e.type, detail: e.detail, bubbles: e.bubbles, composed: e.composed, target: e.target.tagName });
  });
});
document.addEventListener('click', function (e) {
  var b = e.target.closest && e.target.closest('[data-atk-product]');
  if (!b) return;
  customElements.whenDefined('atk-player')
    .then(function () { return player.open({ instance: '${instance}', product: b.dataset.atkProduct }); })
    .then(function (p) { return p.play(); })
    .catch(function (err) { atkLog.push({ type: 'method-error', message: err.message }); });
});
</script></body></html>`;

type Logged = { type: string; detail: Record<string, unknown>; bubbles: boolean; composed: boolean; target: string };
const log = (p: Page) => p.evaluate(() => (window as unknown as { atkLog: Logged[] }).atkLog);
const types = async (p: Page) => (await log(p)).map((e) => e.type);
const last = async (p: Page, type: string) => (await log(p)).filter((e) => e.type === type).at(-1)?.detail;
const dialogOf = (p: Page) => p.locator('atk-player').getByRole('dialog', { name: scene.instance.name });
const playerState = (p: Page) =>
  p.evaluate(() => {
    const el = document.querySelector('atk-player') as unknown as {
      isOpen: boolean;
      playing: boolean;
      position: number;
      selectedProduct: string | null;
      selectedSong: string | null;
      selectedSource: string | null;
      instanceId: string | null;
    };
    return {
      isOpen: el.isOpen,
      playing: el.playing,
      position: el.position,
      selectedProduct: el.selectedProduct,
      selectedSong: el.selectedSong,
      selectedSource: el.selectedSource,
      instanceId: el.instanceId,
    };
  });

/** What the player sent to POST /widget/events: each batch's body (beacons included). */
function batches(p: Page): { visitor_id?: string; privacy?: string; events: { type: string }[] }[] {
  const sent: { visitor_id?: string; privacy?: string; events: { type: string }[] }[] = [];
  p.on('request', (r: Request) => {
    if (r.method() === 'POST' && r.url().endsWith('/widget/events')) sent.push(JSON.parse(r.postData() ?? '{}'));
  });
  return sent;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  scene = await votingInstance('Host API');
  site = await serveElsewhere(page(scene.instance.id, scene.products));
  shop = `${site.url}?shop=velour`;
  const token = await apiLogin(scene.customer.email, scene.customer.password);
  const put = (body: unknown) => ok(api('PUT', `/instances/${scene.instance.id}`, { token, body }));
  await put({ buttons: { default: { currency: 'USD', symbol: '$', url: shop }, list: [] } });
  await put({ features: { ...DEFAULT_FEATURES, listener_votes: { is_enable: 1 }, utm_tags: { is_enable: 1 } } });
});
test.afterAll(() => new Promise<void>((resolve) => (site ? site.server.close(() => resolve()) : resolve())));

test('a page on another origin hears every event once, in order, while a visitor plays, seeks, switches, votes and buys', async ({
  page: p,
}) => {
  const [velour, pencil] = scene.products;
  await p.goto(`${site.url}?a=datalayer`);
  // The page's own button opens the player on the Velour R2 and plays it, through the methods.
  await p.getByRole('button', { name: 'Listen to the Velour R2' }).click();
  const dialog = dialogOf(p);
  await expect(dialog).toBeVisible();
  await expect.poll(() => types(p), { timeout: 30_000 }).toContain('atk-play');
  expect(await playerState(p)).toMatchObject({
    isOpen: true,
    playing: true,
    selectedProduct: velour.id,
    instanceId: scene.instance.id,
  });
  const ready = await last(p, 'atk-ready');
  expect(ready).toMatchObject({ instance: scene.instance.id, name: scene.instance.name });
  expect(((ready?.products ?? []) as { id: string; name: string }[]).map((x) => x.name).sort()).toEqual(
    [velour.name, pencil.name].sort(),
  );
  const state = await playerState(p);
  expect(await last(p, 'atk-play')).toMatchObject({
    instance: scene.instance.id,
    product: velour.id,
    song: state.selectedSong,
    source: state.selectedSource,
  });
  expect(state.selectedSong).toMatch(/^[0-9a-f-]{36}$/);

  // Seek five seconds on; level matching off; a blind test, hearing each product, then a vote.
  const slider = dialog.getByRole('slider', { name: 'Playback position' });
  await slider.focus();
  await p.keyboard.press('ArrowRight');
  await expect.poll(() => types(p)).toContain('atk-seek');
  await dialog.getByRole('switch', { name: 'Level matching' }).click();
  await dialog.getByRole('button', { name: 'Blind mode', exact: true }).click();
  const hearOn = async () => {
    const from = (await playerState(p)).position;
    await expect.poll(async () => (await playerState(p)).position, { timeout: 30_000 }).toBeGreaterThan(from + 7);
  };
  await hearOn();
  await dialog.getByRole('list').getByRole('button', { pressed: false }).click();
  await hearOn();
  const question = dialog.getByText('Which did you prefer?');
  await expect(question).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('group').getByRole('button', { name: 'Product A', exact: true }).click();
  await expect(dialog.getByText(/^Your pick:/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(() => types(p)).toContain('atk-pause');

  // Buy now: told to the page, counted, and the shop opens (with the instance's UTM tags).
  const popup = p.waitForEvent('popup');
  await dialog.getByRole('link', { name: 'Buy now' }).click();
  const shopPage = await popup;
  await expect(shopPage).toHaveURL(
    /shop=velour&utm_source=atk-player&utm_medium=referral&utm_campaign=host-api-player-/,
  );
  await shopPage.close();
  await dialog.getByRole('button', { name: 'Close player' }).click();
  await expect.poll(() => types(p)).toContain('atk-close');

  const events = await log(p);
  // The story WebKit and Firefox run too (../engines/host-scenario.ts): the same events in the same order.
  expect(events.map((e) => e.type)).toEqual(EXPECTED_EVENTS);
  for (const e of events) expect(e).toMatchObject({ bubbles: true, composed: true, target: 'ATK-PLAYER' });
  const detail = (type: string) => events.find((e) => e.type === type)?.detail as Record<string, unknown>;
  const seek = detail('atk-seek') as { from: number; to: number };
  expect(seek.to - seek.from).toBeCloseTo(5, 0);
  expect(detail('atk-level-match')).toEqual({ instance: scene.instance.id, on: false });
  const switched = detail('atk-switch') as { from: string; to: string; blind: boolean; position: number };
  expect(switched.blind).toBe(true);
  expect([switched.from, switched.to].sort()).toEqual([velour.id, pencil.id].sort());
  expect(switched.position).toBeGreaterThan(7);
  const vote = detail('atk-vote') as { pick: string; products: string[] };
  expect(vote.products.slice().sort()).toEqual([velour.id, pencil.id].sort());
  expect(vote.pick).toBe(vote.products[0]);
  expect(detail('atk-reveal')).toEqual({ instance: scene.instance.id, products: vote.products, pick: vote.pick });
  expect(detail('atk-buy-click')).toMatchObject({
    instance: scene.instance.id,
    product: switched.to,
    link: 'default',
    retailer: null,
    currency: 'USD',
  });
  expect(detail('atk-buy-click').url).toContain('utm_source=atk-player');

  // The page's dataLayer: the same events under the documented names, the buy click as GA4's begin_checkout.
  const layer = await p.evaluate(() => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer);
  expect(layer.map((entry) => entry.event ?? null)).toEqual([
    'atk_open',
    'atk_ready',
    'atk_play',
    'atk_seek',
    'atk_level_match',
    'atk_switch',
    'atk_vote',
    'atk_reveal',
    'atk_pause',
    null,
    'begin_checkout',
    'atk_close',
  ]);
  expect(layer[2]).toMatchObject({ atk_instance: scene.instance.id, atk_product: velour.id });
  expect(layer[9]).toEqual({ ecommerce: null });
  expect(layer[10]).toMatchObject({
    atk_product: switched.to,
    ecommerce: { currency: 'USD', items: [{ item_id: switched.to, quantity: 1, affiliation: 'buy button' }] },
  });

  bought = switched.to;
});

test('the buy click is counted once, for the product it named (GET …/statistics/products: clicks)', async () => {
  const token = await apiLogin(scene.customer.email, scene.customer.password);
  const today = utcToday();
  await expect
    .poll(async () => {
      const res = await fetch(
        `${baseUrl()}${STATISTICS_BASE}/statistics/products?start=${today}&end=${today}&instance_id=${scene.instance.id}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const body = (await res.json()) as { data: { list: { product_id: string; clicks: number }[] } };
      return body.data.list.find((row) => row.product_id === bought)?.clicks;
    })
    .toBe(1);
});

test('methods wait for the player, select and seek it, and name a bad argument; no dataLayer unless asked', async ({
  page: p,
}) => {
  const [velour, pencil] = scene.products;
  await p.goto(site.url);
  const result = await p.evaluate(
    async ({ instance, velour, pencil }) => {
      await customElements.whenDefined('atk-player');
      const el = document.querySelector('atk-player') as unknown as {
        open(o: object): Promise<unknown>;
        play(): Promise<void>;
        select(id: string): Promise<void>;
        seek(s: number): Promise<void>;
        pause(): Promise<void>;
        selectedProduct: string | null;
        playing: boolean;
        position: number;
      };
      const failure = (call: Promise<unknown>) =>
        call.then(
          () => 'no error',
          (e: Error) => e.message,
        );
      const beforeOpen = await failure(el.play());
      // Called at once, before the player's code and its instance are in: they wait.
      const opening = el.open({ instance, product: pencil });
      await el.play();
      await opening;
      const first = el.selectedProduct;
      await el.select(velour);
      await el.seek(10);
      const afterSeek = el.position;
      await el.pause();
      return {
        beforeOpen,
        first,
        now: el.selectedProduct,
        afterSeek,
        playing: el.playing,
        unknown: await failure(el.select('no-such-product')),
        badSeek: await failure(el.seek(-1)),
        dataLayer: typeof (window as unknown as { dataLayer?: unknown }).dataLayer,
      };
    },
    { instance: scene.instance.id, velour: velour.id, pencil: pencil.id },
  );
  expect(result).toMatchObject({
    beforeOpen: 'play(): the player is not open: call open() first',
    first: pencil.id,
    now: velour.id,
    playing: false,
    unknown: 'select(): this player has no product "no-such-product"',
    badSeek: 'seek(): seconds must be a number of 0 or more, not -1',
    dataLayer: 'undefined',
  });
  expect(result.afterSeek).toBeGreaterThanOrEqual(10);
  expect(await types(p)).toEqual(['atk-open', 'atk-ready', 'atk-play', 'atk-switch', 'atk-seek', 'atk-pause']);
});

test('consent pending stores nothing and counts as strict; granted stores the id and the next batch is standard', async ({
  page: p,
}) => {
  const sent = batches(p);
  await p.goto(`${site.url}?c=pending`);
  await p.getByRole('button', { name: 'Listen to the Pencil S4' }).click();
  await expect.poll(() => types(p), { timeout: 30_000 }).toContain('atk-play');
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  expect(sent.every((b) => b.privacy === 'strict' && b.visitor_id === undefined)).toBe(true);
  expect(await p.evaluate(() => localStorage.length)).toBe(0);

  const before = sent.length;
  await p.evaluate(() =>
    (document.querySelector('atk-player') as unknown as { setConsent(c: string): void }).setConsent('granted'),
  );
  await expect.poll(() => sent.length).toBeGreaterThan(before);
  const next = sent[before];
  expect(next.privacy).toBeUndefined();
  expect(next.visitor_id).toMatch(/^[0-9a-f-]{36}$/);
  const kept = await p.evaluate(() => JSON.parse(localStorage.getItem('atk-player-visitor') ?? 'null'));
  expect(kept.id).toBe(next.visitor_id);
  expect(Math.abs(kept.created - Date.now())).toBeLessThan(60_000);

  // Withdrawn: the id leaves the device, and the next batch is strict again.
  const granted = sent.length;
  await p.evaluate(() =>
    (document.querySelector('atk-player') as unknown as { setConsent(c: string): void }).setConsent('denied'),
  );
  await expect.poll(() => sent.length).toBeGreaterThan(granted);
  expect(sent[granted].privacy).toBe('strict');
  expect(await p.evaluate(() => localStorage.getItem('atk-player-visitor'))).toBeNull();
});

test('an id older than 13 months is replaced; Forget me erases the device id and asks the server to forget it', async ({
  page: p,
}) => {
  const old = { id: crypto.randomUUID(), created: Date.now() - 400 * 24 * 3600 * 1000 };
  await p.goto(site.url);
  await p.evaluate((old) => localStorage.setItem('atk-player-visitor', JSON.stringify(old)), old);
  const sent = batches(p);
  await p.getByRole('button', { name: 'Listen to the Velour R2' }).click();
  await expect.poll(() => sent.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const id = sent[0].visitor_id;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(id).not.toBe(old.id);

  const forget = p.waitForRequest((r) => r.url().endsWith('/widget/forget'));
  const dialog = dialogOf(p);
  await dialog.getByRole('button', { name: 'About & help' }).click();
  const privacy = dialog.getByRole('region', { name: 'Your privacy' });
  await privacy.getByRole('button', { name: 'Forget me' }).click();
  expect(JSON.parse((await forget).postData() ?? '{}')).toEqual({ visitor_id: id });
  await expect(privacy.getByRole('status')).toHaveText('What this browser’s visits left on the server is erased');
  await expect(privacy.getByText('This player stores nothing on your device.')).toBeVisible();
  expect(await p.evaluate(() => localStorage.getItem('atk-player-visitor'))).toBeNull();
  // The operators' visitors list no longer holds it.
  const admin = await apiLogin(DEMO.global_admin);
  const res = await fetch(`${baseUrl()}${STATISTICS_BASE}/admin/player/visitors?page_size=100`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const listed = (await res.json()) as { code: number; data: { list: { _id: string }[] } };
  expect(listed.code).toBe(200);
  expect(listed.data.list.map((v) => v._id)).not.toContain(id);
});

test('the buy link opens even when the statistics cannot be reached', async ({ page: p }) => {
  await p.route('**/widget/events', (route) => route.abort());
  await p.goto(site.url);
  await p.getByRole('button', { name: 'Listen to the Velour R2' }).click();
  const dialog = dialogOf(p);
  await expect.poll(() => types(p), { timeout: 30_000 }).toContain('atk-ready');
  const popup = p.waitForEvent('popup');
  await dialog.getByRole('link', { name: 'Buy now' }).click();
  await expect(await popup).toHaveURL(/shop=velour/);
  expect(await types(p)).toContain('atk-buy-click');
});
