/**
 * What a new brand customer meets on its first player instance: the features its plan
 * leaves out are marked on the Features tab before anything is touched, one SAVE names all of them in one upgrade
 * dialog and saves none of them; New Instance and the General tab refuse an instance without a name. Operators,
 * whose session carries no plan, still meet the server's 402 (the console's fallback names the feature refused).
 *
 * The customer is made as an operator would: a brand of its own, a published plan without Discography, Tech Specs
 * and Products in Player beyond 5, and the customer put on that plan (Customer edit's `{plan_id, subscription}`).
 */
import { LABEL, MSG, PAYMENT_REQUIRED, PERMISSION, SALES_EMAIL, type Subscription } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { dialog, emptyList, labelledSelect, pick, row, rows, signInAs, uid } from './lists.ts';
import { api, apiLogin, customerOnPlan, DEMO, settled, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });
test.setTimeout(90_000);

/** Lacks three of the eight gated features: Discography, Tech Specs, and No limit of Products in Player. */
const SMALL_PLAN: Subscription = {
  listening_guide: { is_enable: 1 },
  discography: { is_enable: 0 },
  frequency_graphs: { is_enable: 1 },
  tech_specs: { is_enable: 0 },
  images: { is_enable: 1 },
  other_brands_products: { is_enable: 1 },
  my_audio: { is_enable: 1 },
  listener_votes: { is_enable: 1 },
  abx_test: { is_enable: 1 },
  products_in_player: { max_num: 5 },
  atk_songs: { max_num: 99999 },
};

interface Features {
  features: Record<string, { is_enable?: 0 | 1; max_num?: number }>;
}
const readFeatures = async (token: string, id: string) => {
  const res = await api<Features>('GET', `/instances/${id}`, { token });
  expect(res.code, res.msg).toBe(200);
  return res.data.features;
};

/** Every PUT of an instance part the page sends, from now on. */
function instanceSaves(page: Page) {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && /\/instances\/[^/]+$/.test(r.url())) sent.push(r.url());
  });
  return sent;
}

async function openFeatures(page: Page) {
  await page.getByRole('tab', { name: LABEL.tabFeatures, exact: true }).click();
  const features = page.getByTestId('tab-features');
  await expect(features).toBeVisible();
  return features;
}

test('plan limits: marked before anything is touched, all named in one upgrade dialog, none of them saved', async ({
  page,
}) => {
  const customer = await customerOnPlan('Small Plan', SMALL_PLAN);
  const token = await apiLogin(customer.email, customer.password);
  const made = await api<{ _id: string }>('POST', '/instances', {
    token,
    body: { general: { name: `E2E Small Plan Player ${uid()}` } },
  });
  expect(made.code, made.msg).toBe(200);
  const id = made.data._id;
  const saves = instanceSaves(page);

  await signInAs(page, customer.email, '/client/products');
  await page.goto(`/client/instances/${id}/edit`);
  const features = await openFeatures(page);
  const toggle = (label: string) => features.getByRole('switch', { name: `Enable ${label}`, exact: true });
  const maxProducts = `Max ${LABEL.featureProductsInPlayer}`;

  // ── the three are marked from the start, on their controls; what the plan includes is not ──
  const expectMarks = async () => {
    const marks = features.getByTestId('plan-lock');
    await expect(marks).toHaveText([LABEL.notInPlan, LABEL.notInPlan, LABEL.noLimitNotInPlan]);
    await expect(marks.locator('.anticon-lock')).toHaveCount(3);
    await expect(
      features
        .locator('tbody tr')
        .filter({ has: page.getByTestId('plan-lock') })
        .locator('td:first-child'),
    ).toHaveText([LABEL.tabDiscography, LABEL.tabTechSpecs, LABEL.featureProductsInPlayer]);
    await expect(toggle(LABEL.tabDiscography)).toHaveAccessibleDescription(LABEL.notInPlan);
    await expect(toggle(LABEL.tabTechSpecs)).toHaveAccessibleDescription(LABEL.notInPlan);
    await expect(features.getByLabel(maxProducts, { exact: true })).toHaveAccessibleDescription(LABEL.noLimitNotInPlan);
    for (const included of [LABEL.featureFrequencyGraphs, LABEL.featureOtherBrandsProducts, LABEL.featureMyAudio])
      await expect(toggle(included)).toHaveAccessibleDescription('');
  };
  await expectMarks();

  // ── the reproduction: all three on, one SAVE ──
  await toggle(LABEL.tabDiscography).click();
  await toggle(LABEL.tabTechSpecs).click();
  await pick(page, features, maxProducts, LABEL.noLimit);
  await expect(labelledSelect(features, maxProducts)).toHaveText(LABEL.noLimit);
  await features.getByRole('button', { name: LABEL.saveChanges }).click();

  const upgrade = await dialog(page, LABEL.upgradeTitle);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(upgrade.getByTestId('permission-text')).toHaveText(MSG.upgradeRequired);
  await expect(upgrade.getByText(LABEL.notInPlanList, { exact: true })).toBeVisible();
  await expect(upgrade.getByTestId('permission-features').locator('li')).toHaveText([
    LABEL.tabDiscography,
    LABEL.tabTechSpecs,
    `${LABEL.featureProductsInPlayer}: ${LABEL.noLimit}`,
  ]);
  await expect(upgrade.getByRole('link', { name: LABEL.contactSales })).toHaveAttribute(
    'href',
    `mailto:${SALES_EMAIL}`,
  );
  // all three reset at once (docs/api.md "Instances and subscriptions"), and nothing was sent
  await expect(toggle(LABEL.tabDiscography)).not.toBeChecked();
  await expect(toggle(LABEL.tabTechSpecs)).not.toBeChecked();
  await expect(labelledSelect(features, maxProducts)).toHaveText('5');
  expect(saves).toEqual([]);
  await upgrade.getByRole('button', { name: 'OK' }).click();
  await expect(upgrade).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(toast(page, MSG.updateSuccess)).toHaveCount(0);
  await expect(page.getByTestId('dirty-features')).toHaveCount(0);

  // a reload shows nothing saved, and the marks again
  await page.reload();
  await openFeatures(page);
  await expect(toggle(LABEL.tabDiscography)).not.toBeChecked();
  await expect(toggle(LABEL.tabTechSpecs)).not.toBeChecked();
  await expect(labelledSelect(features, maxProducts)).toHaveText('5');
  await expectMarks();
  expect(await readFeatures(token, id)).toMatchObject({
    discography: { is_enable: 0 },
    tech_specs: { is_enable: 0 },
    products_in_player: { max_num: 5 },
  });

  // ── what the plan includes is saved on its own: Frequency Graphs with Discography refuses Discography only,
  // keeps Frequency Graphs to be saved, and the next SAVE saves it ──
  await toggle(LABEL.featureFrequencyGraphs).click();
  await toggle(LABEL.tabDiscography).click();
  await features.getByRole('button', { name: LABEL.saveChanges }).click();
  // open again: OK only once its zoom has ended (a click while it scales can miss the moving button)
  await settled(upgrade);
  await expect(upgrade.getByTestId('permission-features').locator('li')).toHaveText([LABEL.tabDiscography]);
  await upgrade.getByRole('button', { name: 'OK' }).click();
  await expect(upgrade).toBeHidden();
  expect(saves).toEqual([]);
  await expect(toggle(LABEL.tabDiscography)).not.toBeChecked();
  await expect(toggle(LABEL.featureFrequencyGraphs)).toBeChecked();
  await expect(page.getByTestId('dirty-features')).toBeVisible();
  const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/instances\/[^/]+$/.test(r.url()));
  await features.getByRole('button', { name: LABEL.saveChanges }).click();
  expect(((await (await answer).json()) as { msg: string }).msg).toBe(MSG.updateSuccess);
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('dirty-features')).toHaveCount(0);
  expect(saves).toHaveLength(1);

  await page.reload();
  await openFeatures(page);
  await expect(toggle(LABEL.featureFrequencyGraphs)).toBeChecked();
  await expect(toggle(LABEL.tabDiscography)).not.toBeChecked();
  expect(await readFeatures(token, id)).toMatchObject({
    frequency_graphs: { is_enable: 1 },
    discography: { is_enable: 0 },
    tech_specs: { is_enable: 0 },
    products_in_player: { max_num: 5 },
  });
});

test('an instance needs a name: New Instance and General refuse a blank one, nothing is made or saved', async ({
  page,
}) => {
  // a customer of its own, whose list starts empty
  const maker = await customerOnPlan('Names', SMALL_PLAN);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/instances$/.test(r.url())) posts.push(r.url());
  });
  const saves = instanceSaves(page);
  await signInAs(page, maker.email, '/client/products');
  // 'No data' counts only once the list has answered (the table shows it while loading too)
  const listed = () => page.waitForResponse((r) => r.request().method() === 'GET' && /\/instances\?/.test(r.url()));
  let answer = listed();
  await page.goto('/client/instances');
  await answer;
  const table = page.getByTestId('instance-list');
  await expect(emptyList(page, 'instance-list')).toBeVisible();

  // ── Save with nothing filled, then with spaces only ──
  await page.getByRole('button', { name: LABEL.newInstance }).click();
  const form = await dialog(page, LABEL.newInstance);
  // The dialog's two buttons in one case.
  await expect(form.locator('.ant-modal-footer button')).toHaveText(['CANCEL', 'SAVE']);
  const name = form.getByLabel('Name', { exact: true });
  await form.getByRole('button', { name: LABEL.save }).click();
  await expect(form.getByText(MSG.nameRequired, { exact: true })).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill('   ');
  await form.getByRole('button', { name: LABEL.save }).click();
  await expect(form.getByText(MSG.nameRequired, { exact: true })).toBeVisible();
  await expect(form).toBeVisible();
  await expect(toast(page, MSG.createInstanceSuccess)).toHaveCount(0);
  expect(posts).toEqual([]);
  await form.getByRole('button', { name: LABEL.cancel }).click();
  await expect(form).toBeHidden();
  answer = listed();
  await page.reload();
  await answer;
  await expect(emptyList(page, 'instance-list')).toBeVisible();

  // ── with a name it is made ──
  const named = `E2E Named Player ${uid()}`;
  await page.getByRole('button', { name: LABEL.newInstance }).click();
  const again = await dialog(page, LABEL.newInstance);
  await again.getByLabel('Name', { exact: true }).fill(named);
  await again.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createInstanceSuccess)).toBeVisible();
  await expect(again).toBeHidden();
  await expect(rows(table)).toHaveCount(1);
  await expect(row(table, named)).toHaveCount(1);
  expect(posts).toHaveLength(1);

  // ── the General tab cannot take the name away ──
  await page.getByRole('link', { name: `Edit ${named}` }).click();
  const general = page.getByTestId('tab-general');
  const field = general.getByLabel('Name', { exact: true });
  await expect(field).toHaveValue(named);
  await field.fill('  ');
  await general.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(general.getByText(MSG.nameRequired, { exact: true })).toBeVisible();
  await expect(toast(page, MSG.updateSuccess)).toHaveCount(0);
  expect(saves).toEqual([]);
  await expect(page.getByTestId('instance-name')).toHaveText(named);
  const id = (page.url().match(/instances\/([0-9a-f-]{36})\/edit/) as RegExpMatchArray)[1];
  const token = await apiLogin(maker.email, maker.password);
  const saved = await api<{ general: { name: string } }>('GET', `/instances/${id}`, { token });
  expect(saved.data.general.name).toBe(named);
});

test("operators: their session carries no plan, so the server's 402 decides and its dialog names the feature", async ({
  page,
}) => {
  const customer = await customerOnPlan('Operated Plan', SMALL_PLAN);
  const token = await apiLogin(customer.email, customer.password);
  const made = await api<{ _id: string }>('POST', '/instances', {
    token,
    body: { general: { name: `E2E Operated Player ${uid()}` } },
  });
  expect(made.code, made.msg).toBe(200);
  const saves = instanceSaves(page);

  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.goto(`/global/brands/${customer.brandId}/instances/${made.data._id}/edit`);
  const features = await openFeatures(page);
  const toggle = (label: string) => features.getByRole('switch', { name: `Enable ${label}`, exact: true });
  await expect(toggle(LABEL.tabDiscography)).toBeVisible();
  await expect(features.getByTestId('plan-lock')).toHaveCount(0);

  await toggle(LABEL.tabDiscography).click();
  await toggle(LABEL.tabTechSpecs).click();
  const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/instances\/[^/]+$/.test(r.url()));
  await features.getByRole('button', { name: LABEL.saveChanges }).click();
  const refused = await answer;
  expect(refused.status()).toBe(PAYMENT_REQUIRED);
  expect(((await refused.json()) as { msg: string }).msg).toBe(PERMISSION.discography);
  const upgrade = await dialog(page, LABEL.upgradeTitle);
  await expect(upgrade.getByTestId('permission-text')).toHaveText(MSG.upgradeRequired);
  await expect(upgrade.getByTestId('permission-features').locator('li')).toHaveText([LABEL.tabDiscography]);
  await expect(toggle(LABEL.tabDiscography)).not.toBeChecked();
  await upgrade.getByRole('button', { name: 'OK' }).click();
  await expect(upgrade).toBeHidden();
  expect(saves).toHaveLength(1);
  expect(await readFeatures(token, made.data._id)).toMatchObject({
    discography: { is_enable: 0 },
    tech_specs: { is_enable: 0 },
  });
});
