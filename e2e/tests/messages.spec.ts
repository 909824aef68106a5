/**
 * MESSAGES A PERSON UNDERSTANDS: a refused field is named as the screen labels it, in red under the
 * field, and its tab marked; forms refuse before sending what the server would refuse; an audio file over the
 * upload limit gets the reason; an image short of the hint is shown as visitors see it, with a warning.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LABEL, MSG } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { fieldError, toasts, uid } from './lists.ts';
import {
  api,
  apiLogin,
  customerWithPassword,
  DEMO,
  demoCategoryId,
  settled,
  signIn,
  sineWav,
  solidPng,
  toast,
} from './support.ts';

test.use({ actionTimeout: 10_000 });

/** The requests to the API that change something (a refused form must send none). */
function watchWrites(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/') && ['PUT', 'POST'].includes(r.method())) sent.push(`${r.method()} ${r.url()}`);
  });
  return sent;
}

/** A straight API call that must succeed, answering its data. */
async function call<T = unknown>(method: string, route: string, as: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, route, { token: as, body });
  expect(res.code, `${method} ${route}: ${res.msg}`).toBe(200);
  return res.data;
}

let token = '';
let productId = '';
test.beforeAll(async () => {
  token = await apiLogin(DEMO.customer);
  const made = await call<{ _id: string }>('POST', '/products', token, {
    general: { name: `E2E Messages ${uid()}`, is_published: 0, category_id: await demoCategoryId(token) },
  });
  productId = made._id;
});

async function openTab(page: Page, label: string, testId: string) {
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.goto(`/client/products/${productId}/edit`);
  await expect(page.getByRole('heading', { name: LABEL.productEdit })).toBeVisible();
  await page.getByRole('tab', { name: label, exact: true }).click();
  await expect(page.getByTestId(testId)).toBeVisible();
  return page.getByTestId(testId);
}

test('profile: the server’s refusal shows under the field as its label names it, with no toast', async ({ page }) => {
  const email = await customerWithPassword('Messages!234', 'messages-profile');
  await signIn(page, email, 'Messages!234');
  await expect(page).toHaveURL(/\/client\/products$/);
  await page.getByTestId('nav-client-profile').click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  // refused before sending: not a phone number, not a web address
  const sent = watchWrites(page);
  await page.getByLabel('Phone', { exact: true }).fill('call me after six');
  await page.getByLabel('Company Website', { exact: true }).fill('www.demo-audio.example');
  await page.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(fieldError(page, 'Phone')).toHaveText(`Phone ${MSG.phoneLike}`);
  await expect(fieldError(page, 'Company Website')).toHaveText('Company Website must start with http:// or https://');
  expect(sent).toEqual([]);

  // refused by the server (the form sets no bound on City): the field says why, in its own words, and no toast
  // shows a field path
  await page.getByLabel('Phone', { exact: true }).fill('+1 (615) 555-0101');
  await page.getByLabel('Company Website', { exact: true }).fill('https://demo-audio.example');
  await page.getByLabel('City', { exact: true }).fill('N'.repeat(201));
  await page.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(fieldError(page, 'City')).toHaveText('City must be at most 200 characters');
  await expect(fieldError(page, 'Phone')).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(await toasts(page)).toEqual([]);
  expect(sent).toHaveLength(1);

  await page.getByLabel('City', { exact: true }).fill('Nashville');
  await page.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.profileUpdated)).toBeVisible();
  await expect(fieldError(page, 'City')).toHaveCount(0);
  const info = await call<{ city: string; phone: string }>('GET', '/users/info', await apiLogin(email, 'Messages!234'));
  expect(info).toMatchObject({ city: 'Nashville', phone: '+1 (615) 555-0101' });
});

test('Price: a negative price is refused under its field and the tab is marked; nothing is saved', async ({ page }) => {
  const price = await openTab(page, LABEL.tabPrice, 'tab-price');
  const sent = watchWrites(page);
  const field = price.getByLabel('Default price', { exact: true });
  await field.fill('-5');
  await field.blur();
  // kept as typed, not turned into 0.00
  await expect(field).toHaveValue('-5.00');
  await price.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(fieldError(price, 'Default price')).toHaveText('Default price must be 0 or more');
  await expect(page.getByTestId('invalid-price')).toBeVisible();
  // the new marks themselves (antd's own error red is the theme's)
  await expectAccessible(page, 'the refused tab’s mark', { include: '[data-testid="invalid-price"]' });
  await page.waitForTimeout(300);
  expect(await toasts(page)).not.toContain(MSG.updateSuccess);
  expect(sent).toEqual([]);
  const product = await call<{ price: unknown }>('GET', `/products/${productId}`, token);
  expect(product.price).toBeNull();
});

test('Discography: an empty record and a link that is not http(s) are refused in the dialog', async ({ page }) => {
  const disco = await openTab(page, LABEL.tabDiscography, 'tab-discography');
  await disco.getByRole('button', { name: LABEL.newDiscography }).click();
  const dialog = await settled(page.getByRole('dialog', { name: LABEL.newDiscography }));
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Fill in at least one field');
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Artist', { exact: true }).fill('Nora Vale');
  await dialog.getByLabel('Spotify Link', { exact: true }).fill('open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
  await dialog.getByLabel('TIDAL Link', { exact: true }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(fieldError(dialog, 'Spotify Link')).toHaveText('Spotify link must start with http:// or https://');
  await expect(fieldError(dialog, 'TIDAL Link')).toHaveText('TIDAL link must start with http:// or https://');
  await expect(dialog).toBeVisible();

  await dialog
    .getByLabel('Spotify Link', { exact: true })
    .fill('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
  await dialog.getByLabel('TIDAL Link', { exact: true }).fill('https://tidal.com/track/1');
  await dialog.getByRole('button', { name: LABEL.save }).click();
  await expect(dialog).toBeHidden();
  await disco.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSuccess)).toBeVisible();
  const product = await call<{ discography: Record<string, string | null>[] }>('GET', `/products/${productId}`, token);
  expect(product.discography).toMatchObject([
    {
      artist: 'Nora Vale',
      spotify_link: 'spotify:track:4uLU6hMCjMI75M1A2tKUQC',
      tidal_link: 'https://tidal.com/track/1',
    },
  ]);
});

test('Images: an 800x600 image is accepted, shown as the player crops it, with a warning under the box', async ({
  page,
}) => {
  const images = await openTab(page, LABEL.tabImages, 'tab-images');
  const thumb = page.getByTestId('image-thumbnail');
  await images.getByLabel('Upload thumbnail', { exact: true }).setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: solidPng('#1d4ed8', 800, 600),
  });
  await expect(thumb).toContainText('wide.png');
  await expect(thumb.getByTestId('image-warning')).toHaveText(
    'This image is 800x600: smaller than 1080x1080 and not square. Visitors see its centred square, as shown here.',
  );
  await expectAccessible(page, 'the image warning', { include: '[data-testid="image-warning"]' });
  const img = thumb.locator('img');
  const shown = await img.evaluate((el: HTMLImageElement) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return { fit: style.objectFit, position: style.objectPosition, width: box.width, height: box.height };
  });
  expect(shown).toEqual({ fit: 'cover', position: '50% 50%', width: 120, height: 120 });

  // a square image of the hint's size: no warning
  await images.getByLabel('Upload large image', { exact: true }).setInputFiles({
    name: 'square.png',
    mimeType: 'image/png',
    buffer: solidPng('#1d4ed8', 1080, 1080),
  });
  const large = page.getByTestId('image-large');
  await expect(large).toContainText('square.png');
  await expect.poll(() => large.locator('img').evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1080);
  await expect(large.getByTestId('image-warning')).toHaveCount(0);
  const product = await call<{ images: { thumbnail: { name: string } } }>('GET', `/products/${productId}`, token);
  expect(product.images.thumbnail.name).toBe('wide.png');
});

test('Audio: a file over 500 MB is refused with the reason before anything is sent; the limit is written', async ({
  page,
}) => {
  const song = await call<{ _id: string }>('POST', '/songs', token, { name: `E2E Limit ${uid()}`, song_type: 1 });
  await call('PUT', `/products/${productId}`, token, { type: 'songs', content: [song._id] });
  await call('POST', '/instruments', token, { name: 'Overhead', song_id: song._id });
  // a sparse file: 500 MB and 1 byte on the disk's books, a WAV header in its first bytes, nothing written after
  const path = join(tmpdir(), `e2e-over-limit-${uid()}.wav`);
  const fd = openSync(path, 'w');
  writeSync(fd, sineWav(1).subarray(0, 4096), 0, 4096, 0);
  writeSync(fd, Buffer.from([0]), 0, 1, 500 * 1024 * 1024);
  closeSync(fd);

  await openTab(page, LABEL.tabAudio, 'tab-audio');
  const source = page.getByTestId('source').filter({ hasText: 'Overhead' });
  await expect(source.getByText('Up to 500 MB', { exact: true })).toBeVisible();
  const sent: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (url.includes('/aws/presigned_url') || url.includes('/files/audio/') || r.method() === 'PUT') sent.push(url);
  });
  await source.getByLabel('Upload audio for Overhead', { exact: true }).setInputFiles(path);
  await expect(toast(page, MSG.audioTooLarge)).toBeVisible();
  await page.waitForTimeout(300);
  expect(await toasts(page)).toEqual([MSG.audioTooLarge]);
  expect(sent).toEqual([]);
  await expect(source.getByTestId('audio-state')).toHaveText('No audio');
  await expectAccessible(page, 'the upload limit', { include: '.source__limit' });

  // the client guide says the same
  await page.goto('/client/guide');
  await page.getByRole('tab', { name: LABEL.guideAudio, exact: true }).click();
  await expect(page.getByTestId('guide-audio-limit')).toHaveText(
    'Each audio file may be up to 500 MB (WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg).',
  );
});
