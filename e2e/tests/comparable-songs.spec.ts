/**
 * A brand makes two of its products comparable (issue 33): a cross-comparable song created on one product's Audio
 * tab, the second product added to it through ADD TO CROSS-COMPARABLE SONG, and under each source the products whose
 * recording of it is ready (docs/api.md "Who recorded a song"). Everything through the console, as a customer.
 */
import { LABEL, MSG } from '@atk/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { choose, uid } from './lists.ts';
import { api, apiLogin, DEMO, demoCategoryId, settled, signIn, sineWav, toast } from './support.ts';

const tag = uid();
const SONG = `E2E Shared ${tag}`;
const ARTIST = 'The Compared';
const SOURCE = 'Lead vocal';
// "A" before "B": the products are listed by name under each source
const FIRST = `E2E Comparable A ${tag}`;
const SECOND = `E2E Comparable B ${tag}`;
const ids: Record<string, string> = {};

test.beforeAll(async () => {
  const token = await apiLogin(DEMO.customer);
  const category_id = await demoCategoryId(token);
  // the New Product dialog's own call
  for (const name of [FIRST, SECOND]) {
    const made = await api<{ _id: string }>('POST', '/products', {
      token,
      body: { general: { name, is_published: 0, category_id } },
    });
    expect(made.code, made.msg).toBe(200);
    ids[name] = made.data._id;
  }
});

async function openAudio(page: Page, product: string, area = 'client') {
  await page.goto(`/${area}/products/${ids[product]}/edit`);
  await expect(page.getByRole('heading', { name: LABEL.productEdit })).toBeVisible();
  await page.getByRole('tab', { name: LABEL.tabAudio, exact: true }).click();
  const audio = page.getByTestId('tab-audio');
  await expect(audio).toBeVisible();
  return audio;
}

const sourceOf = (page: Page) => page.getByTestId('source').filter({ hasText: SOURCE });

async function uploadTake(page: Page, source: Locator, file: string) {
  await source
    .getByLabel(`Upload audio for ${SOURCE}`, { exact: true })
    .setInputFiles({ name: file, mimeType: 'audio/wav', buffer: sineWav(3) });
  await expect(source.getByTestId('audio-state')).toHaveText(LABEL.audioReady, { timeout: 45_000 });
  await expect(toast(page, MSG.uploadSuccess)).toBeVisible();
}

test.describe
  .serial('cross-comparable songs', () => {
    test('a brand creates a cross-comparable song on one product and uploads its take', async ({ page }) => {
      test.setTimeout(90_000);
      await signIn(page, DEMO.customer);
      await expect(page).toHaveURL(/\/client\/products$/);
      const audio = await openAudio(page, FIRST);
      await expect(page.getByTestId('songs-empty')).toBeVisible();

      await audio.getByRole('button', { name: LABEL.createNewSong }).click();
      const dialog = await settled(page.getByRole('dialog', { name: LABEL.newSong }));
      // the choice of kind, each with its one-line explanation; single-product unless told
      await expect(dialog.locator('.song-type__name')).toHaveText([LABEL.singleProductSong, LABEL.crossComparableSong]);
      await expect(dialog.locator('.song-type__hint')).toHaveText([
        LABEL.singleProductSongHint,
        LABEL.crossComparableSongHint,
      ]);
      // each radio is named by its kind and its explanation
      const kind = (label: string, hint: string) =>
        dialog.getByRole('radio', { name: `${label} ${hint}`, exact: true });
      await expect(kind(LABEL.singleProductSong, LABEL.singleProductSongHint)).toBeChecked();
      await expectAccessible(page, 'New song dialog with its kinds');
      await dialog.getByText(LABEL.crossComparableSong, { exact: true }).click();
      await expect(kind(LABEL.crossComparableSong, LABEL.crossComparableSongHint)).toBeChecked();
      await dialog.getByLabel('Song name', { exact: true }).fill(SONG);
      await dialog.getByLabel('Artist name', { exact: true }).fill(ARTIST);
      await dialog.getByRole('button', { name: LABEL.save }).click();
      await expect(toast(page, MSG.createSongSuccess)).toBeVisible();
      await expect(dialog).toBeHidden();

      const song = page.getByTestId('song').filter({ hasText: SONG });
      await expect(song.locator('.ant-collapse-header')).toContainText(`${SONG}${ARTIST}Cross-comparable`);

      await page.getByRole('button', { name: `Add source to ${SONG}`, exact: true }).click();
      const sourceDialog = await settled(page.getByRole('dialog', { name: LABEL.newSource }));
      await sourceDialog.getByLabel('Source name', { exact: true }).fill(SOURCE);
      await sourceDialog.getByRole('button', { name: LABEL.save }).click();
      await expect(toast(page, MSG.createInstrumentSuccess)).toBeVisible();
      const source = sourceOf(page);
      await expect(source.getByTestId('recorded-by')).toHaveText(LABEL.notRecordedYet);

      await uploadTake(page, source, 'first-take.wav');
      await expect(source.getByTestId('recorded-by')).toHaveText(`${LABEL.recordedBy}: ${FIRST}`);
      await expectAccessible(page, 'Audio tab of a cross-comparable song');
    });

    test('the second product joins it through the add dialog, and each source names who recorded it', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signIn(page, DEMO.customer);
      await expect(page).toHaveURL(/\/client\/products$/);
      const audio = await openAudio(page, SECOND);
      await expect(page.getByTestId('songs-empty')).toBeVisible();

      await audio.getByRole('button', { name: LABEL.addToCrossComparableSong }).click();
      const dialog = await settled(page.getByRole('dialog', { name: LABEL.addToCrossComparableSong }));
      // the brand's cross-comparable songs: the one just made is offered
      await choose(page, dialog, 'Cross-comparable song', `${SONG} — ${ARTIST}`, SONG);
      await dialog.getByRole('button', { name: LABEL.save }).click();
      await expect(toast(page, MSG.updateSuccess)).toBeVisible();
      await expect(dialog).toBeHidden();

      const song = page.getByTestId('song').filter({ hasText: SONG });
      await expect(song.locator('.ant-collapse-header')).toContainText(`${SONG}${ARTIST}Cross-comparable`);
      const source = sourceOf(page);
      // this product has no take yet; the first one has
      await expect(source.getByTestId('audio-state')).toHaveText('No audio');
      await expect(source.getByTestId('recorded-by')).toHaveText(`${LABEL.recordedBy}: ${FIRST}`);

      await uploadTake(page, source, 'second-take.wav');
      await expect(source.getByTestId('recorded-by')).toHaveText(`${LABEL.recordedBy}: ${FIRST}, ${SECOND}`);

      // the first product's tab tells the same
      await openAudio(page, FIRST);
      await expect(sourceOf(page).getByTestId('recorded-by')).toHaveText(`${LABEL.recordedBy}: ${FIRST}, ${SECOND}`);
    });

    test("an operator editing the brand's product sees the same on the admin path", async ({ page }) => {
      await signIn(page, DEMO.global_admin);
      await expect(page).toHaveURL(/\/global\//);
      await openAudio(page, SECOND, 'global');
      const song = page.getByTestId('song').filter({ hasText: SONG });
      await expect(song.locator('.ant-collapse-header')).toContainText(`${SONG}${ARTIST}Cross-comparable`);
      await expect(sourceOf(page).getByTestId('recorded-by')).toHaveText(`${LABEL.recordedBy}: ${FIRST}, ${SECOND}`);
      // the operator's new-song dialog offers the same choice
      await page.getByTestId('tab-audio').getByRole('button', { name: LABEL.createNewSong }).click();
      const dialog = await settled(page.getByRole('dialog', { name: LABEL.newSong }));
      await expect(dialog.locator('.song-type__name')).toHaveText([LABEL.singleProductSong, LABEL.crossComparableSong]);
      await dialog.getByRole('button', { name: LABEL.cancel }).click();
      await expect(dialog).toBeHidden();
    });
  });
