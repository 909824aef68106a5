/**
 * The client guide (spec 3 §2 /client/guide, §7 Guide; spec 2 /global/guides): four markdown tabs read from the
 * `guide` setting. The built-in guide until an operator saves one; an operator's change seen after a reload; raw
 * HTML in the markdown shown as text, never run.
 *
 * The tests of this file run in order in one worker; the one that changes the guide puts the original back.
 */
import { type GuideContent, LABEL } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { api, apiLogin, DEMO, signIn } from './support.ts';

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

  // The built-in text, rendered as markdown (headings, lists, emphasis).
  const content = page.getByTestId('guide-content');
  await expect(content.getByRole('heading', { level: 2, name: 'Your products' })).toBeVisible();
  await expect(content.getByRole('heading', { level: 3, name: 'Upload audio' })).toBeVisible();

  await tab(page, LABEL.guidePlayers).click();
  const players = page.getByTestId('guide-players');
  await expect(players.getByRole('heading', { level: 2, name: 'Players' })).toBeVisible();
  await expect(players.getByText('New Instance', { exact: true })).toBeVisible();

  await tab(page, LABEL.guideAudio).click();
  const audio = page.getByTestId('guide-audio');
  await expect(audio.getByRole('heading', { level: 2, name: 'Audio guidelines' })).toBeVisible();
  for (const format of ['WAV', 'AIFF', 'FLAC', 'MP3', 'M4A', 'Ogg'])
    await expect(audio.getByText(format, { exact: true }).first()).toBeVisible();
  await expect(audio.getByRole('heading', { name: 'Record aligned takes of one performance' })).toBeVisible();
  await expect(audio.getByRole('heading', { name: 'Loudness' })).toBeVisible();

  await tab(page, LABEL.guideIntegrate).click();
  const integrate = page.getByTestId('guide-integrate');
  await expect(integrate.getByRole('heading', { level: 2, name: 'Put the player on your website' })).toBeVisible();
  await expect(integrate.getByText('<atk-player></atk-player>', { exact: true }).first()).toBeVisible();

  // The chosen tab is remembered for the route.
  await page.reload();
  await expect(tab(page, LABEL.guideIntegrate)).toHaveAttribute('aria-selected', 'true');
});

test("an operator's change is read after a reload; raw HTML is shown as text, never run", async ({ page }) => {
  const original = await currentGuide();
  try {
    await openGuide(page);
    await tab(page, LABEL.guideContent).click();
    await expect(page.getByTestId('guide-content').getByRole('heading', { name: 'Your products' })).toBeVisible();

    const stamp = Date.now().toString(36);
    await saveGuide({
      ...original,
      content: `## Welcome ${stamp}\n\nRead the [handbook](https://example.com/handbook) first.`,
      audio: [
        `## Audio ${stamp}`,
        '',
        '<script>window.__guideScript = 1</script>',
        '',
        'Inline <b>bold tag</b> and <img src="x" onerror="window.__guideImg = 1">',
        '',
        '[bad link](javascript:window.__guideLink=1)',
      ].join('\n'),
    });

    // Not seen before a reload (the page read the guide when it opened)…
    await expect(page.getByTestId('guide-content').getByRole('heading', { name: 'Your products' })).toBeVisible();
    // …seen after one.
    await page.reload();
    const content = page.getByTestId('guide-content');
    await expect(content.getByRole('heading', { level: 2, name: `Welcome ${stamp}` })).toBeVisible();
    const link = content.getByRole('link', { name: 'handbook' });
    await expect(link).toHaveAttribute('href', 'https://example.com/handbook');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);

    await tab(page, LABEL.guideAudio).click();
    const audio = page.getByTestId('guide-audio');
    await expect(audio.getByRole('heading', { level: 2, name: `Audio ${stamp}` })).toBeVisible();
    // The markup is text on the page, not elements.
    await expect(audio).toContainText('<script>window.__guideScript = 1</script>');
    await expect(audio).toContainText('<b>bold tag</b>');
    await expect(audio).toContainText('<img src="x" onerror="window.__guideImg = 1">');
    await expect(audio.locator('script, b, img')).toHaveCount(0);
    // A javascript: link loses its address.
    const bad = audio.getByText('bad link', { exact: true });
    await expect(bad).toBeVisible();
    expect(await bad.evaluate((el) => el.closest('a')?.getAttribute('href') ?? '')).not.toMatch(/javascript/i);
    const ran = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return [w.__guideScript, w.__guideImg, w.__guideLink];
    });
    expect(ran).toEqual([undefined, undefined, undefined]);
  } finally {
    await saveGuide(original);
  }
});
