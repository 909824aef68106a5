/**
 * An ABX test through the player (docs/api.md "Listener verdicts"), as a visitor takes it on a brand's page: in blind
 * mode, "ABX test", then 8 trials of A, B and X switched while the song plays, each answered. The page never learns
 * X before answering (the test it is given names no sequence; each trial's audio comes from a URL naming only the
 * test and the trial, with no header naming a product); the score it shows is the server's, and the brand reads
 * the test with its 8 answers. The Features tab's ABX test switch and its number of trials save and read back.
 */
import { abxChance, DEFAULT_FEATURES, LABEL, MSG } from '@atk/contract';
import { expect, type Response, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { labelledSelect, pick, signInAs } from './lists.ts';
import {
  api,
  apiLogin,
  baseUrl,
  ok,
  openScenePlayer,
  servePlayerPage,
  toast,
  todaysVerdicts,
  type VotingScene,
  votingInstance,
} from './support.ts';

test.setTimeout(180_000);

const ABX_HELP = 'In a blind test, listeners can take an ABX test of two products: can they hear a difference?';

let scene: VotingScene;
let site: Awaited<ReturnType<typeof servePlayerPage>>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  scene = await votingInstance('ABX', { plan: { abx_test: { is_enable: 1 } } });
  const token = await apiLogin(scene.customer.email, scene.customer.password);
  await ok(
    api('PUT', `/instances/${scene.instance.id}`, {
      token,
      body: { features: { ...DEFAULT_FEATURES, abx_test: { is_enable: 1, trials: 8 } } },
    }),
  );
  site = await servePlayerPage();
});

test.afterAll(async () => {
  if (site) await new Promise((resolve) => site.server.close(resolve));
});

test('8 trials of A, B and X: the score shown is the server’s, and the page could not read X', async ({ page }) => {
  const fromApi: Response[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(`${baseUrl()}/api/`)) fromApi.push(r);
  });
  const player = await openScenePlayer(page, site, scene);
  // no ABX test outside a blind test
  await expect(player.getByRole('button', { name: 'ABX test', exact: true })).toHaveCount(0);
  await player.getByRole('button', { name: 'Blind mode', exact: true }).click();
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await player.getByRole('button', { name: 'ABX test', exact: true }).click();
  const abx = player.getByRole('group', { name: 'ABX test: can you hear a difference?' });
  await abx.getByRole('button', { name: 'Start the test', exact: true }).click();

  const status = abx.getByRole('status');
  for (let trial = 1; trial <= 8; trial++) {
    await expect(status).toHaveText(`Trial ${trial} of 8: is X A or B?`, { timeout: 20_000 });
    const x = abx.getByRole('button', { name: 'X', exact: true });
    await x.click();
    await expect(x).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(300);
    await abx.getByRole('button', { name: 'B', exact: true }).click();
    await page.waitForTimeout(300);
    if (trial === 1) await expectAccessible(page, 'the player during an ABX trial');
    await abx.getByRole('button', { name: 'X is A', exact: true }).click();
  }
  await expect(status).toHaveText(/^\d of 8 correct — .+ chance by guessing \(one-sided binomial\)$/, {
    timeout: 20_000,
  });
  const shown = (await status.textContent()) ?? '';
  const correct = Number(shown.split(' ')[0]);

  // the brand reads the one test, its 8 answers scored as the page was told
  const token = await apiLogin(scene.customer.email, scene.customer.password);
  const [result] = (await todaysVerdicts(token, scene.instance.id)).data.abx;
  expect(result).toMatchObject({ tests: 1, trials: 8, correct });
  expect(shown).toBe(
    `${correct} of 8 correct — ${abxChance(result.p_value ?? 1)} chance by guessing (one-sided binomial)`,
  );

  // what the page was given: a test naming no sequence, trial URLs naming only the test and the trial
  const started = fromApi.find((r) => r.url().endsWith('/widget/abx'));
  const given = (await started?.json()) as { data: { test: string; trials: number } };
  expect(Object.keys(given.data).sort()).toEqual(['test', 'trials']);
  const payload = JSON.parse(Buffer.from(given.data.test.split('.')[0], 'base64url').toString('utf8'));
  expect(Object.keys(payload).sort()).toEqual(
    ['a', 'b', 'instance', 'issued', 'nonce', 'song', 'source', 'trials', 'visitor', 'widget'].sort(),
  );
  const trials = fromApi.filter((r) => r.url().includes('/widget/abx/audio'));
  expect(trials).toHaveLength(8);
  const ids = scene.products.map((p) => p.id.toLowerCase());
  for (const [i, r] of trials.entries()) {
    const url = new URL(r.url());
    expect([...url.searchParams.keys()].sort()).toEqual(['test', 'trial']);
    expect(url.searchParams.get('trial')).toBe(String(i + 1));
    const headers = JSON.stringify(await r.allHeaders()).toLowerCase();
    for (const id of ids) expect(headers).not.toContain(id);
  }
});

test('ABX test on the Features tab: off by default, 8 trials, saved with 12 and read back', async ({ page }) => {
  const token = await apiLogin(scene.customer.email, scene.customer.password);
  const made = await ok(
    api<{ _id: string }>('POST', '/instances', { token, body: { general: { name: `ABX Switch ${Date.now()}` } } }),
  );
  await signInAs(page, scene.customer.email, '/client/products');
  await page.goto(`/client/instances/${made._id}/edit`);
  await page.getByRole('tab', { name: LABEL.tabFeatures, exact: true }).click();
  const features = page.getByTestId('tab-features');
  const toggle = features.getByRole('switch', { name: `Enable ${LABEL.featureAbxTest}`, exact: true });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(ABX_HELP);
  await expect(labelledSelect(features, `Trials of ${LABEL.featureAbxTest}`)).toHaveText('8 trials');
  await features.getByLabel(`Trials of ${LABEL.featureAbxTest}`, { exact: true }).click();
  // 4 to 16 trials (the list draws the first ten)
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.first()).toHaveText('4 trials');
  await expect(options.nth(4)).toHaveText('8 trials');
  await page.keyboard.press('Escape');
  await toggle.click();
  await pick(page, features, `Trials of ${LABEL.featureAbxTest}`, '12 trials');
  await features.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: LABEL.tabFeatures, exact: true }).click();
  await expect(toggle).toBeChecked();
  await expect(labelledSelect(features, `Trials of ${LABEL.featureAbxTest}`)).toHaveText('12 trials');
  const read = await ok(
    api<{ features: { abx_test: { is_enable: number; trials: number } } }>('GET', `/instances/${made._id}`, { token }),
  );
  expect(read.features.abx_test).toEqual({ is_enable: 1, trials: 12 });
});
