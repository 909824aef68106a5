/**
 * A brand's first hour, from the console alone (issue 33's journey): a stranger signs up on /signup, sees the pending
 * banner, an operator confirms the brand (the owner is mailed), the brand creates two products, a cross-comparable
 * song with one source on the first and adds the second to it, uploads a take for each, builds a player of its
 * category and publishes it, takes the complete page from the Integration page, and a visitor of that page on
 * another origin switches between the two products on that song. No API call is made outside the screens.
 */
import { LABEL, MSG } from '@atk/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { choose, dialog, fill, search, signInAs, uid } from './lists.ts';
import { DEMO, mailedText, serveElsewhere, settled, signIn, sineWav, toast } from './support.ts';

test.use({ actionTimeout: 15_000 });

const tag = uid();
const EMAIL = `first-hour-${tag}@e2e.example`;
const PASSWORD = 'FirstHour!234';
const BRAND = `First Hour Audio ${tag}`;
const PRODUCTS = [`FH Ribbon ${tag}`, `FH Condenser ${tag}`];
const SONG = `FH Song ${tag}`;
const SOURCE = 'Lead vocal';
const PLAYER = `FH Player ${tag}`;

async function newProduct(page: Page, name: string) {
  await page.getByTestId('nav-client-products').click();
  await page.getByRole('button', { name: LABEL.newProduct }).click();
  const form = await settled(page.getByRole('dialog', { name: LABEL.newProduct }));
  await form.getByLabel('Name', { exact: true }).fill(name);
  await choose(page, form, 'Status', LABEL.statusActive);
  await choose(page, form, 'Category', 'Microphones', 'Microphones');
  await form.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createProductSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/client\/products\/[0-9a-f-]{36}\/edit$/);
  await page.getByRole('tab', { name: LABEL.tabAudio, exact: true }).click();
  return page.getByTestId('tab-audio');
}

async function uploadTake(page: Page, source: Locator, frequency: number) {
  await source
    .getByLabel(`Upload audio for ${SOURCE}`, { exact: true })
    .setInputFiles({ name: `take-${frequency}.wav`, mimeType: 'audio/wav', buffer: sineWav(8, 44_100, frequency) });
  await expect(source.getByTestId('audio-state')).toHaveText(LABEL.audioReady, { timeout: 60_000 });
  await expect(toast(page, MSG.uploadSuccess)).toBeVisible();
}

test('a new brand reaches its first comparison from the console alone', async ({ page, browser }) => {
  test.setTimeout(300_000);

  // ── signs up ──
  await page.goto('/home');
  await page.getByTestId('header-signup').click();
  await fill(page, 'Email', EMAIL);
  await fill(page, 'Password', PASSWORD);
  await fill(page, 'Confirm Password', PASSWORD);
  await fill(page, 'Brand Name', BRAND);
  await page.getByLabel('I agree to the Terms and Conditions').check();
  await page.getByRole('button', { name: LABEL.createAccount }).click();
  await expect(page.getByTestId('signup-done')).toContainText(MSG.registerReceived);

  // ── signs in: the brand waits for an operator ──
  await signIn(page, EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/client\/products$/);
  await expect(page.getByTestId('pending-brand-banner').locator('.ant-alert-title')).toHaveText(MSG.brandPendingTitle);

  // ── an operator confirms it; the owner is mailed ──
  const operator = await (await browser.newContext()).newPage();
  await signInAs(operator, DEMO.global_admin, '/global/brands');
  await fill(operator, 'Name', BRAND);
  await search(operator);
  await operator.getByRole('button', { name: `${LABEL.edit} ${BRAND}`, exact: true }).click();
  const edit = await dialog(operator, LABEL.editBrand);
  await choose(operator, edit, LABEL.status, LABEL.statusActive);
  await edit.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(operator, MSG.updateBrandSuccess)).toBeVisible();
  await operator.context().close();
  await mailedText(EMAIL, `An operator confirmed your brand ${BRAND}.`);
  await page.reload();
  await expect(page.getByTestId('sidebar-title')).toHaveText(BRAND);
  await expect(page.getByTestId('pending-brand-banner')).toHaveCount(0);

  // ── two products; a cross-comparable song with one source on the first, and its take ──
  let audio = await newProduct(page, PRODUCTS[0]);
  await audio.getByRole('button', { name: LABEL.createNewSong }).click();
  const songForm = await settled(page.getByRole('dialog', { name: LABEL.newSong }));
  await songForm.getByText(LABEL.crossComparableSong, { exact: true }).click();
  await songForm.getByLabel('Song name', { exact: true }).fill(SONG);
  await songForm.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createSongSuccess)).toBeVisible();
  await page.getByRole('button', { name: `Add source to ${SONG}`, exact: true }).click();
  const sourceForm = await settled(page.getByRole('dialog', { name: LABEL.newSource }));
  await sourceForm.getByLabel('Source name', { exact: true }).fill(SOURCE);
  await sourceForm.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createInstrumentSuccess)).toBeVisible();
  const source = page.getByTestId('source').filter({ hasText: SOURCE });
  await uploadTake(page, source, 440);

  // ── the second joins the song, with its own take: the source names both ──
  audio = await newProduct(page, PRODUCTS[1]);
  await audio.getByRole('button', { name: LABEL.addToCrossComparableSong }).click();
  const join = await settled(page.getByRole('dialog', { name: LABEL.addToCrossComparableSong }));
  await choose(page, join, 'Cross-comparable song', SONG, SONG);
  await join.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await uploadTake(page, source, 660);
  await expect(source.getByTestId('recorded-by')).toHaveText(
    // listed by name
    `${LABEL.recordedBy}: ${[...PRODUCTS].sort().join(', ')}`,
  );

  // ── a player of the category, published ──
  await page.getByTestId('nav-client-instances').click();
  await page.getByRole('button', { name: LABEL.newInstance }).click();
  const instanceForm = await settled(page.getByRole('dialog', { name: LABEL.newInstance }));
  await choose(page, instanceForm, 'Category', 'Microphones', 'Microphones');
  await instanceForm.getByLabel('Name', { exact: true }).fill(PLAYER);
  await instanceForm.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createInstanceSuccess)).toBeVisible();
  await page.getByRole('button', { name: `${LABEL.publish} ${PLAYER}`, exact: true }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(page.getByText(MSG.publishNoProductConfirm)).toHaveCount(0);

  // ── the complete page from Integration, on the brand's own site ──
  await page.getByRole('link', { name: LABEL.navIntegration, exact: true }).click();
  await page.getByLabel('Player', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: PLAYER }).click();
  const html = (await page.getByTestId('snippet-developers-page').textContent()) ?? '';
  expect(html.startsWith('<!doctype html>')).toBe(true);
  const site = await serveElsewhere(html);
  const visitor = await browser.newContext();
  try {
    const brandPage = await visitor.newPage();
    await brandPage.goto(site.url);
    await brandPage.getByRole('button', { name: 'Listen and compare' }).click();
    const player = brandPage.locator('atk-player').getByRole('dialog', { name: PLAYER });
    await expect(player).toContainText(SONG);
    const play = player.getByRole('button', { name: /^(Play|Pause)$/ });
    await expect(play).not.toHaveAttribute('aria-disabled', 'true', { timeout: 20_000 });
    await play.click();
    await expect(play).toHaveAttribute('data-state', 'playing');
    const product = (name: string) =>
      player.getByRole('list').getByRole('button', { name: new RegExp(`^\\d?\\s*${name}`) });
    for (const name of [PRODUCTS[1], PRODUCTS[0]]) {
      await product(name).click();
      await expect(product(name)).toHaveAttribute('aria-pressed', 'true');
      await expect(play).toHaveAttribute('data-state', 'playing');
    }
  } finally {
    await visitor.close();
    await new Promise((resolve) => site.server.close(resolve));
  }
});
