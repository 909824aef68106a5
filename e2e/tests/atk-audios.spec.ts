/**
 * ATK audios (docs/api.md "A product's ATK songs"): a global admin creates a platform
 * song with a source on /global/audios, attaches it to a product on the product's Audio tab and uploads the
 * product's take; the demo customer then sees it on that product's Audio tab, read-only.
 */
import { LABEL, MSG } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { choose, signInAs, uid } from './lists.ts';
import { api, apiLogin, DEMO, demoCategoryId, settled, sineWav, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });
test.describe.configure({ mode: 'serial' });

const SONG = `E2E ATK Song ${uid()}`;
const ARTIST = 'ATK House Band';
const SOURCE = 'Drum kit';
const PERFORMER = 'Sam Groove';
let productId = '';
let productName = '';

test.beforeAll(async () => {
  const customer = await apiLogin(DEMO.customer);
  productName = `E2E ATK Mic ${uid()}`;
  const made = await api<{ _id: string }>('POST', '/products', {
    token: customer,
    body: {
      general: { name: productName, model: 'ATK-1', is_published: 1, category_id: await demoCategoryId(customer) },
    },
  });
  expect(made.code, made.msg).toBe(200);
  productId = made.data._id;
});

const songPanel = (page: Page) => page.getByTestId('song').filter({ hasText: SONG });
const source = (page: Page) => songPanel(page).getByTestId('source').filter({ hasText: SOURCE });

async function openAudioTab(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: LABEL.productEdit })).toBeVisible();
  await page.getByRole('tab', { name: LABEL.tabAudio, exact: true }).click();
  const tab = page.getByTestId('tab-audio');
  await expect(tab).toBeVisible();
  return tab;
}

test('a global admin creates an ATK song with a source, attaches it to a product and uploads its take', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, DEMO.global_admin, '/global/brands');

  // /global/audios: from the sidebar, no longer the 404 page
  await page.getByTestId('nav-global-audios').click();
  await expect(page).toHaveURL(/\/global\/audios$/);
  await expect(page.getByRole('heading', { name: LABEL.atkAudios })).toBeVisible();

  await page.getByRole('button', { name: LABEL.createNewSong }).click();
  const newSong = await settled(page.getByRole('dialog', { name: LABEL.newSong }));
  await newSong.getByLabel('Song name', { exact: true }).fill(SONG);
  await newSong.getByLabel('Artist name', { exact: true }).fill(ARTIST);
  await newSong.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createSongSuccess)).toBeVisible();
  await expect(newSong).toBeHidden();
  await expect(songPanel(page)).toContainText(ARTIST);
  await expect(songPanel(page)).toContainText('ATK');
  await expect(songPanel(page)).toContainText('No sources yet: add the first source of this song.');

  // A new song is Active (docs/api.md "Catalogue screens"); its status switch saves at once, both ways.
  const status = page.getByRole('switch', { name: `${LABEL.status} ${SONG}`, exact: true });
  await expect(status).toBeChecked();
  await status.click();
  await expect(toast(page, MSG.updateSongSuccess)).toBeVisible();
  await expect(status).not.toBeChecked();
  await status.click();
  await expect(status).toBeChecked();

  await page.getByRole('button', { name: `Add source to ${SONG}`, exact: true }).click();
  const newSource = await settled(page.getByRole('dialog', { name: LABEL.newSource }));
  await newSource.getByLabel('Source name', { exact: true }).fill(SOURCE);
  await newSource.getByLabel('Performer', { exact: true }).fill(PERFORMER);
  await newSource.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createInstrumentSuccess)).toBeVisible();
  await expect(newSource).toBeHidden();
  await expect(source(page)).toContainText(PERFORMER);

  // EDIT SONG holds the song and saves a new artist name
  await page.getByRole('button', { name: `Edit song ${SONG}`, exact: true }).click();
  const edit = await settled(page.getByRole('dialog', { name: LABEL.editSong }));
  await expect(edit.getByLabel('Song name', { exact: true })).toHaveValue(SONG);
  await edit.getByLabel('Artist name', { exact: true }).fill(`${ARTIST} Live`);
  await edit.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.updateSongSuccess)).toBeVisible();
  await expect(songPanel(page)).toContainText(`${ARTIST} Live`);

  // the dialogs start empty when opened again: not the song just edited, not the source just added
  await page.getByRole('button', { name: LABEL.createNewSong }).click();
  const again = await settled(page.getByRole('dialog', { name: LABEL.newSong }));
  await expect(again.getByLabel('Song name', { exact: true })).toHaveValue('');
  await expect(again.getByLabel('Artist name', { exact: true })).toHaveValue('');
  await again.getByRole('button', { name: LABEL.cancel }).click();
  await expect(again).toBeHidden();
  await page.getByRole('button', { name: `Add source to ${SONG}`, exact: true }).click();
  const sourceAgain = await settled(page.getByRole('dialog', { name: LABEL.newSource }));
  await expect(sourceAgain.getByLabel('Source name', { exact: true })).toHaveValue('');
  await expect(sourceAgain.getByLabel('Performer', { exact: true })).toHaveValue('');
  await sourceAgain.getByRole('button', { name: LABEL.cancel }).click();
  await expect(sourceAgain).toBeHidden();

  await page.reload();
  await expect(songPanel(page)).toContainText(`${ARTIST} Live`);
  await expect(source(page)).toContainText(PERFORMER);

  // the product's Audio tab: ADD ATK SONG
  const tab = await openAudioTab(page, `/global/products/${productId}/edit`);
  await expect(songPanel(page)).toHaveCount(0);
  await tab.getByRole('button', { name: LABEL.addAtkSong }).click();
  const attach = await settled(page.getByRole('dialog', { name: LABEL.addAtkSong }));
  await attach.getByRole('button', { name: LABEL.save }).click();
  await expect(attach.getByText(MSG.selectAtkSong, { exact: true })).toBeVisible();
  await choose(page, attach, 'ATK song', `${SONG} — ${ARTIST} Live`, SONG);
  await attach.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  await expect(attach).toBeHidden();
  await expect(songPanel(page)).toContainText('ATK');
  // sources of a platform song are edited on /global/audios, not here
  await expect(page.getByRole('button', { name: `Add source to ${SONG}`, exact: true })).toHaveCount(0);
  await expect(source(page).getByTestId('audio-state')).toHaveText('No audio');

  // the product's take
  await source(page)
    .getByLabel(`Upload audio for ${SOURCE}`, { exact: true })
    .setInputFiles({ name: 'atk-drums.wav', mimeType: 'audio/wav', buffer: sineWav(3) });
  await expect(source(page).getByTestId('audio-state')).toHaveText(LABEL.audioReady, { timeout: 45_000 });
  await expect(toast(page, MSG.uploadSuccess)).toBeVisible();
  await expect(source(page)).toContainText('atk-drums.wav');
  await expect(source(page).getByTestId('processed-link')).toHaveText(LABEL.processedMp3);

  // read back: the product offers the song and holds the take
  const admin = await apiLogin(DEMO.global_admin);
  const product = await api<{ atk_songs: string[]; audio: { name: string; status: string }[] }>(
    'GET',
    `/admin/products/${productId}`,
    { token: admin },
  );
  expect(product.data.atk_songs).toHaveLength(1);
  expect(product.data.audio).toMatchObject([{ name: 'atk-drums.wav', status: 'ready' }]);
  await page.reload();
  await expect(page.getByTestId('tab-audio')).toBeVisible();
  await expect(source(page).getByTestId('audio-state')).toHaveText(LABEL.audioReady);

  // and on /global/audios the take shows once that product is chosen
  await page.goto('/global/audios');
  await expect(source(page).getByTestId('audio-state')).toHaveCount(0);
  await choose(page, page, 'Product takes', `${productName} (Demo Audio)`, productName);
  await expect(source(page).getByTestId('audio-state')).toHaveText(LABEL.audioReady);
  await expect(source(page)).toContainText('atk-drums.wav');
});

test('the demo customer sees the ATK song and its take on the Audio tab, read-only', async ({ page }) => {
  await signInAs(page, DEMO.customer, '/client/products');
  const tab = await openAudioTab(page, `/client/products/${productId}/edit`);
  await expect(page.getByTestId('songs-empty')).toHaveCount(0);
  await expect(songPanel(page)).toContainText(`${ARTIST} Live`);
  await expect(songPanel(page)).toContainText('ATK');
  await expect(source(page)).toContainText(PERFORMER);
  await expect(source(page).getByTestId('audio-state')).toHaveText(LABEL.audioReady);
  await expect(source(page)).toContainText('atk-drums.wav');
  // no upload, no new or edited source, no song edit or removal, no attaching
  await expect(source(page).getByLabel(`Upload audio for ${SOURCE}`, { exact: true })).toHaveCount(0);
  await expect(source(page).getByRole('button')).toHaveCount(0);
  await expect(songPanel(page).getByRole('button', { name: `Add source to ${SONG}` })).toHaveCount(0);
  await expect(songPanel(page).getByRole('button', { name: `Edit song ${SONG}` })).toHaveCount(0);
  await expect(songPanel(page).getByRole('button', { name: `Remove ATK song ${SONG}` })).toHaveCount(0);
  await expect(tab.getByRole('button', { name: LABEL.addAtkSong })).toHaveCount(0);
});
