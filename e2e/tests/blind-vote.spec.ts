/**
 * A blind vote through the player (docs/api.md "Listener verdicts"), as visitors cast it on a brand's page: each in a
 * browser of its own, in blind mode, plays two products. The first two hear each for 7 s, so the player
 * asks "Which did you prefer?" and their votes reveal the names with their pick marked; the third hears each for a
 * second: the player does not ask, and a vote it forges through the API is dropped (the server checks what it heard).
 * The brand's API and its Listener verdicts screen show the two votes; another brand's customer gets a 404.
 */
import { DEFAULT_SUBSCRIPTION } from '@atk/contract';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInAs } from './lists.ts';
import {
  api,
  apiLogin,
  customerOnPlan,
  hearFor,
  openScenePlayer,
  servePlayerPage,
  todaysVerdicts,
  type VotingScene,
  votingInstance,
} from './support.ts';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let scene: VotingScene;
let site: Awaited<ReturnType<typeof servePlayerPage>>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  scene = await votingInstance('Blind Vote');
  site = await servePlayerPage();
});

test.afterAll(async () => {
  if (site) await new Promise((resolve) => site.server.close(resolve));
});

/** A visitor of its own (a new browser context: its own stored visitor id) on the brand's page, the player open. */
async function visitor(browser: Browser): Promise<{ page: Page; player: Locator }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const player = await openScenePlayer(page, site, scene);
  await player.getByRole('button', { name: 'Blind mode', exact: true }).click();
  return { page, player };
}

const pick = (player: Locator, name: string) =>
  player.getByRole('list').getByRole('button', { name: new RegExp(`^\\d?\\s*${name}`) });
const question = (player: Locator) => player.getByRole('group', { name: 'Which did you prefer?' });

/** Which real product a blind name stands for: the order the player shows is the visitor's own. */
const realName = async (player: Locator, blind: string) => {
  const id = await pick(player, blind).locator('xpath=..').getAttribute('data-product');
  return scene.products.find((p) => p.id === id)?.name ?? '';
};

/** The products the two votes preferred, by name: the second visitor picks the one the first did not. */
const preferred: string[] = [];

for (const n of [1, 2])
  test(`visitor ${n} hears two products for 7 s each and votes`, async ({ browser }) => {
    const { page, player } = await visitor(browser);
    await expect(question(player)).toHaveCount(0);
    await pick(player, 'Product A').click();
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await hearFor(player, 7);
    // one product heard: nothing to compare yet
    await expect(question(player)).toHaveCount(0);
    await pick(player, 'Product B').click();
    await expect(question(player)).toBeVisible({ timeout: 15_000 });
    // the question came without taking the focus from the product just pressed
    await expect(pick(player, 'Product B')).toBeFocused();
    await expect(question(player).getByRole('button')).toHaveText(['Product A', 'Product B', 'No preference']);
    if (n === 1) await expectAccessible(page, 'the player asking for a blind vote');
    let choice = 'Product A';
    if (n === 2 && (await realName(player, choice)) === preferred[0]) choice = 'Product B';
    const name = await realName(player, choice);
    preferred.push(name);
    await question(player).getByRole('button', { name: choice, exact: true }).click();

    // the names are revealed, the pick marked; the answer is said, and the focus is on it
    const names = player.getByRole('list').getByRole('listitem').locator('.name');
    await expect
      .poll(async () => (await names.allTextContents()).sort())
      .toEqual(scene.products.map((p) => p.name).sort());
    const marked = player.getByRole('listitem').filter({ hasText: 'Your pick' });
    await expect(marked).toHaveCount(1);
    await expect(marked.locator('.name')).toHaveText(name);
    await expect(player.getByRole('status').filter({ hasText: `Your pick: ${name}` })).toBeVisible();
    await expect(player.getByRole('group', { name: `Your pick: ${name}` })).toBeFocused();
    // a new blind test on the same song and source does not ask again
    await player.getByRole('button', { name: 'Blind mode', exact: true }).click();
    await page.waitForTimeout(1000);
    await expect(question(player)).toHaveCount(0);
    await page.context().close();
  });

test('visitor 3 hears each product for a second: no question, and a forged vote is dropped', async ({ browser }) => {
  const { page, player } = await visitor(browser);
  await pick(player, 'Product A').click();
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(1000);
  await pick(player, 'Product B').click();
  await page.waitForTimeout(1000);
  await expect(question(player)).toHaveCount(0);
  // the same visitor, with a token of its own, claims 6 s each through the API: the server heard 1 s of each
  const visitor_id = await page.evaluate(() => JSON.parse(localStorage.getItem('atk-player-visitor') ?? '{}').id);
  expect(visitor_id).toBeTruthy();
  const instance_id = scene.instance.id;
  const launch = await api<{ token: string }>('POST', '/widget/events', {
    body: { visitor_id, events: [{ type: 'launch', instance_id }] },
  });
  expect(launch.data.token).toBeTruthy();
  await page.context().close();
  const at = { instance_id, song_id: scene.songId, source_id: scene.sourceId };
  const products = scene.products.map((p) => p.id);
  const forged = await api<{ accepted: number }>('POST', '/widget/events', {
    body: {
      visitor_id,
      token: launch.data.token,
      events: [{ type: 'vote', ...at, products, product_id: products[0], heard: [6, 6], level_matched: true }],
    },
  });
  expect(forged.code, forged.msg).toBe(200);
});

test('the brand reads the two votes from the API and on its Listener verdicts screen', async ({ page }) => {
  const token = await apiLogin(scene.customer.email, scene.customer.password);
  await expect
    .poll(async () => (await todaysVerdicts(token, scene.instance.id)).data?.votes, { timeout: 30_000 })
    .toBe(2);
  const read = (await todaysVerdicts(token, scene.instance.id)).data;
  expect(read.no_preference).toBe(0);
  // each was in both votes and preferred in one: 50 %, with the 95 % Wilson interval of 1 of 2 (9–91 %)
  expect([...preferred].sort()).toEqual(scene.products.map((p) => p.name).sort());
  expect(read.products.map((r) => r.product_id).sort()).toEqual(scene.products.map((p) => p.id).sort());
  for (const row of read.products) {
    expect(row).toMatchObject({ votes: 2, wins: 1 });
    expect(row.share).toBeCloseTo(0.5, 5);
    expect(row.low).toBeCloseTo(0.0945, 3);
    expect(row.high).toBeCloseTo(0.9055, 3);
  }

  await signInAs(page, scene.customer.email, '/client/products');
  await page.goto('/client/statistics');
  await page.getByRole('tab', { name: 'Listener verdicts', exact: true }).click();
  await expect(page.getByTestId('verdicts-summary')).toHaveText('2 blind votes, 0 with no preference.');
  const table = page.getByTestId('verdicts-products');
  for (const p of scene.products)
    await expect(table.locator('tbody tr.ant-table-row').filter({ hasText: p.name }).locator('td')).toHaveText([
      p.name,
      '2',
      '1',
      '50 %',
      '9–91 %',
      '—',
    ]);

  // another brand's customer: that instance is not found
  const other = await customerOnPlan('Blind Vote Other', DEFAULT_SUBSCRIPTION);
  const foreign = await todaysVerdicts(await apiLogin(other.email, other.password), scene.instance.id);
  expect(foreign.code).toBe(404);
});
