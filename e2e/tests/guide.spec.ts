/**
 * The client guide (/client/guide, and GUIDE EDIT at /global/guides; docs/api.md
 * "Client guide and the player's public read"): four rich-text tabs of the `guide` setting. The built-in guide until
 * an operator saves one; the guide an operator writes in the editor read by customers as formatted text; saving one
 * tab leaves the others as they were; stored XSS never runs.
 *
 * The tests of this file run in order in one worker; those that change the guide put the original back.
 */
import { type GuideContent, LABEL, MSG } from '@atk/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInAs, uid, writeRichText } from './lists.ts';
import { api, apiLogin, DEMO, expectNoXss, STORED_XSS, signIn, toast } from './support.ts';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

const TABS = [
  { key: 'content', label: LABEL.guideContent },
  { key: 'players', label: LABEL.guidePlayers },
  { key: 'audio', label: LABEL.guideAudio },
  { key: 'integrate', label: LABEL.guideIntegrate },
] as const;

async function openGuide(page: Page) {
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.goto('/client/guide');
  await expect(page.getByRole('heading', { level: 1, name: LABEL.navGuide })).toBeVisible();
}

/** The guide as a customer reads it, in a browser of its own. */
async function customerGuide(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openGuide(page);
  return { page, close: () => context.close() };
}

const tab = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });

async function saveGuide(content: GuideContent) {
  const token = await apiLogin(DEMO.global_admin);
  const res = await api('PUT', '/admin/settings/guide', { token, body: { content } });
  expect(res.code, res.msg).toBe(200);
}

async function currentGuide(): Promise<GuideContent> {
  const token = await apiLogin(DEMO.global_admin);
  const res = await api<{ content: GuideContent }>('GET', '/admin/settings/guide', { token });
  expect(res.code, res.msg).toBe(200);
  return res.data.content;
}

test('the customer reads the four tabs of the built-in guide, linked from the sidebar', async ({ page }) => {
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.getByRole('link', { name: LABEL.navGuide, exact: true }).click();
  await expect(page).toHaveURL(/\/client\/guide$/);

  for (const { label } of TABS) await expect(tab(page, label)).toBeVisible();
  await expect(tab(page, LABEL.guideContent)).toHaveAttribute('aria-selected', 'true');

  // The built-in text, as rich text (headings, bold, the list items as paragraphs).
  const content = page.getByTestId('guide-content');
  await expect(content.getByRole('heading', { level: 3, name: 'Your products' })).toBeVisible();
  await expect(content.getByRole('heading', { level: 3, name: 'Upload audio' })).toBeVisible();
  await expect(content.locator('strong', { hasText: 'New Product' })).toBeVisible();

  await tab(page, LABEL.guidePlayers).click();
  const players = page.getByTestId('guide-players');
  await expect(players.getByRole('heading', { level: 3, name: 'Players' })).toBeVisible();
  await expect(players.getByText('New Instance', { exact: true })).toBeVisible();

  await tab(page, LABEL.guideAudio).click();
  const audio = page.getByTestId('guide-audio');
  await expect(audio.getByRole('heading', { level: 3, name: 'Audio guidelines' })).toBeVisible();
  for (const format of ['WAV', 'AIFF', 'FLAC', 'MP3', 'M4A', 'Ogg'])
    await expect(audio.getByText(format, { exact: true }).first()).toBeVisible();
  await expect(audio.getByRole('heading', { name: 'Record aligned takes of one performance' })).toBeVisible();
  await expect(audio.getByRole('heading', { name: 'Loudness' })).toBeVisible();

  await tab(page, LABEL.guideIntegrate).click();
  const integrate = page.getByTestId('guide-integrate');
  await expect(integrate.getByRole('heading', { level: 3, name: 'Put the player on your website' })).toBeVisible();
  // The element's code is text on the page, not an element.
  await expect(integrate).toContainText('place the player element once: <atk-player></atk-player>.');
  await expect(integrate.locator('atk-player')).toHaveCount(0);

  // The chosen tab is remembered for the route.
  await page.reload();
  await expect(tab(page, LABEL.guideIntegrate)).toHaveAttribute('aria-selected', 'true');
});

test('the guide an operator writes in the editor is what customers read, formatted; the other tabs stay', async ({
  page,
  browser,
}) => {
  const original = await currentGuide();
  try {
    await signInAs(page, DEMO.global_admin, '/global/brands');
    await page.getByRole('link', { name: LABEL.navClientGuides, exact: true }).click();
    await expect(page).toHaveURL(/\/global\/guides$/);
    await expect(page.getByRole('heading', { level: 1, name: LABEL.guideEdit })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(TABS.map((t) => t.label));
    await expect(tab(page, LABEL.guideContent)).toHaveAttribute('aria-selected', 'true');

    // The editor holds the guide customers read now.
    const frame = page.getByTestId('guide-tab-content');
    const editor = frame.getByRole('textbox', { name: LABEL.guideContent, exact: true });
    await expect(editor.getByRole('heading', { level: 3, name: 'Your products' })).toBeVisible();

    const stamp = uid();
    await writeRichText(page, frame, LABEL.guideContent, `Welcome ${stamp}`, [
      'Read this ',
      { bold: 'carefully' },
      ' and ',
      { italic: 'often' },
      '. ',
      { underline: 'Underlined' },
      ' words, then the ',
      { link: 'handbook', href: 'https://example.com/handbook' },
    ]);
    await expect(page.getByTestId('dirty-content')).toBeVisible();
    await frame.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(toast(page, MSG.updateSuccess)).toBeVisible();
    await expect(page.getByTestId('dirty-content')).toHaveCount(0);

    // Stored as the allow-list's HTML; the other tabs as they were.
    const saved = await currentGuide();
    expect(saved.content).toMatch(
      new RegExp(
        `^<h3>Welcome ${stamp}</h3><p>Read this <strong>carefully</strong> and <em>often</em>\\. <u>Underlined</u> words, then the <a [^>]*href="https://example\\.com/handbook"[^>]*>handbook</a></p>$`,
      ),
    );
    expect({ ...saved, content: original.content }).toEqual(original);

    // A customer reads it as formatted text.
    const customer = await customerGuide(browser);
    try {
      const content = customer.page.getByTestId('guide-content');
      await expect(content.getByRole('heading', { level: 3, name: `Welcome ${stamp}` })).toBeVisible();
      await expect(content.locator('strong')).toHaveText('carefully');
      await expect(content.locator('em')).toHaveText('often');
      await expect(content.locator('u')).toHaveText('Underlined');
      const link = content.getByRole('link', { name: 'handbook' });
      await expect(link).toHaveAttribute('href', 'https://example.com/handbook');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /(^|\s)noopener(\s|$)/);
      await expect(link).toHaveAttribute('rel', /(^|\s)noreferrer(\s|$)/);
      await expect(content).not.toContainText('Your products');
    } finally {
      await customer.close();
    }

    // Another tab: saved on its own, the Content tab keeps what was just saved.
    await tab(page, LABEL.guideAudio).click();
    const audio = page.getByTestId('guide-tab-audio');
    await writeRichText(page, audio, LABEL.guideAudio, `Audio ${stamp}`, ['Only ', { bold: 'lossless' }, '.']);
    await audio.getByRole('button', { name: LABEL.saveChanges }).click();
    await expect(toast(page, MSG.updateSuccess).last()).toBeVisible();
    const again = await currentGuide();
    expect(again.audio).toBe(`<h3>Audio ${stamp}</h3><p>Only <strong>lossless</strong>.</p>`);
    expect(again.content).toBe(saved.content);
    expect(again.players).toBe(original.players);
    expect(again.integrate).toBe(original.integrate);

    // Leaving a tab with unsaved changes asks first; CANCEL in the prompt discards them.
    await tab(page, LABEL.guidePlayers).click();
    const players = page.getByTestId('guide-tab-players');
    await writeRichText(page, players, LABEL.guidePlayers, 'Not kept', ['never saved']);
    await tab(page, LABEL.guideIntegrate).click();
    const prompt = page.getByRole('dialog', { name: MSG.saveBeforeMoving });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: LABEL.cancel }).click();
    await expect(tab(page, LABEL.guideIntegrate)).toHaveAttribute('aria-selected', 'true');
    expect((await currentGuide()).players).toBe(original.players);
  } finally {
    await saveGuide(original);
  }
});

test('stored XSS in every tab never runs: customers read what the allow-list kept', async ({ page, browser }) => {
  const original = await currentGuide();
  const dialogs: string[] = [];
  const watch = (p: Page) =>
    p.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  watch(page);
  try {
    // Sent as a hostile client would, past the editor.
    const stamp = uid();
    await saveGuide({
      content: `<h3>Content ${stamp}</h3>${STORED_XSS}`,
      players: `<h3>Players ${stamp}</h3>${STORED_XSS}`,
      audio: `<h3>Audio ${stamp}</h3>${STORED_XSS}`,
      integrate: `<h3>Integrate ${stamp}</h3>${STORED_XSS}`,
    });
    await openGuide(page);
    for (const { key, label } of TABS) {
      await tab(page, label).click();
      const panel = page.getByTestId(`guide-${key}`);
      await expect(panel.getByRole('heading', { level: 3, name: `${label} ${stamp}` })).toBeVisible();
      await expect(panel.getByText('After the attempts.')).toBeVisible();
      await panel.getByText('hover me').hover();
      await expectNoXss(page, panel);
    }
    // The operator's editor opens the same text without running it either.
    const context = await browser.newContext();
    try {
      const operator = await context.newPage();
      watch(operator);
      await signInAs(operator, DEMO.global_admin, '/global/brands');
      await operator.goto('/global/guides');
      for (const { key, label } of TABS) {
        await tab(operator, label).click();
        const frame = operator.getByTestId(`guide-tab-${key}`);
        await expect(frame.getByRole('heading', { level: 3, name: `${label} ${stamp}` })).toBeVisible();
        await expectNoXss(operator, frame.getByRole('textbox', { name: label, exact: true }));
      }
    } finally {
      await context.close();
    }
    expect(dialogs).toEqual([]);
  } finally {
    await saveGuide(original);
  }
});
