/**
 * A blind vote through the mobile widget (docs/api.md "Listener verdicts"), on a phone (Pixel 7 emulation): the atk
 * operator's mobile instance of two products has Listener votes on; a visitor's page opens `<atk-mobile-player>`, Blind
 * mode shuffles the two slots under Product A and Product B, a tap and a swipe switch between them, and once each was
 * heard 7 s the widget asks "Which did you prefer?". The vote reveals the names with the pick marked, and the
 * operators' preferences read (widget_type mobile) shows it. Switched off on the console's General tab, the widget's
 * blind mode asks nothing.
 */
import { LABEL, type MobilePlayerInstance, MSG, STATISTICS_BASE } from '@atk/contract';
import { devices, expect, type Locator, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInAs } from './lists.ts';
import { api, apiLogin, baseUrl, DEMO, hearFor, mobileScene, serveElsewhere, swipe, toast, v1 } from './support.ts';

// The phone, but our own Chromium (the config's launchOptions stay).
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use({ ...pixel7, actionTimeout: 15_000 });
test.describe.configure({ mode: 'serial' });

let instanceId: string;
let name: string;
const products: { id: string; name: string }[] = [];
let site: Awaited<ReturnType<typeof serveElsewhere>>;
let atk: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  atk = await apiLogin(DEMO.atk);
  name = `Mobile Vote ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const scene = await mobileScene(name, { listener_votes: 1 });
  instanceId = scene.instanceId;
  products.splice(0, products.length, ...scene.products);
  // The operator's read gives the switch back on, and so does the widget's.
  const read = await v1<{ general: { listener_votes: number } }>('GET', `/atk/mobile/instances/${instanceId}`, atk);
  expect(read.general.listener_votes).toBe(1);
  const widget = await api<MobilePlayerInstance>('GET', `/widget/mobile_instances/${instanceId}`);
  expect(widget.data.listener_votes).toBe(1);
  site = await serveElsewhere(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Our microphones</title>
<script src="${baseUrl()}/player/atk-mobile.js" defer></script>
</head><body><h1>Our microphones</h1>
<atk-mobile-player instance-id="${instanceId}" status="show"></atk-mobile-player></body></html>`);
});

test.afterAll(async () => {
  if (site) await new Promise((resolve) => site.server.close(resolve));
});

const slot = (w: Locator, label: string) =>
  w.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^\\d\\s*${label}`) });
const question = (w: Locator) => w.getByRole('group', { name: 'Which did you prefer?' });
const realName = async (w: Locator, blind: string) => {
  const id = await slot(w, blind).getAttribute('data-product');
  return products.find((p) => p.id === id)?.name ?? '';
};

test('blind mode on the phone: two products heard 7 s each, the question, the vote and the reveal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(site.url);
  const w = page.locator('atk-mobile-player').getByRole('dialog', { name });
  await expect(w).toBeVisible({ timeout: 30_000 });
  const play = w.getByTestId('mobile-play');
  await expect(play).toBeEnabled({ timeout: 30_000 });
  const slots = w.getByRole('list', { name: 'Products' }).getByRole('button');
  await expect(slots).toHaveCount(2);
  await expect(question(w)).toHaveCount(0);

  // Blind mode: the names, pictures and prices go; Product A and Product B in a shuffled order.
  const blind = w.getByRole('button', { name: 'Blind mode', exact: true });
  await expect(blind).toHaveAttribute('aria-pressed', 'false');
  await blind.tap();
  await expect(blind).toHaveAttribute('aria-pressed', 'true');
  await expect(w.getByRole('button', { name: 'Reveal products', exact: true })).toBeVisible();
  await expect(slots.locator('.pname')).toHaveText(['Product A', 'Product B']);
  for (const p of products) await expect(w.getByRole('list', { name: 'Products' })).not.toContainText(p.name);
  await expect(w.getByRole('list', { name: 'Products' }).locator('img')).toHaveCount(0);
  await expect(w.locator('.price')).toHaveCount(0);

  // Product A by a tap, 7 s; Product B by a swipe.
  await expect(slot(w, 'Product A')).toBeEnabled({ timeout: 20_000 });
  await slot(w, 'Product A').tap();
  await expect(slot(w, 'Product A')).toHaveAttribute('aria-pressed', 'true');
  await play.tap();
  await expect(play).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await hearFor(w, 7);
  await expect(question(w)).toHaveCount(0);
  await swipe(page, -120);
  await expect(slot(w, 'Product B')).toHaveAttribute('aria-pressed', 'true');
  await expect(question(w)).toBeVisible({ timeout: 15_000 });
  await expect(question(w).getByRole('button')).toHaveText(['Product A', 'Product B', 'No preference']);
  await expectAccessible(page, 'the mobile widget asking for a blind vote');

  const choice = await realName(w, 'Product A');
  expect(products.map((p) => p.name)).toContain(choice);
  await question(w).getByRole('button', { name: 'Product A', exact: true }).tap();

  // The names come back, the pick marked and said.
  await expect
    .poll(async () => (await slots.locator('.pname').allTextContents()).sort())
    .toEqual(products.map((p) => p.name).sort());
  const marked = slots.filter({ hasText: 'Your pick' });
  await expect(marked).toHaveCount(1);
  await expect(marked.locator('.pname')).toHaveText(choice);
  await expect(w.getByRole('status').filter({ hasText: `Your pick: ${choice}` })).toBeVisible();
  await expect(w.getByRole('button', { name: 'Reveal products', exact: true })).toHaveCount(0);
  await expect(blind).toHaveAttribute('aria-pressed', 'false');

  // The operators' preferences read, the mobile instances' (counted for the platform).
  const today = new Date().toISOString().slice(0, 10);
  const read = async () => {
    const res = await fetch(
      `${baseUrl()}${STATISTICS_BASE}/admin/statistics/preferences?start=${today}&end=${today}&widget_type=mobile&instance_id=${instanceId}`,
      { headers: { authorization: `Bearer ${atk}` } },
    );
    return (await res.json()) as {
      code: number;
      data: { votes: number; products: { name: string; votes: number; wins: number }[] };
    };
  };
  await expect.poll(async () => (await read()).data?.votes, { timeout: 30_000 }).toBe(1);
  const verdicts = (await read()).data;
  expect(verdicts.products.find((p) => p.name === choice)).toMatchObject({ votes: 1, wins: 1 });
});

test('the operator turns Listener votes off on the General tab: blind mode still hides the names but asks nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, DEMO.atk, '/atk/instances');
  await page.goto(`/atk/instances/${instanceId}/edit`);
  await page.getByRole('tab', { name: LABEL.tabGeneral, exact: true }).click();
  const general = page.getByTestId('tab-general');
  const votes = general.getByRole('switch', { name: LABEL.featureListenerVotes, exact: true });
  await expect(votes).toBeChecked();
  await votes.click();
  await expect(votes).not.toBeChecked();
  await general.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess).last()).toBeVisible();
  await expect(page.locator('.dirty-tabs__marker')).toHaveCount(0);
  expect(
    (await v1<{ general: { listener_votes: number } }>('GET', `/atk/mobile/instances/${instanceId}`, atk)).general,
  ).toMatchObject({ name, is_published: 1, listener_votes: 0 });
  await expect
    .poll(
      async () =>
        (await api<MobilePlayerInstance>('GET', `/widget/mobile_instances/${instanceId}`)).data.listener_votes,
    )
    .toBe(0);
  await page.goto(site.url);
  const w = page.locator('atk-mobile-player').getByRole('dialog', { name });
  const play = w.getByTestId('mobile-play');
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await w.getByRole('button', { name: 'Blind mode', exact: true }).tap();
  const slots = w.getByRole('list', { name: 'Products' }).getByRole('button');
  await expect(slots.locator('.pname')).toHaveText(['Product A', 'Product B']);
  await expect(slot(w, 'Product A')).toBeEnabled({ timeout: 20_000 });
  await slot(w, 'Product A').tap();
  await play.tap();
  await hearFor(w, 7);
  await slot(w, 'Product B').tap();
  await hearFor(w, 7);
  await expect(question(w)).toHaveCount(0);
  await w.getByRole('button', { name: 'Reveal products', exact: true }).tap();
  await expect
    .poll(async () => (await slots.locator('.pname').allTextContents()).sort())
    .toEqual(products.map((p) => p.name).sort());
});
