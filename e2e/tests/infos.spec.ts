/**
 * Info pages (/global/infos, titled ATK PLAYER EDIT): the operator writes the
 * player's info pages (Home, Listening Tips, About Us, FAQ) in the rich-text editor and the frequency graph's
 * bands in the form; SAVE CHANGES saves only the current tab's kind; the player shows both on its next launch
 * (its help and about view, its Frequency Graph panel); stored XSS runs neither in the console nor in the player.
 *
 * The scene: a customer of its own with Frequency Graphs and Other Brands Products in its plan publishes a player
 * comparing two demo microphones with the Frequency Graph panel on. The tests change the platform's settings and
 * put them back; only the AIR band is changed, which no other spec reads.
 */
import {
  DEFAULT_SUBSCRIPTION,
  FREQUENCY_BAND_LABELS,
  type FrequencyBands,
  INFO_PAGE_LABELS,
  type InfosContent,
  LABEL,
  MSG,
  ORDERED_FEATURES,
  type PlayerInstance,
} from '@atk/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs, uid, writeRichText } from './lists.ts';
import { api, apiLogin, customerOnPlan, DEMO, expectNoXss, STORED_XSS, signIn, toast } from './support.ts';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });
test.setTimeout(90_000);

const TAB_LABELS = [...Object.values(INFO_PAGE_LABELS), LABEL.tabFrequencyGraph];

async function adminCall<T>(method: string, route: string, body?: unknown): Promise<T> {
  const token = await apiLogin(DEMO.global_admin);
  const res = await api<T>(method, route, { token, body });
  expect(res.code, `${method} ${route}: ${res.msg}`).toBe(200);
  return res.data;
}
const readInfos = async () => (await adminCall<{ content: InfosContent }>('GET', '/admin/settings/infos')).content;
const readBands = async () =>
  (await adminCall<{ content: FrequencyBands }>('GET', '/admin/settings/freq_graph')).content;

const scene = { id: '', name: '', infos: null as unknown as InfosContent, bands: null as unknown as FrequencyBands };

test.beforeAll(async () => {
  test.setTimeout(150_000);
  scene.infos = await readInfos();
  scene.bands = await readBands();

  const lab = await customerOnPlan('Info Lab', {
    ...DEFAULT_SUBSCRIPTION,
    frequency_graphs: { is_enable: 1 },
    other_brands_products: { is_enable: 1 },
  });
  const token = await apiLogin(lab.email, lab.password);
  const call = async <T>(method: string, route: string, body?: unknown) => {
    const res = await api<T>(method, route, { token, body });
    expect(res.code, `${method} ${route}: ${res.msg}`).toBe(200);
    return res.data;
  };
  const demo = await apiLogin(DEMO.customer);
  const mics = await api<{ list: { _id: string; general: { name: string; brand_id: string } }[] }>(
    'GET',
    '/products?page_num=1&page_size=20&name=Velour',
    { token: demo },
  );
  const velour = mics.data.list.find((p) => p.general.name === 'Velour R2');
  expect(velour, 'the demo microphone Velour R2').toBeTruthy();

  scene.name = `Info Player ${uid()}`;
  const made = await call<{ _id: string }>('POST', '/instances', { general: { name: scene.name } });
  scene.id = made._id;
  await call('PUT', `/instances/${scene.id}`, { general: { name: scene.name, is_published: 1 } });
  const free = [2, 3, 4, 5];
  await call('PUT', `/instances/${scene.id}`, {
    features: {
      ...Object.fromEntries(
        ORDERED_FEATURES.map((key) => [
          key,
          key === 'frequency_graphs' ? { is_enable: 1, order: 1 } : { is_enable: 0, order: free.shift() },
        ]),
      ),
      products_in_player: { max_num: 5 },
      atk_songs: { max_num: 3 },
      other_brands_products: { is_enable: 1 },
      my_audio: { is_enable: 0 },
      display_price: { is_enable: 0 },
    },
  });
  await call('PUT', `/instances/${scene.id}`, {
    products: [],
    other_products: [{ product_id: velour?._id, brand_id: velour?.general.brand_id, is_active: 1, order: 1 }],
  });
  // The demo audio is processed by the server's jobs at start: the player opens once it is ready.
  await expect
    .poll(async () => (await api<PlayerInstance>('GET', `/widget/instances/${scene.id}`)).data?.preparing, {
      timeout: 120_000,
      intervals: [1000],
    })
    .toBe(0);
});

test.afterAll(async () => {
  if (scene.infos) await adminCall('PUT', '/admin/settings/infos', { content: scene.infos });
  if (scene.bands) await adminCall('PUT', '/admin/settings/freq_graph', { content: scene.bands });
});

/** Opens the scene's player on a page of the site (a share link launches it) and answers its dialog. */
async function launch(page: Page): Promise<Locator> {
  await page.goto(`/terms?atk_instance=${scene.id}`);
  const dialog = page.locator('atk-player').getByRole('dialog', { name: scene.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: LABEL.tabFrequencyGraph })).toBeVisible();
  return dialog;
}

const airRow = (dialog: Locator) =>
  dialog.getByRole('tabpanel').getByRole('table').getByRole('row').filter({ hasText: /^AIR/ });

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('the info pages and bands saved on the screen are what the player shows on its next launch', async ({
  page,
  browser,
}) => {
  // A visitor launches the player before the operator's change: the bands as they are now, no info pages yet.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  try {
    const before = await launch(visitorPage);
    await expect(airRow(before)).toContainText(scene.bands.air.desc);

    // The operator's screen.
    await signInAs(page, DEMO.global_admin, '/global/brands');
    await page.getByRole('link', { name: LABEL.navInfoPages, exact: true }).click();
    await expect(page).toHaveURL(/\/global\/infos$/);
    await expect(page.getByRole('heading', { level: 1, name: LABEL.playerEdit })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(TAB_LABELS);
    await expect(tab(page, 'Home')).toHaveAttribute('aria-selected', 'true');

    const stamp = uid();
    const home = page.getByTestId('info-tab-home');
    await writeRichText(page, home, 'Home', `Welcome ${stamp}`, [
      'Compare ',
      { bold: 'real' },
      ' recordings, read our ',
      { link: 'story', href: 'https://example.com/story' },
    ]);
    await home.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(toast(page, MSG.updateSuccess)).toBeVisible();

    await tab(page, 'FAQ').click();
    const faq = page.getByTestId('info-tab-faq');
    await writeRichText(page, faq, 'FAQ', `Is it free ${stamp}?`, ['Yes, ', { italic: 'always' }, '.']);
    await faq.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(page.getByTestId('dirty-faq')).toHaveCount(0);

    // Saving FAQ kept Home as saved, and the bands as they were.
    const infos = await readInfos();
    expect(infos.home).toMatch(new RegExp(`^<h3>Welcome ${stamp}</h3><p>Compare <strong>real</strong> recordings`));
    expect(infos.faq).toBe(`<h3>Is it free ${stamp}?</h3><p>Yes, <em>always</em>.</p>`);
    expect(infos.listening_tips).toBe(scene.infos.listening_tips);
    expect(infos.about_us).toBe(scene.infos.about_us);
    expect(await readBands()).toEqual(scene.bands);

    // The bands: seven groups in order, the form says what is wrong before anything is sent.
    await tab(page, LABEL.tabFrequencyGraph).click();
    const form = page.getByTestId('tab-frequency-graph');
    await expect(form.locator('legend')).toHaveText([...FREQUENCY_BAND_LABELS]);
    const band = (label: string) => form.getByRole('group', { name: label, exact: true });
    const low = band('LOW');
    await expect(low.getByLabel(LABEL.minHz)).toHaveValue(String(scene.bands.low.min));
    await low.getByLabel(LABEL.maxHz).fill(String(scene.bands.low.min - 1));
    await low.getByLabel(LABEL.minHz).fill('0');
    await form.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(low.getByText(`${LABEL.minHz} ${MSG.frequencyHzRange}`)).toBeVisible();
    await low.getByLabel(LABEL.minHz).fill(String(scene.bands.low.min));
    await expect(low.getByText(`${LABEL.maxHz} ${MSG.frequencyMaxAboveMin}`)).toBeVisible();
    await low.getByLabel(LABEL.maxHz).fill('30000');
    await expect(low.getByText(`${LABEL.maxHz} ${MSG.frequencyHzRange}`)).toBeVisible();
    await low.getByLabel(LABEL.maxHz).fill(String(scene.bands.low.max));
    expect(await readBands()).toEqual(scene.bands);

    const air = band('AIR');
    await air.getByLabel(LABEL.minHz).fill('11000');
    await air.getByLabel(LABEL.maxHz).fill('22000');
    await air.getByLabel(LABEL.description).fill(`Shimmer ${stamp}`);
    await form.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(page.getByTestId('dirty-freq_graph')).toHaveCount(0);
    await expect(low.locator('.ant-form-item-explain-error')).toHaveCount(0);
    expect(await readBands()).toEqual({ ...scene.bands, air: { min: 11000, max: 22000, desc: `Shimmer ${stamp}` } });
    // Saving the bands left the info pages as they were.
    expect(await readInfos()).toEqual(infos);

    // The player's next launch shows them: the Frequency Graph panel's AIR row, and the help and about view.
    const after = await launch(visitorPage);
    await expect(airRow(after)).toContainText('11 kHz – 22 kHz');
    await expect(airRow(after)).toContainText(`Shimmer ${stamp}`);
    const about = after.getByRole('button', { name: 'About & help' });
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    await about.click();
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    const view = after.getByRole('region', { name: 'About and help' });
    // Only the pages written are offered, in the console's order.
    const pages = [
      ['home', 'Home'],
      ['listening_tips', 'Listening Tips'],
      ['about_us', 'About Us'],
      ['faq', 'FAQ'],
    ]
      .filter(([key]) => key === 'home' || key === 'faq' || scene.infos[key as keyof InfosContent] !== '')
      .map(([, label]) => label);
    await expect(view.getByRole('tab')).toHaveText(pages);
    const panel = view.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 3, name: `Welcome ${stamp}` })).toBeVisible();
    await expect(panel.locator('strong')).toHaveText('real');
    const story = panel.getByRole('link', { name: 'story' });
    await expect(story).toHaveAttribute('href', 'https://example.com/story');
    await expect(story).toHaveAttribute('target', '_blank');
    await expect(story).toHaveAttribute('rel', /noopener noreferrer/);
    await view.getByRole('tab', { name: 'FAQ' }).click();
    await expect(panel.getByRole('heading', { level: 3, name: `Is it free ${stamp}?` })).toBeVisible();
    await expect(panel.locator('em')).toHaveText('always');
  } finally {
    await visitor.close();
  }
});

test('CANCEL goes back; the screen opens with what was saved', async ({ page }) => {
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.getByRole('link', { name: LABEL.navInfoPages, exact: true }).click();
  await expect(page).toHaveURL(/\/global\/infos$/);
  await tab(page, LABEL.tabFrequencyGraph).click();
  const bands = await readBands();
  const air = page.getByTestId('tab-frequency-graph').getByRole('group', { name: 'AIR', exact: true });
  await expect(air.getByLabel(LABEL.maxHz)).toHaveValue(String(bands.air.max));
  await expect(air.getByLabel(LABEL.description)).toHaveValue(bands.air.desc);
  await page.getByTestId('tab-frequency-graph').getByRole('button', { name: LABEL.cancel }).click();
  await expect(page).toHaveURL(/\/global\/brands$/);
});

test('stored XSS in every info page runs neither in the console nor in the player', async ({ page, browser }) => {
  const dialogs: string[] = [];
  const watch = (p: Page) =>
    p.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  watch(page);
  const stamp = uid();
  // Sent as a hostile client would, past the editor.
  await adminCall('PUT', '/admin/settings/infos', {
    content: Object.fromEntries(
      Object.entries(INFO_PAGE_LABELS).map(([key, label]) => [key, `<h3>${label} ${stamp}</h3>${STORED_XSS}`]),
    ),
  });

  // The player: every page of the help and about view.
  const dialog = await launch(page);
  await dialog.getByRole('button', { name: 'About & help' }).click();
  const view = dialog.getByRole('region', { name: 'About and help' });
  for (const label of Object.values(INFO_PAGE_LABELS)) {
    await view.getByRole('tab', { name: label }).click();
    const panel = view.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 3, name: `${label} ${stamp}` })).toBeVisible();
    await panel.getByText('hover me').hover();
    await expectNoXss(page, panel);
  }

  // The console: the operator's editors.
  const context = await browser.newContext();
  try {
    const operator = await context.newPage();
    watch(operator);
    await signIn(operator, DEMO.global_admin);
    await expect(operator).toHaveURL(/\/global\/brands$/);
    await operator.goto('/global/infos');
    for (const [key, label] of Object.entries(INFO_PAGE_LABELS)) {
      await tab(operator, label).click();
      const editor = operator.getByTestId(`info-tab-${key}`).getByRole('textbox', { name: label, exact: true });
      await expect(editor.getByRole('heading', { level: 3, name: `${label} ${stamp}` })).toBeVisible();
      await expectNoXss(operator, editor);
    }
  } finally {
    await context.close();
  }
  expect(dialogs).toEqual([]);
});
