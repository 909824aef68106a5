/**
 * Listener verdicts (docs/api.md "Listener verdicts"), through the product: visitors cast blind votes through the
 * real events endpoint on three published instances of one brand with Listener votes on (on the first: three prefer
 * Velour R2, one Pencil S4, one has no preference; on each other: six and two). The customer's /client/statistics
 * (the brand, then the first instance) and the operators' analytics of the first instance show the summary line,
 * each product's votes, preferred count, share, 95 % interval and strength (computed here from the votes cast), the
 * pair matrix and the pair's sentence: "Listeners preferred …" for the brand's 20 decisive votes, "Not enough votes
 * yet" for the instance's 4. Two ABX tests of the first instance, started and answered through the player's
 * endpoints, show in the ABX table and its sentence with the server's figures. The Features tab's Listener votes
 * switch saves and reads back, and a plan without it marks it and refuses it.
 */
import { DEFAULT_FEATURES, DEFAULT_SUBSCRIPTION, LABEL, MSG, PERMISSION } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { dialog, row, signInAs } from './lists.ts';
import {
  api,
  apiLogin,
  castVotes,
  customerOnPlan,
  DEMO,
  ok,
  toast,
  todaysVerdicts,
  type VotingScene,
  votingInstance,
} from './support.ts';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });
test.setTimeout(120_000);

const VERDICTS = 'Listener verdicts';
const LISTENER_VOTES_HELP = 'After a blind test, the player asks listeners which product they preferred.';
let scene: VotingScene;

/** The 95 % Wilson score interval of `wins` of `n`, as the screen writes it: "23–88 %". */
function wilson(wins: number, n: number): string {
  const z = 1.959964;
  const p = wins / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return `${Math.round((centre - half) * 100)}–${Math.round((centre + half) * 100)} %`;
}
const pct = (wins: number, n: number) => `${Math.round((wins / n) * 100)} %`;

/** What is cast on one instance: votes for Velour R2, for Pencil S4, and with no preference; each compares both. */
interface Cast {
  velour: number;
  pencil: number;
  none: number;
}
const FIRST: Cast = { velour: 3, pencil: 1, none: 1 };
// the launch cap (10 an hour per address and instance) keeps one instance's votes few: two more instances of the
// brand bring its decisive votes to the 20 a sentence needs
const MORE: Cast = { velour: 6, pencil: 2, none: 0 };
const BRAND: Cast = {
  velour: FIRST.velour + 2 * MORE.velour,
  pencil: FIRST.pencil + 2 * MORE.pencil,
  none: FIRST.none,
};
let others: VotingScene[] = [];

async function cast(on: VotingScene, c: Cast) {
  const [velour, pencil] = on.products.map((p) => p.id);
  const both: [string, string] = [velour, pencil];
  return castVotes(on, [
    ...Array.from({ length: c.velour }, () => ({ products: both, preferred: velour })),
    ...Array.from({ length: c.pencil }, () => ({ products: both, preferred: pencil })),
    ...Array.from({ length: c.none }, () => ({ products: both, preferred: null })),
  ]);
}
const total = (c: Cast) => c.velour + c.pencil + c.none;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  scene = await votingInstance('Verdicts', { plan: { abx_test: { is_enable: 1 } } });
  others = [
    await votingInstance('Verdicts', { customer: scene.customer }),
    await votingInstance('Verdicts', { customer: scene.customer }),
  ];
  const counted = await Promise.all([cast(scene, FIRST), ...others.map((o) => cast(o, MORE))]);
  // each batch: two listens and the vote
  expect(counted).toEqual([total(FIRST) * 3, total(MORE) * 3, total(MORE) * 3]);
  await takeAbxTests(scene, [8, 0]);
});

/**
 * ABX tests of the scene's two products through the player's endpoints (docs/api.md "Listener verdicts"): the
 * instance offers 8 trials; each visitor launches, starts a test and answers A for the first `asA` trials, B after.
 */
async function takeAbxTests(on: VotingScene, asA: number[]) {
  const token = await apiLogin(on.customer.email, on.customer.password);
  await ok(
    api('PUT', `/instances/${on.instance.id}`, {
      token,
      body: {
        features: { ...DEFAULT_FEATURES, listener_votes: { is_enable: 1 }, abx_test: { is_enable: 1, trials: 8 } },
      },
    }),
  );
  for (const a of asA) {
    const visitor_id = crypto.randomUUID();
    const instance_id = on.instance.id;
    const launch = await ok(
      api<{ token: string }>('POST', '/widget/events', {
        body: { visitor_id, events: [{ type: 'launch', instance_id }] },
      }),
    );
    const [a_id, b_id] = on.products.map((p) => p.id);
    const started = await ok(
      api<{ test: string; trials: number }>('POST', '/widget/abx', {
        body: { visitor_id, token: launch.token, instance_id, song_id: on.songId, source_id: on.sourceId, a_id, b_id },
      }),
    );
    expect(started.trials).toBe(8);
    const answers = Array.from({ length: started.trials }, (_, i) => (i < a ? 'A' : 'B'));
    const sent = await ok(
      api<{ accepted: number }>('POST', '/widget/events', {
        body: { visitor_id, token: launch.token, events: [{ type: 'abx', instance_id, test: started.test, answers }] },
      }),
    );
    expect(sent.accepted).toBe(1);
  }
}

/** The ABX table and sentence show what the API answers for the first instance: 2 tests, 16 trials. */
async function expectAbx(page: Page) {
  const token = await apiLogin(scene.customer.email, scene.customer.password);
  const [r] = (await todaysVerdicts(token, scene.instance.id)).data.abx;
  expect(r).toMatchObject({ tests: 2, trials: 16 });
  const [first, second] = [...scene.products.map((p) => p.name)].sort();
  expect([r.a_name, r.b_name]).toEqual([first, second]);
  const verdicts = page.getByTestId('verdicts');
  await expect(verdicts.getByRole('heading', { name: 'ABX tests: can listeners hear a difference?' })).toBeVisible();
  const table = verdicts.getByTestId('verdicts-abx');
  await expect(table.locator('caption')).toHaveText('ABX tests per pair of products');
  await expect(table.locator('thead th')).toHaveText([
    'Products',
    'Tests',
    'Trials',
    'Correct',
    'Chance by guessing',
    'Heard a difference',
  ]);
  const p = (r.p_value ?? 0) * 100;
  const chance = p < 0.1 ? '< 0.1 %' : p < 10 ? `${p.toFixed(1)} %` : `${Math.round(p)} %`;
  const heard = Math.round((r.significant_share ?? 0) * 2);
  await expect(table.locator('tbody tr.ant-table-row td')).toHaveText([
    `${first} – ${second}`,
    '2',
    '16',
    `${r.correct} (${pct(r.correct, 16)})`,
    chance,
    pct(heard, 2),
  ]);
  await expect(verdicts.getByTestId('verdicts-abx-sentences').locator('li')).toHaveText([
    `${first} and ${second}: ${r.correct} of 16 trials right in 2 ABX tests — ${chance} chance by guessing (one-sided binomial); in ${heard} of the 2 tests the listener alone heard a difference (p < 0.05).`,
  ]);
}

/** Checks what the verdicts screen shows of the votes `c`. */
async function expectVerdicts(page: Page, c: Cast) {
  const votes = total(c);
  const decisive = c.velour + c.pencil;
  const enough = decisive >= 20;
  const verdicts = page.getByTestId('verdicts');
  await expect(verdicts.getByTestId('verdicts-summary')).toHaveText(
    `${votes} blind votes, ${c.none} with no preference.`,
  );
  await expect(verdicts.getByTestId('verdicts-chart')).toBeVisible();
  const table = verdicts.getByTestId('verdicts-products');
  await expect(table.locator('thead th')).toHaveText([
    'Product',
    'Votes',
    'Preferred',
    'Share',
    '95 % interval',
    'Strength',
  ]);
  await expect(table.locator('caption')).toHaveText('Listener verdicts per product');
  await expect(table.locator('thead th').first()).toHaveAttribute('scope', 'col');
  // most preferred first; every vote compared both, so each was in all of them. Bradley–Terry strengths once the
  // pair has 10 decisive votes: for two products, the square roots of the odds (their geometric mean is 1)
  const strength = (wins: number, losses: number) =>
    enough ? new RegExp(`^${Math.sqrt(wins / losses).toFixed(2)}`) : '—';
  await expect(table.locator('tbody tr.ant-table-row td:first-child')).toHaveText(['Velour R2', 'Pencil S4']);
  await expect(row(table, 'Velour R2').locator('td')).toHaveText([
    'Velour R2',
    String(votes),
    String(c.velour),
    pct(c.velour, votes),
    wilson(c.velour, votes),
    strength(c.velour, c.pencil),
  ]);
  await expect(row(table, 'Pencil S4').locator('td')).toHaveText([
    'Pencil S4',
    String(votes),
    String(c.pencil),
    pct(c.pencil, votes),
    wilson(c.pencil, votes),
    strength(c.pencil, c.velour),
  ]);
  const matrix = verdicts.getByTestId('verdicts-matrix');
  await expect(matrix.locator('caption')).toHaveText(/Listener verdicts per pair/);
  await expect(matrix.locator('thead th[scope="col"]')).toHaveText(['Velour R2', 'Pencil S4']);
  const matrixRow = (name: string) =>
    matrix.locator('tbody tr').filter({ has: page.locator('th[scope="row"]', { hasText: name }) });
  await expect(matrixRow('Velour R2').locator('td')).toHaveText([
    '—',
    `${pct(c.velour, decisive)} (${wilson(c.velour, decisive)})`,
  ]);
  await expect(matrixRow('Pencil S4').locator('td')).toHaveText([
    `${pct(c.pencil, decisive)} (${wilson(c.pencil, decisive)})`,
    '—',
  ]);
  await expect(verdicts.getByTestId('verdicts-sentences').locator('li')).toHaveText([
    enough
      ? `Listeners preferred Velour R2 over Pencil S4 in ${pct(c.velour, decisive)} of ${decisive} blind votes (${wilson(c.velour, decisive)})`
      : // fewer decisive votes than a sentence needs (the pair named a before b, by name)
        `Pencil S4 and Velour R2: Not enough votes yet (${decisive} of 20 votes).`,
  ]);
}

test('the customer reads its listeners’ verdicts on /client/statistics', async ({ page }) => {
  await signInAs(page, scene.customer.email, '/client/products');
  await page.goto('/client/statistics');
  await page.getByRole('tab', { name: VERDICTS, exact: true }).click();
  // all the brand's instances: enough votes for a sentence
  await expectVerdicts(page, BRAND);
  await expectAccessible(page, 'client statistics, Listener verdicts');

  // one instance, then its song: that instance's votes only
  await page.getByLabel(LABEL.instance, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: scene.instance.name })
    .click();
  await expectVerdicts(page, FIRST);
  await expectAbx(page);
  await page.getByLabel('Song', { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.first()).toHaveText(LABEL.all);
  await expect(options.nth(1)).toBeVisible();
  await page.keyboard.press('Escape');
  await expectVerdicts(page, FIRST);
});

test('the operator reads the instance’s verdicts in its analytics', async ({ page }) => {
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.goto(`/global/brands/${scene.customer.brandId}/instances/${scene.instance.id}/analytics`);
  await expect(page.getByTestId('instance-name')).toHaveText(scene.instance.name);
  await expect(page.getByRole('tab')).toHaveText([LABEL.tabLaunchesDaily, VERDICTS]);
  await page.getByRole('tab', { name: VERDICTS, exact: true }).click();
  await expectVerdicts(page, FIRST);
  await expectAbx(page);
});

test('Listener votes on the Features tab: off by default, saved and read back', async ({ page }) => {
  const token = await apiLogin(scene.customer.email, scene.customer.password);
  const made = await ok(
    api<{ _id: string }>('POST', '/instances', { token, body: { general: { name: `Verdicts Switch ${Date.now()}` } } }),
  );
  await signInAs(page, scene.customer.email, '/client/products');
  await page.goto(`/client/instances/${made._id}/edit`);
  await page.getByRole('tab', { name: LABEL.tabFeatures, exact: true }).click();
  const features = page.getByTestId('tab-features');
  const toggle = features.getByRole('switch', { name: `Enable ${LABEL.featureListenerVotes}`, exact: true });
  // off by default, with its help, in the plan
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(LISTENER_VOTES_HELP);
  await expect(features.getByText(LISTENER_VOTES_HELP, { exact: true })).toBeVisible();
  await toggle.click();
  await features.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: LABEL.tabFeatures, exact: true }).click();
  await expect(toggle).toBeChecked();
  const read = await ok(
    api<{ features: { listener_votes: { is_enable: number } } }>('GET', `/instances/${made._id}`, { token }),
  );
  expect(read.features.listener_votes.is_enable).toBe(1);
});

test('a plan without Listener votes marks and refuses it; its brand has no votes yet', async ({ page }) => {
  const other = await customerOnPlan('No Votes', { ...DEFAULT_SUBSCRIPTION, listener_votes: { is_enable: 0 } });
  const otherToken = await apiLogin(other.email, other.password);
  const mine = await ok(
    api<{ _id: string }>('POST', '/instances', {
      token: otherToken,
      body: { general: { name: `No Votes ${Date.now()}` } },
    }),
  );
  await signInAs(page, other.email, '/client/products');
  await page.goto(`/client/instances/${mine._id}/edit`);
  await page.getByRole('tab', { name: LABEL.tabFeatures, exact: true }).click();
  const features = page.getByTestId('tab-features');
  const toggle = features.getByRole('switch', { name: `Enable ${LABEL.featureListenerVotes}`, exact: true });
  await expect(toggle).toHaveAccessibleDescription(`${LABEL.notInPlan} ${LISTENER_VOTES_HELP}`);
  await toggle.click();
  await features.getByRole('button', { name: LABEL.saveChanges }).click();
  const upgrade = await dialog(page, LABEL.upgradeTitle);
  await expect(upgrade.getByTestId('permission-features').locator('li')).toHaveText([LABEL.featureListenerVotes]);
  await expect(toggle).not.toBeChecked();
  await upgrade.getByRole('button', { name: 'OK' }).click();
  // the server refuses it too (an operator's console, a plan lowered meanwhile)
  const refused = await api('PUT', `/instances/${mine._id}`, {
    token: otherToken,
    body: { features: { ...DEFAULT_FEATURES, listener_votes: { is_enable: 1 } } },
  });
  expect(refused.msg).toBe(PERMISSION.listener_votes);
  const after = await ok(
    api<{ features: { listener_votes: { is_enable: number } } }>('GET', `/instances/${mine._id}`, {
      token: otherToken,
    }),
  );
  expect(after.features.listener_votes.is_enable).toBe(0);

  // no votes in its brand: the screen says so
  await page.goto('/client/statistics');
  await page.getByRole('tab', { name: VERDICTS, exact: true }).click();
  await expect(page.getByTestId('verdicts-summary')).toHaveText('0 blind votes, 0 with no preference.');
  await expect(page.getByTestId('verdicts-empty')).toHaveText('Not enough votes yet');
});
