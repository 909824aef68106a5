/**
 * A pending instance explains itself. A customer makes a new instance: the list shows it
 * Pending; Preview opens the real player as the brand's signed-in preview, with the banner, while a visitor (a
 * fresh browser, no session) is told the player is not available; Publish in the list makes it Active and the
 * visitor's player opens; Unpublish (confirmed) makes it Pending again. The session token reaches the player in
 * memory: it is never in a URL.
 */
import { LABEL, MSG, PLAYER_TEXT, TOKEN_KEY } from '@atk/contract';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { choose, confirmRowAction, dialog, fillFilter, headers, row, rows, search, signInAs, uid } from './lists.ts';
import { DEMO, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });
test.setTimeout(120_000);

/** The demo brand's category whose four published microphones a new instance takes (bootstrap/demo). */
const CATEGORY = 'Microphones';
const SUB_CATEGORY = 'Studio Microphones';

/** A visitor: a browser of its own, no session, opening a share link of the instance on the console's origin. */
async function visit(browser: Browser, id: string, check: (panel: Locator, page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`/?atk_instance=${id}`);
    await check(page.locator('atk-player').getByRole('dialog'), page);
  } finally {
    await context.close();
  }
}

test('a new instance is Pending; its brand previews it with a banner; Publish shows it to visitors', async ({
  page,
  browser,
}) => {
  const name = `E2E Preview ${uid()}`;
  await signInAs(page, DEMO.customer, '/client/products');
  await page.getByRole('link', { name: LABEL.navMyPlayers }).click();
  const table = page.getByTestId('instance-list');
  await expect(headers(table)).toHaveText(['#', 'Instance', LABEL.status, 'Last updated', 'Operate']);

  // ── New Instance → Save ──
  await page.getByRole('button', { name: LABEL.newInstance }).click();
  const form = await dialog(page, LABEL.newInstance);
  await choose(page, form, 'Category', CATEGORY, CATEGORY);
  await choose(page, form, 'Sub Category', SUB_CATEGORY);
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createInstanceSuccess)).toBeVisible();
  await expect(form).toBeHidden();

  // ── the list says Pending, and offers Publish ──
  await fillFilter(page, 'Name', name);
  await search(page);
  await expect(rows(table)).toHaveCount(1);
  const line = row(table, name);
  await expect(line.locator('td').nth(2)).toHaveText(LABEL.statusPending);
  await expect(line.getByRole('button')).toHaveText([LABEL.preview, LABEL.publish, LABEL.duplicate, LABEL.delete]);
  const href = await page.getByRole('link', { name: `Edit ${name}` }).getAttribute('href');
  const id = (String(href).match(/instances\/([0-9a-f-]{36})\/edit$/) as RegExpMatchArray)[1];

  // ── Preview: the player, with the banner, read with the session in a header and not in the URL ──
  const token = (await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)) as string;
  expect(token).toBeTruthy();
  const reads: { url: string; authorization: string | undefined }[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/widget/instances/')) reads.push({ url: r.url(), authorization: r.headers().authorization });
  });
  await line.getByRole('button', { name: `${LABEL.preview} ${name}` }).click();
  const player = page.locator('atk-player');
  const panel = player.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('note')).toHaveText(PLAYER_TEXT.preview);
  await expect(panel.getByText('Demo Audio', { exact: true })).toBeVisible();
  // The demo microphones, once their audio is processed (a fresh server prepares it in its first seconds).
  await expect(panel.getByRole('list').getByRole('listitem').first()).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole('note')).toHaveText(PLAYER_TEXT.preview);
  await expectAccessible(page, 'the preview with its banner', { include: 'atk-player' });
  expect(reads.length).toBeGreaterThan(0);
  for (const read of reads) {
    expect(read.authorization).toBe(`Bearer ${token}`);
    expect(read.url).not.toContain(token);
  }
  expect(await player.evaluate((el) => Array.from(el.attributes, (a) => a.value).join(' '))).not.toContain(token);
  await page.keyboard.press('Escape');
  await expect(player).toHaveAttribute('status', 'hide');

  // ── a visitor cannot see it yet ──
  await visit(browser, id, async (visitor) => {
    await expect(visitor.getByRole('alert')).toHaveText(PLAYER_TEXT.notAvailable);
  });

  // ── Publish from the list: Active, and the visitor's player opens, without the banner ──
  await line.getByRole('button', { name: `${LABEL.publish} ${name}` }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(line.locator('td').nth(2)).toHaveText(LABEL.statusActive);
  await expect(line.getByRole('button')).toHaveText([LABEL.preview, LABEL.unpublish, LABEL.duplicate, LABEL.delete]);
  await visit(browser, id, async (visitor) => {
    await expect(visitor).toHaveAccessibleName(name);
    await expect(visitor.getByRole('list').getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    await expect(visitor.getByRole('note')).toHaveCount(0);
  });
  // The brand's own Preview of a published instance is the visitors' player: no banner.
  await line.getByRole('button', { name: `${LABEL.preview} ${name}` }).click();
  await expect(panel.getByRole('list').getByRole('listitem').first()).toBeVisible();
  await expect(panel.getByRole('note')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(player).toHaveAttribute('status', 'hide');

  // ── Unpublish asks first, then it is Pending again ──
  await confirmRowAction(page, LABEL.unpublish, name, MSG.unpublishInstanceConfirm);
  await expect(line.locator('td').nth(2)).toHaveText(LABEL.statusPending);
  await expect(line.getByRole('button', { name: `${LABEL.publish} ${name}` })).toBeVisible();
  await visit(browser, id, async (visitor) => {
    await expect(visitor.getByRole('alert')).toHaveText(PLAYER_TEXT.notAvailable);
  });
});
