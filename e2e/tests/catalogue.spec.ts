/**
 * The catalogue screens (docs/api.md "Catalogue screens"): a global admin builds a category → sub
 * category → song → instruments from the screens ('Create … success' each), reorders songs and instruments (after every
 * move the orders read through the API are 1..n in the order the table shows), edits an instrument on its own page, and
 * switches a source off: the player of an instance offering it stops offering it at once.
 *
 * The player part needs recordings: the scene's brand (its own, so no other spec's player changes) gets a product in
 * the new sub category with processed audio on two of the instruments (uploaded through the API as the Audio tab
 * does), and a published instance of that category.
 */
import { API_BASE, LABEL, MSG, type PlayerInstance } from '@atk/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import {
  brandIdOf,
  choose,
  confirmPopover,
  confirmRowAction,
  DEMO_BRAND,
  dialog,
  fillFilter,
  row,
  rows,
  search,
  selectShown,
  signInAs,
  uid,
} from './lists.ts';
import { api, apiLogin, baseUrl, DEMO, ok, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });
test.setTimeout(180_000);

const tag = uid();
const names = {
  brand: `E2E Catalogue Brand ${tag}`,
  category: `E2E Category ${tag}`,
  sub: `E2E Sub ${tag}`,
  songs: [`Song One ${tag}`, `Song Two ${tag}`, `Song Three ${tag}`],
  instruments: [`Kick ${tag}`, `Snare ${tag}`, `Bass ${tag}`],
};

/** One second of a 16-bit mono sine at 44.1 kHz: a real WAV file for the audio upload. */
function toneWav(freq: number): Buffer {
  const rate = 44100;
  const samples = rate;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * freq * i) / rate)), 44 + i * 2);
  return out;
}

type Ordered = { _id: string; name: string; order: number };

/** The rows' names as the table shows them, and the orders the API reads: 1..n in that very order. */
async function expectContiguous(table: Locator, route: string, expected: string[]) {
  await expect(rows(table).locator('td:nth-child(2)')).toHaveText(expected);
  const token = await apiLogin(DEMO.global_admin);
  const { list } = await ok(api<{ list: Ordered[] }>('GET', route, { token }));
  expect(list.map((r) => r.name)).toEqual(expected);
  expect(list.map((r) => r.order)).toEqual(expected.map((_, i) => i + 1));
}

/** Types a new order into a row's Order box and presses Enter: the row moves there. */
async function moveTo(page: Page, name: string, order: number, success: string) {
  const box = page.getByLabel(`Order ${name}`, { exact: true });
  await box.fill(String(order));
  await box.press('Enter');
  await expect(toast(page, success)).toBeVisible();
}

test('a global admin builds and orders the catalogue, and a source switched off leaves the player', async ({
  page,
}) => {
  const admin = await apiLogin(DEMO.global_admin);
  const brand = await ok(
    api<{ _id: string }>('POST', '/admin/brands', { token: admin, body: { name: names.brand, is_published: 1 } }),
  );

  await signInAs(page, DEMO.global_admin, '/global/brands');

  // Categories, from the sidebar: New Category.
  await page.getByTestId('nav-global-categories').click();
  await expect(page).toHaveURL(/\/global\/categories$/);
  await expect(page.getByRole('heading', { level: 1, name: LABEL.categories, exact: true })).toBeVisible();
  const categories = page.getByTestId('category-list');
  await expect(categories.locator('thead th')).toHaveText(['Index', 'Name', LABEL.status, 'Last updated', 'Operate']);
  await page.getByRole('button', { name: LABEL.newCategory }).click();
  const newCategory = await dialog(page, LABEL.newCategory);
  await newCategory.getByLabel('Name', { exact: true }).fill(names.category);
  await expect(selectShown(newCategory, LABEL.status)).toHaveText(LABEL.statusPending);
  await choose(page, newCategory, LABEL.status, LABEL.statusActive);
  await newCategory.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createCategorySuccess)).toBeVisible();
  await expect(newCategory).toBeHidden();
  await fillFilter(page, 'Name', names.category);
  await search(page);
  await expect(rows(categories)).toHaveCount(1);
  await expect(row(categories, names.category).locator('td')).toContainText(['1', names.category, LABEL.statusActive]);

  // CATEGORY EDIT: rename, then a sub category.
  await page.getByRole('button', { name: `${LABEL.edit} ${names.category}`, exact: true }).click();
  await expect(page).toHaveURL(/\/global\/categories\/[0-9a-f-]{36}\/edit$/);
  const categoryEdit = page.getByTestId('category-edit');
  await expect(categoryEdit.getByRole('heading', { name: LABEL.categoryEdit })).toBeVisible();
  await expect(categoryEdit.getByLabel('Name', { exact: true })).toHaveValue(names.category);
  names.category = `${names.category} Renamed`;
  await categoryEdit.getByLabel('Name', { exact: true }).fill(names.category);
  await categoryEdit.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateCategorySuccess)).toBeVisible();
  await expect(categoryEdit.getByText(names.category, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: LABEL.newSubCategory }).click();
  const newSub = await dialog(page, LABEL.newSubCategory);
  await newSub.getByLabel('Name', { exact: true }).fill(names.sub);
  await choose(page, newSub, LABEL.status, LABEL.statusActive);
  await newSub.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createSubCategorySuccess)).toBeVisible();
  const subs = page.getByTestId('category-sub-categories');
  await expect(rows(subs)).toHaveCount(1);
  await expect(row(subs, names.sub).locator('td').nth(1)).toHaveText(LABEL.statusActive);
  const categoryId = (page.url().match(/categories\/([0-9a-f-]{36})\/edit/) as RegExpMatchArray)[1];

  // The sub category's own list names its category.
  await page.goto('/global/sub_categories');
  await expect(page.getByRole('heading', { level: 1, name: LABEL.subCategories, exact: true })).toBeVisible();
  await fillFilter(page, 'Name', names.sub);
  await search(page);
  const subList = page.getByTestId('sub-category-list');
  await expect(row(subList, names.sub).locator('td').nth(2)).toHaveText(names.category);

  // SUB CATEGORY EDIT: the name read-only, three songs (the dialog 770 px wide).
  await page.getByRole('button', { name: `${LABEL.edit} ${names.sub}`, exact: true }).click();
  await expect(page).toHaveURL(/\/global\/sub_categories\/[0-9a-f-]{36}\/edit$/);
  const subId = (page.url().match(/sub_categories\/([0-9a-f-]{36})\/edit/) as RegExpMatchArray)[1];
  const subEdit = page.getByTestId('sub-category-edit');
  await expect(subEdit.getByRole('heading', { name: LABEL.subCategoryEdit })).toBeVisible();
  await expect(subEdit.getByLabel('Name', { exact: true })).toHaveValue(names.sub);
  await expect(subEdit.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
  for (const song of names.songs) {
    await page.getByRole('button', { name: LABEL.newCatalogueSong }).click();
    const newSong = await dialog(page, LABEL.newCatalogueSong);
    expect(Math.round((await newSong.boundingBox())?.width ?? 0)).toBe(770);
    await newSong.getByLabel('Song name', { exact: true }).fill(song);
    await newSong.getByLabel('Song writer', { exact: true }).fill(`Writer of ${song}`);
    await choose(page, newSong, 'Brand', names.brand, names.brand);
    await choose(page, newSong, LABEL.status, LABEL.statusActive);
    await newSong.getByRole('button', { name: LABEL.save }).click();
    await expect(toast(page, MSG.createSongSuccess)).toBeVisible();
    await expect(newSong).toBeHidden();
  }
  const songs = page.getByTestId('sub-category-songs');
  const songsRoute = `/admin/songs?sub_category_id=${subId}&page_num=1&page_size=1000&is_deleted=false`;
  await expectContiguous(songs, songsRoute, names.songs);

  // Reorder songs: the third to the top, then the (new) first to the bottom.
  const [one, two, three] = names.songs;
  await moveTo(page, three, 1, MSG.updateSongSuccess);
  await expectContiguous(songs, songsRoute, [three, one, two]);
  await moveTo(page, three, 3, MSG.updateSongSuccess);
  await expectContiguous(songs, songsRoute, [one, two, three]);
  await moveTo(page, two, 1, MSG.updateSongSuccess);
  await expectContiguous(songs, songsRoute, [two, one, three]);

  // SONG EDIT of the first song: its fields, then three instruments (dialogs 30 %).
  await page.getByRole('button', { name: `${LABEL.edit} ${two}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/global/songs/[0-9a-f-]{36}/edit\\?sub_category_id=${subId}$`));
  const songId = (page.url().match(/songs\/([0-9a-f-]{36})\/edit/) as RegExpMatchArray)[1];
  const songEdit = page.getByTestId('song-edit');
  await expect(songEdit.getByRole('heading', { name: LABEL.songEdit })).toBeVisible();
  await expect(songEdit.getByLabel('Name', { exact: true })).toHaveValue(two);
  await expect(songEdit.getByLabel('Song writer', { exact: true })).toHaveValue(`Writer of ${two}`);
  await expect(selectShown(songEdit, LABEL.status)).toHaveText(LABEL.statusActive);
  await songEdit.getByLabel('Song writer', { exact: true }).fill('The Catalogue Band');
  await songEdit.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateSongSuccess)).toBeVisible();

  for (const instrument of names.instruments) {
    await page.getByRole('button', { name: LABEL.newInstrument }).click();
    const newInstrument = await dialog(page, LABEL.newInstrument);
    await newInstrument.getByLabel('Name', { exact: true }).fill(instrument);
    await choose(page, newInstrument, LABEL.status, LABEL.statusActive);
    await newInstrument.getByLabel('Performer name', { exact: true }).fill(`Player of ${instrument}`);
    await newInstrument.getByRole('button', { name: LABEL.save }).click();
    await expect(toast(page, MSG.createInstrumentSuccess)).toBeVisible();
    await expect(newInstrument).toBeHidden();
  }
  const instruments = page.getByTestId('song-instruments');
  const instrumentsRoute = `/admin/instruments?song_id=${songId}&page_num=1&page_size=1000&is_deleted=false&sort=order`;
  const [kick, snare, bass] = names.instruments;
  await expectContiguous(instruments, instrumentsRoute, [kick, snare, bass]);
  await moveTo(page, bass, 1, MSG.updateInstrumentSuccess);
  await expectContiguous(instruments, instrumentsRoute, [bass, kick, snare]);
  await moveTo(page, bass, 2, MSG.updateInstrumentSuccess);
  await expectContiguous(instruments, instrumentsRoute, [kick, bass, snare]);
  await moveTo(page, kick, 3, MSG.updateInstrumentSuccess);
  await expectContiguous(instruments, instrumentsRoute, [bass, snare, kick]);

  // INSTRUMENT EDIT: the performer name, saved and read back.
  await page.getByRole('button', { name: `${LABEL.edit} ${snare}`, exact: true }).click();
  await expect(page).toHaveURL(/\/global\/instruments\/[0-9a-f-]{36}\/edit$/);
  const instrumentEdit = page.getByTestId('instrument-edit');
  await expect(instrumentEdit.getByRole('heading', { name: LABEL.instrumentEdit })).toBeVisible();
  await expect(instrumentEdit.getByLabel('Performer name', { exact: true })).toHaveValue(`Player of ${snare}`);
  await instrumentEdit.getByLabel('Performer name', { exact: true }).fill('Ringo');
  await instrumentEdit.getByRole('button', { name: LABEL.saveChanges }).click();
  await expect(toast(page, MSG.updateInstrumentSuccess)).toBeVisible();
  await instrumentEdit.getByRole('button', { name: LABEL.cancel }).click();
  await expect(page).toHaveURL(new RegExp(`/global/songs/${songId}/edit`));
  await expect(row(instruments, snare).locator('td').nth(2)).toHaveText('Ringo');

  // The scene's player: a product of the brand in this sub category, recordings of Bass and Snare, an instance.
  const { list } = await ok(api<{ list: Ordered[] }>('GET', instrumentsRoute, { token: admin }));
  const idOf = (name: string) => (list.find((i) => i.name === name) as Ordered)._id;
  const product = await ok(
    api<{ _id: string }>('POST', '/admin/products', {
      token: admin,
      body: {
        general: {
          name: `E2E Catalogue Mic ${tag}`,
          brand_id: brand._id,
          category_id: categoryId,
          sub_category_id: subId,
          is_published: 1,
        },
      },
    }),
  );
  for (const [i, name] of [bass, snare].entries()) {
    const link = await ok(
      api<{ presigned_url: string; key: string; headers: Record<string, string> }>(
        'GET',
        `/admin/aws/presigned_url?mine_type=wav&product_id=${product._id}&song_id=${songId}&instrument_id=${idOf(name)}&brand_id=${brand._id}`,
        { token: admin },
      ),
    );
    const put = await fetch(link.presigned_url, {
      method: 'PUT',
      headers: link.headers,
      body: new Uint8Array(toneWav(220 * (i + 1))),
    });
    expect(put.status, await put.text()).toBeLessThan(300);
    await ok(
      api('PUT', `/admin/products/${product._id}`, {
        token: admin,
        body: {
          type: 'audio',
          content: { song_id: songId, instrument_id: idOf(name), url: link.key, name: `${name}.wav` },
        },
      }),
    );
  }
  await expect(async () => {
    const audio = await ok(
      api<{ list: { audio?: { status: string } | null }[] }>(
        'GET',
        `/admin/instruments?song_id=${songId}&product_id=${product._id}&page_num=1&page_size=1000`,
        { token: admin },
      ),
    );
    expect(audio.list.filter((i) => i.audio?.status === 'ready')).toHaveLength(2);
  }).toPass({ timeout: 90_000 });
  const instance = await ok(
    api<{ _id: string }>('POST', '/admin/instances', {
      token: admin,
      body: {
        general: {
          name: `E2E Catalogue Player ${tag}`,
          brand_id: brand._id,
          category_id: categoryId,
          sub_category_id: subId,
          is_published: 1,
        },
      },
    }),
  );
  const offered = async () => {
    const res = await fetch(`${baseUrl()}${API_BASE}/widget/instances/${instance._id}`);
    const body = (await res.json()) as { data: PlayerInstance };
    return body.data.songs.flatMap((s) => s.sources.map((x) => x.name));
  };
  expect(await offered()).toEqual([bass, snare]);

  // Snare switched off on SONG EDIT: saved at once, and the player offers Bass only.
  const snareSwitch = page.getByRole('switch', { name: `${LABEL.status} ${snare}`, exact: true });
  await expect(snareSwitch).toBeChecked();
  await snareSwitch.click();
  await expect(toast(page, MSG.updateInstrumentSuccess)).toBeVisible();
  await expect(snareSwitch).not.toBeChecked();
  await expect.poll(offered).toEqual([bass]);
  await page.reload();
  await expect(page.getByRole('switch', { name: `${LABEL.status} ${snare}`, exact: true })).not.toBeChecked();

  // Deleting an instrument closes its gap.
  await page.getByRole('button', { name: `${LABEL.delete} ${kick}`, exact: true }).click();
  await confirmPopover(page, MSG.deleteRecordConfirm);
  await expect(toast(page, MSG.deleteSuccess)).toBeVisible();
  await expectContiguous(instruments, instrumentsRoute, [bass, snare]);
});

/** The children's list (New … on its right) starts clear below the edit page's CANCEL and SAVE CHANGES. */
async function expectChildrenClear(page: Page, edit: Locator, create: string) {
  const actions = await edit.locator('.page__actions').boundingBox();
  const button = await page.getByRole('button', { name: create }).boundingBox();
  expect(actions && button).toBeTruthy();
  if (!actions || !button) return;
  expect(button.y).toBeGreaterThanOrEqual(actions.y + actions.height + 16);
}

/** The sidebar entry highlighted: the catalogue's pages all sit under Products > Categories. */
const highlighted = (page: Page) =>
  page.getByRole('navigation', { name: 'Sidebar' }).locator('.ant-menu-item-selected');

test("the catalogue edit pages: a category's sub categories edited and deleted, a song's switch and delete, layout and sidebar", async ({
  page,
}) => {
  const t = uid();
  const category = `E2E Layout Category ${t}`;
  const [kept, dropped] = [`E2E Kept Sub ${t}`, `E2E Dropped Sub ${t}`];
  const [song, gone] = [`E2E Switch Song ${t}`, `E2E Gone Song ${t}`];
  const admin = await apiLogin(DEMO.global_admin);
  const made = await ok(
    api<{ _id: string }>('POST', '/admin/categories', { token: admin, body: { name: category, is_published: 1 } }),
  );

  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.goto(`/global/categories/${made._id}/edit`);
  const categoryEdit = page.getByTestId('category-edit');
  await expect(categoryEdit.getByLabel('Name', { exact: true })).toHaveValue(category);
  await expect(highlighted(page)).toHaveText(LABEL.navCategories);
  await expectChildrenClear(page, categoryEdit, LABEL.newSubCategory);
  await expectAccessible(page, 'Category edit');

  const subs = page.getByTestId('category-sub-categories');
  for (const name of [kept, dropped]) {
    await page.getByRole('button', { name: LABEL.newSubCategory }).click();
    const create = await dialog(page, LABEL.newSubCategory);
    await create.getByLabel('Name', { exact: true }).fill(name);
    await create.getByRole('button', { name: LABEL.save }).click();
    await expect(toast(page, MSG.createSubCategorySuccess)).toBeVisible();
    await expect(create).toBeHidden();
    await expect(row(subs, name).locator('td').nth(1)).toHaveText(LABEL.statusPending);
  }

  // Edit: the dialog holds the sub category; renamed and made Active
  await page.getByRole('button', { name: `${LABEL.edit} ${kept}`, exact: true }).click();
  const edit = await dialog(page, LABEL.editSubCategory);
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(kept);
  await expect(selectShown(edit, LABEL.status)).toHaveText(LABEL.statusPending);
  const renamed = `${kept} Renamed`;
  await edit.getByLabel('Name', { exact: true }).fill(renamed);
  await choose(page, edit, LABEL.status, LABEL.statusActive);
  await edit.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.updateSubCategorySuccess)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row(subs, renamed).locator('td').nth(1)).toHaveText(LABEL.statusActive);

  // a New Sub Category opened after that edit starts empty
  await page.getByRole('button', { name: LABEL.newSubCategory }).click();
  const fresh = await dialog(page, LABEL.newSubCategory);
  await expect(fresh.getByLabel('Name', { exact: true })).toHaveValue('');
  await fresh.getByRole('button', { name: LABEL.cancel }).click();
  await expect(fresh).toBeHidden();

  await page.getByRole('button', { name: `${LABEL.delete} ${dropped}`, exact: true }).click();
  await confirmPopover(page, MSG.deleteRecordConfirm);
  await expect(toast(page, MSG.deleteSuccess)).toBeVisible();
  await expect(rows(subs).locator('td:first-child')).toHaveText([renamed]);

  // SUB CATEGORY EDIT: two songs; one switched Active (saved at once), the other deleted
  await page.getByRole('link', { name: renamed, exact: true }).click();
  const subEdit = page.getByTestId('sub-category-edit');
  await expect(subEdit.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await expect(highlighted(page)).toHaveText(LABEL.navCategories);
  await expectChildrenClear(page, subEdit, LABEL.newCatalogueSong);
  await expectAccessible(page, 'Sub category edit');
  for (const name of [song, gone]) {
    await page.getByRole('button', { name: LABEL.newCatalogueSong }).click();
    const create = await dialog(page, LABEL.newCatalogueSong);
    await expect(create.getByLabel('Song name', { exact: true })).toHaveValue('');
    await create.getByLabel('Song name', { exact: true }).fill(name);
    await choose(page, create, 'Brand', DEMO_BRAND, DEMO_BRAND);
    await create.getByRole('button', { name: LABEL.save }).click();
    await expect(toast(page, MSG.createSongSuccess)).toBeVisible();
    await expect(create).toBeHidden();
  }
  const songs = page.getByTestId('sub-category-songs');
  const publish = page.getByRole('switch', { name: `${LABEL.status} ${song}`, exact: true });
  await expect(publish).not.toBeChecked();
  await publish.click();
  await expect(toast(page, MSG.updateSongSuccess)).toBeVisible();
  await expect(publish).toBeChecked();
  await page.getByRole('button', { name: `${LABEL.delete} ${gone}`, exact: true }).click();
  await confirmPopover(page, MSG.deleteRecordConfirm);
  await expect(toast(page, MSG.deleteSuccess)).toBeVisible();
  await expect(rows(songs).locator('td:nth-child(2)')).toHaveText([song]);
  await page.reload();
  await expect(page.getByRole('switch', { name: `${LABEL.status} ${song}`, exact: true })).toBeChecked();

  // SONG EDIT and INSTRUMENT EDIT are the catalogue's too
  await page.getByRole('button', { name: `${LABEL.edit} ${song}`, exact: true }).click();
  const songEdit = page.getByTestId('song-edit');
  await expect(songEdit.getByLabel('Name', { exact: true })).toHaveValue(song);
  await expect(highlighted(page)).toHaveText(LABEL.navCategories);
  await expectChildrenClear(page, songEdit, LABEL.newInstrument);
  await expectAccessible(page, 'Song edit');
  await page.getByRole('button', { name: LABEL.newInstrument }).click();
  const instrument = await dialog(page, LABEL.newInstrument);
  await instrument.getByLabel('Name', { exact: true }).fill(`Tuba ${t}`);
  await instrument.getByRole('button', { name: LABEL.save }).click();
  await expect(toast(page, MSG.createInstrumentSuccess)).toBeVisible();
  await page.getByRole('button', { name: `${LABEL.edit} Tuba ${t}`, exact: true }).click();
  await expect(page.getByTestId('instrument-edit').getByLabel('Name', { exact: true })).toHaveValue(`Tuba ${t}`);
  await expect(highlighted(page)).toHaveText(LABEL.navCategories);
});

test('a category in use is not deleted: the refusal says what uses it, and its products still name it', async ({
  page,
}) => {
  const t = uid();
  const category = `E2E Used Category ${t}`;
  const admin = await apiLogin(DEMO.global_admin);
  const made = await ok(
    api<{ _id: string }>('POST', '/admin/categories', { token: admin, body: { name: category, is_published: 1 } }),
  );
  const brand = await brandIdOf();
  for (const name of [`E2E Used Mic A ${t}`, `E2E Used Mic B ${t}`]) {
    await ok(
      api('POST', '/admin/products', {
        token: admin,
        body: { general: { name, brand_id: brand, category_id: made._id, is_published: 1 } },
      }),
    );
  }
  await ok(
    api('POST', '/admin/instances', {
      token: admin,
      body: { general: { name: `E2E Used Player ${t}`, brand_id: brand, category_id: made._id } },
    }),
  );

  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.goto('/global/categories');
  await fillFilter(page, 'Name', category);
  await search(page);
  const list = page.getByTestId('category-list');
  await expect(rows(list).locator('td:nth-child(2)')).toHaveText([category]);
  await confirmRowAction(page, LABEL.delete, category);
  await expect(toast(page, 'Used by 2 products and 1 instance')).toBeVisible();
  await expect(toast(page, MSG.deleteSuccess)).toHaveCount(0);
  // Still listed after a reload, and the products still read its name.
  await page.reload();
  await expect(rows(list).locator('td:nth-child(2)')).toHaveText([category]);
  const products = await ok(
    api<{ list: { general: { category_id: string } }[] }>(
      'GET',
      `/admin/products?page_num=1&page_size=20&is_deleted=false&brand_id=${brand}&name=${encodeURIComponent(`E2E Used Mic`)}`,
      { token: admin },
    ),
  );
  expect(products.list.map((p) => p.general.category_id)).toEqual([made._id, made._id]);
});
