/**
 * The catalogue screens' songs and sources (docs/api.md "Catalogue screens"): orders are positions 1..n
 * within a sub category (songs) or a song (sources). Changing one moves the item and shifts the ones between by one;
 * creating appends, deleting closes the gap; two operators saving at once still leave a permutation of 1..n (one
 * transaction with the group's parent row locked, src/modules/songs/ordering.ts). Runs on PGlite and, with
 * DATABASE_URL, PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { MSG, type Song } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminOnly, expectError, expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { startWithTenants, type Tenants } from '../support/tenants.ts';

let app: TestApp;
let t: Tenants;
beforeAll(async () => {
  ({ app, t } = await startWithTenants());
});
afterAll(() => app.close());

type List<T> = { list: T[]; total_num: number };
type Source = { _id: string; name: string; order: number; is_published: number; performer_name: string | null };
const admin = () => t.users.global_admin.token;

async function call<T>(method: string, path: string, body?: unknown, msg?: string) {
  const res = await app.call<T>(method, path, { token: admin(), body });
  if (msg) expectOk(res, msg);
  else expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

async function subCategory(name = `Sub ${randomUUID().slice(0, 8)}`) {
  const category = await call<{ _id: string }>('POST', '/admin/categories', { name: `Cat of ${name}` });
  return call<{ _id: string }>('POST', '/admin/sub_categories', { name, category_id: category._id });
}

const newSong = (sub: string, name: string, extra: Record<string, unknown> = {}) =>
  call<Song>(
    'POST',
    '/admin/songs',
    { name, sub_category_id: sub, brand_id: t.brandA.id, is_published: 0, ...extra },
    MSG.createSongSuccess,
  );

/** The songs of a sub category as the sub category screen lists them: names in order, and their orders. */
async function songsOf(sub: string) {
  const { list } = await call<List<Song>>(
    'GET',
    `/admin/songs?sub_category_id=${sub}&page_num=1&page_size=1000&is_deleted=false`,
  );
  return { names: list.map((s) => s.name), orders: list.map((s) => s.order) };
}

async function sourcesOf(song: string) {
  const { list } = await call<List<Source>>(
    'GET',
    `/admin/instruments?song_id=${song}&page_num=1&page_size=1000&is_deleted=false&sort=order`,
  );
  return { names: list.map((s) => s.name), orders: list.map((s) => s.order), list };
}

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('admin songs and sources', () => {
  it('are for admins only: 401 without a token, 403 for a customer and atk', async () => {
    const sub = await subCategory();
    const song = await newSong(sub._id, 'Guarded');
    await expectAdminOnly(app, t.users, 'GET', `/admin/songs?sub_category_id=${sub._id}`);
    await expectAdminOnly(app, t.users, 'POST', '/admin/songs', { name: 'x', brand_id: t.brandA.id });
    await expectAdminOnly(app, t.users, 'PUT', `/admin/songs/${song._id}`, { order: 1 });
    await expectAdminOnly(app, t.users, 'DELETE', `/admin/songs/${song._id}`);
    await expectAdminOnly(app, t.users, 'GET', `/admin/instruments?song_id=${song._id}`);
    await expectAdminOnly(app, t.users, 'POST', '/admin/instruments', { song_id: song._id, name: 'x' });
  });

  it('answer 404 for unknown or deleted records and brands, 400 naming the field', async () => {
    const sub = await subCategory();
    const missing = randomUUID();
    for (const [method, path, body] of [
      ['GET', `/admin/songs/${missing}`, undefined],
      ['PUT', `/admin/songs/${missing}`, { order: 1 }],
      ['DELETE', `/admin/songs/${missing}`, undefined],
      ['POST', '/admin/instruments', { song_id: missing, name: 'x' }],
    ] as const)
      expectError(await app.call(method, path, { token: admin(), body }), 404, MSG.songNotFound);
    for (const [method, path, body] of [
      ['GET', `/admin/instruments/${missing}`, undefined],
      ['PUT', `/admin/instruments/${missing}`, { is_published: 1 }],
      ['DELETE', `/admin/instruments/${missing}`, undefined],
    ] as const)
      expectError(await app.call(method, path, { token: admin(), body }), 404, MSG.instrumentNotFound);
    expectError(
      await app.call('POST', '/admin/songs', { token: admin(), body: { name: 'x', brand_id: missing } }),
      404,
      MSG.brandNotFound,
    );
    expectError(
      await app.call('POST', '/admin/songs', {
        token: admin(),
        body: { name: 'x', brand_id: t.brandA.id, sub_category_id: missing },
      }),
      404,
      MSG.subCategoryNotFound,
    );
    const song = await newSong(sub._id, 'Validated');
    expectError(
      await app.call('PUT', `/admin/songs/${song._id}`, { token: admin(), body: { order: 0 } }),
      400,
      'order must be at least 1',
    );
    expectError(
      await app.call('PUT', `/admin/songs/${song._id}`, { token: admin(), body: { order: 1.5 } }),
      400,
      'order must be a whole number',
    );
    expectError(
      await app.call('PUT', `/admin/songs/${song._id}`, { token: admin(), body: { is_published: 2 } }),
      400,
      'is_published must be 0 or 1',
    );
    expectError(
      await app.call('PUT', `/admin/songs/${song._id}`, { token: admin(), body: { name: ' ' } }),
      400,
      'name is required',
    );
    const source = await call<Source>('POST', '/admin/instruments', { song_id: song._id, name: 'Bass' });
    expectError(
      await app.call('PUT', `/admin/instruments/${source._id}`, { token: admin(), body: { order: -1 } }),
      400,
      'order must be at least 1',
    );
  });

  it('read back what the song and instrument screens save, the status as sent', async () => {
    const sub = await subCategory();
    const song = await newSong(sub._id, 'Readback', { song_writer: 'Ada' });
    expect(song).toMatchObject({ name: 'Readback', song_writer: 'Ada', is_published: 0, order: 1 });
    const saved = await call<Song>(
      'PUT',
      `/admin/songs/${song._id}`,
      { name: 'Readback 2', song_writer: 'Grace', is_published: 1, brand_id: t.brandA.id },
      MSG.updateSongSuccess,
    );
    expect(saved).toMatchObject({ name: 'Readback 2', song_writer: 'Grace', is_published: 1 });
    expect(await call<Song>('GET', `/admin/songs/${song._id}`)).toMatchObject({ name: 'Readback 2', is_published: 1 });
    const source = await call<Source>(
      'POST',
      '/admin/instruments',
      { song_id: song._id, name: 'Piano', is_published: 0, performer_name: 'Clara' },
      MSG.createInstrumentSuccess,
    );
    expect(source).toMatchObject({ name: 'Piano', is_published: 0, performer_name: 'Clara', order: 1 });
    await call('PUT', `/admin/instruments/${source._id}`, { is_published: 1 }, MSG.updateInstrumentSuccess);
    expect(await call<Source>('GET', `/admin/instruments/${source._id}`)).toMatchObject({
      name: 'Piano',
      is_published: 1,
      performer_name: 'Clara',
    });
    // A source made without a status (the brand's Audio tab has no status control) is Active.
    expect((await call<Source>('POST', '/admin/instruments', { song_id: song._id, name: 'Cello' })).is_published).toBe(
      1,
    );
  });
});

describe('orders', () => {
  it('of songs: new ones go last, a move shifts the ones between, a delete closes the gap', async () => {
    const sub = await subCategory();
    const made: Song[] = [];
    for (const name of ['A', 'B', 'C', 'D']) made.push(await newSong(sub._id, name));
    expect(made.map((s) => s.order)).toEqual([1, 2, 3, 4]);
    expect(await songsOf(sub._id)).toEqual({ names: ['A', 'B', 'C', 'D'], orders: [1, 2, 3, 4] });

    // D to 2: B and C shift down by one.
    expect((await call<Song>('PUT', `/admin/songs/${made[3]._id}`, { order: 2 })).order).toBe(2);
    expect(await songsOf(sub._id)).toEqual({ names: ['A', 'D', 'B', 'C'], orders: [1, 2, 3, 4] });
    // A to 3: D and B shift up by one.
    await call('PUT', `/admin/songs/${made[0]._id}`, { order: 3 });
    expect(await songsOf(sub._id)).toEqual({ names: ['D', 'B', 'A', 'C'], orders: [1, 2, 3, 4] });
    // Past the end means last.
    await call('PUT', `/admin/songs/${made[3]._id}`, { order: 99 });
    expect(await songsOf(sub._id)).toEqual({ names: ['B', 'A', 'C', 'D'], orders: [1, 2, 3, 4] });
    // A new song may name its place.
    await newSong(sub._id, 'E', { order: 1 });
    expect(await songsOf(sub._id)).toEqual({ names: ['E', 'B', 'A', 'C', 'D'], orders: [1, 2, 3, 4, 5] });
    // Deleting closes the gap.
    await call('DELETE', `/admin/songs/${made[0]._id}`, undefined, MSG.deleteSuccess);
    expect(await songsOf(sub._id)).toEqual({ names: ['E', 'B', 'C', 'D'], orders: [1, 2, 3, 4] });
    // Moving to another sub category leaves no gap behind and goes last there (or where its order says).
    const other = await subCategory();
    await newSong(other._id, 'X');
    await call('PUT', `/admin/songs/${made[1]._id}`, { sub_category_id: other._id });
    expect(await songsOf(sub._id)).toEqual({ names: ['E', 'C', 'D'], orders: [1, 2, 3] });
    expect(await songsOf(other._id)).toEqual({ names: ['X', 'B'], orders: [1, 2] });
    await call('PUT', `/admin/songs/${made[2]._id}`, { sub_category_id: other._id, order: 1 });
    expect(await songsOf(sub._id)).toEqual({ names: ['E', 'D'], orders: [1, 2] });
    expect(await songsOf(other._id)).toEqual({ names: ['C', 'X', 'B'], orders: [1, 2, 3] });
  });

  it('of sources: the same within their song, and a save without an order keeps it', async () => {
    const song = await newSong((await subCategory())._id, 'Sources');
    for (const name of ['Kick', 'Snare', 'Hat', 'Tom'])
      await call('POST', '/admin/instruments', { song_id: song._id, name });
    const { list } = await sourcesOf(song._id);
    expect(list.map((s) => s.order)).toEqual([1, 2, 3, 4]);
    await call('PUT', `/admin/instruments/${list[0]._id}`, { order: 4 });
    expect(await sourcesOf(song._id)).toMatchObject({ names: ['Snare', 'Hat', 'Tom', 'Kick'], orders: [1, 2, 3, 4] });
    await call('PUT', `/admin/instruments/${list[2]._id}`, { name: 'Hi-hat', performer_name: 'Ringo' });
    expect(await sourcesOf(song._id)).toMatchObject({
      names: ['Snare', 'Hi-hat', 'Tom', 'Kick'],
      orders: [1, 2, 3, 4],
    });
    await call('DELETE', `/admin/instruments/${list[1]._id}`);
    expect(await sourcesOf(song._id)).toMatchObject({ names: ['Hi-hat', 'Tom', 'Kick'], orders: [1, 2, 3] });
  });

  it('stay a permutation of 1..n when operators save at once', async () => {
    const sub = await subCategory();
    const songs: Song[] = [];
    for (const name of ['S1', 'S2', 'S3', 'S4', 'S5', 'S6']) songs.push(await newSong(sub._id, name));
    const song = songs[0];
    // Six sources created at once: each gets its own place.
    await Promise.all(
      ['V1', 'V2', 'V3', 'V4', 'V5', 'V6'].map((name) =>
        call('POST', '/admin/instruments', { song_id: song._id, name }),
      ),
    );
    const sources = (await sourcesOf(song._id)).list;
    expect(sources.map((s) => s.order)).toEqual(oneToN(6));

    // Two operators move two different items at once, many times over, in both groups.
    for (let round = 0; round < 8; round++) {
      const [x, y] = [sources[round % 6], sources[(round * 5 + 3) % 6]];
      const [p, q] = [songs[(round + 2) % 6], songs[(round * 7 + 1) % 6]];
      await Promise.all([
        call('PUT', `/admin/instruments/${x._id}`, { order: 1 + ((round * 3) % 6) }),
        call('PUT', `/admin/instruments/${y._id}`, { order: 6 - (round % 6) }),
        call('PUT', `/admin/songs/${p._id}`, { order: 1 + (round % 6) }),
        call('PUT', `/admin/songs/${q._id}`, { order: 6 - ((round * 2) % 6) }),
      ]);
      const orders = (await sourcesOf(song._id)).orders;
      expect(orders, `sources after round ${round}`).toEqual(oneToN(6));
      expect((await songsOf(sub._id)).orders, `songs after round ${round}`).toEqual(oneToN(6));
    }
    // A move, a create and a delete at once.
    await Promise.all([
      call('PUT', `/admin/instruments/${sources[5]._id}`, { order: 1 }),
      call('POST', '/admin/instruments', { song_id: song._id, name: 'V7', order: 2 }),
      call('DELETE', `/admin/instruments/${sources[2]._id}`),
    ]);
    expect((await sourcesOf(song._id)).orders).toEqual(oneToN(6));
  });
});
