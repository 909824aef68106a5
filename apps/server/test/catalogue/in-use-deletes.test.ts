/**
 * A record other live records still refer to is not deleted: the refusal says what uses it (docs/api.md
 * "Deleting a record in use"). Everything is made through the API, as the consoles would.
 */
import { catalogueEndpoints, MSG } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audios } from '../../src/db/schema.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { startWithTenants, type Tenants } from '../support/tenants.ts';

let app: TestApp;
let t: Tenants;
beforeAll(async () => {
  ({ app, t } = await startWithTenants());
});
afterAll(() => app.close());

const admin = () => t.users.global_admin.token;

type Made = { _id: string };

async function post(path: string, body: unknown, token = admin()) {
  const res = await app.call<Made>('POST', path, { token, body });
  expect(res.status).toBe(200);
  return res.body.data._id;
}

const remove = (path: string, token = admin()) => app.call('DELETE', path, { token });

/** Microphones → Condenser, a song of brand A with two sources, two products in it and a player of them. */
let scenes = 0;
async function catalogueInUse() {
  // Category and product names are unique (docs/api.md "Names"): each scene names its own.
  const n = ++scenes;
  const category = await post('/admin/categories', { name: `Microphones ${n}`, is_published: 1 });
  const sub = await post('/admin/sub_categories', { name: 'Condenser', category_id: category, is_published: 1 });
  const song = await post('/songs', { name: 'Morning Light', song_type: 2, sub_category_id: sub }, t.a.token);
  const sources = [
    await post('/instruments', { song_id: song, name: 'Vocal' }, t.a.token),
    await post('/instruments', { song_id: song, name: 'Guitar' }, t.a.token),
  ];
  const products: string[] = [];
  for (const name of [`U 87 #${n}`, `C414 #${n}`]) {
    const id = await post(
      '/products',
      { general: { name, is_published: 1, category_id: category, sub_category_id: sub } },
      t.a.token,
    );
    expectOk(
      await app.call('PUT', `/products/${id}`, { token: t.a.token, body: { type: 'songs', content: [song] } }),
      MSG.updateSuccess,
    );
    products.push(id);
  }
  // The player of the category takes its products and their songs' sources.
  const instance = await post(
    '/instances',
    { general: { name: 'Mic Player', category_id: category, sub_category_id: sub } },
    t.a.token,
  );
  return { category, sub, song, sources, products, instance };
}

describe('deleting a record in use', () => {
  it('a category used by sub categories, products and an instance is refused, and the count follows what still uses it', async () => {
    const c = await catalogueInUse();
    expectError(
      await remove(`/admin/categories/${c.category}`),
      409,
      'Used by 1 sub category, 2 products and 1 instance',
    );
    // Nothing changed: the category still reads back and the products still name it.
    expectOk(await app.call('GET', `/admin/categories/${c.category}`, { token: admin() }));
    const product = await app.call<{ general: { category_id: string } }>('GET', `/products/${c.products[0]}`, {
      token: t.a.token,
    });
    expect(product.body.data.general.category_id).toBe(c.category);

    // Products are never deleted: they move to another category.
    const other = await post('/admin/categories', { name: 'Preamps', is_published: 1 });
    for (const [i, id] of c.products.entries()) {
      const general = { name: `Moved ${i}`, is_published: 1, category_id: other };
      expectOk(
        await app.call('PUT', `/products/${id}`, { token: t.a.token, body: { type: 'general', content: general } }),
        MSG.updateSuccess,
      );
    }
    expectOk(await remove(`/instances/${c.instance}`, t.a.token), MSG.deleteSuccess);
    expectError(await remove(`/admin/categories/${c.category}`), 409, 'Used by 1 sub category');
    // The sub category is still used by the song.
    expectError(await remove(`/admin/sub_categories/${c.sub}`), 409, 'Used by 1 song');
  });

  it('a sub category used by songs, products and an instance is refused', async () => {
    const c = await catalogueInUse();
    expectError(await remove(`/admin/sub_categories/${c.sub}`), 409, 'Used by 1 song, 2 products and 1 instance');
    expectOk(await app.call('GET', `/admin/sub_categories/${c.sub}`, { token: admin() }));
  });

  it('a song used by its sources and products is refused, for its brand and for admins', async () => {
    const c = await catalogueInUse();
    const msg = 'Used by 2 sources and 2 products';
    expectError(await remove(`/songs/${c.song}`, t.a.token), 409, msg);
    expectError(await remove(`/admin/songs/${c.song}`), 409, msg);
    // Another brand's song is still a 404 first: the refusal tells nothing of it.
    expectError(await remove(`/songs/${c.song}`, t.b.token), 404, MSG.songNotFound);
  });

  it('a source a product holds a recording of is refused; one an instance only lists is deleted', async () => {
    const c = await catalogueInUse();
    // A recording of it on a product (audio attach needs a real upload; the row is what it leaves).
    await app.db.insert(audios).values({
      productId: c.products[0],
      songId: c.song,
      instrumentId: c.sources[0],
      name: 'vocal.wav',
      key: 'audio/vocal.wav',
      url: '/files/audio/vocal.wav',
    });
    expectError(await remove(`/instruments/${c.sources[0]}`, t.a.token), 409, 'Used by 1 product');
    expectError(await remove(`/instruments/${c.sources[0]}`, t.b.token), 404, MSG.instrumentNotFound);
    // The instance lists the other source too, but follows the catalogue: it drops out of the instance.
    expectOk(await remove(`/instruments/${c.sources[1]}`, t.a.token), MSG.deleteSuccess);
    const instance = await app.call<{ sources: { instruments: { instrument_id: string }[] }[] }>(
      'GET',
      `/instances/${c.instance}`,
      { token: t.a.token },
    );
    expect(instance.body.data.sources.flatMap((s) => s.instruments.map((i) => i.instrument_id))).toEqual([
      c.sources[0],
    ]);
  });

  it('records nothing uses are deleted', async () => {
    const category = await post('/admin/categories', { name: 'Unused' });
    const sub = await post('/admin/sub_categories', { name: 'Unused sub', category_id: category });
    const song = await post('/songs', { name: 'Unused song', song_type: 2, sub_category_id: sub }, t.a.token);
    const source = await post('/instruments', { song_id: song, name: 'Bass' }, t.a.token);
    expectOk(await remove(`/instruments/${source}`, t.a.token), MSG.deleteSuccess);
    expectOk(await remove(`/songs/${song}`, t.a.token), MSG.deleteSuccess);
    expectOk(await remove(`/admin/sub_categories/${sub}`), MSG.deleteSuccess);
    expectOk(await remove(`/admin/categories/${category}`), MSG.deleteSuccess);
    expectError(await app.call('GET', `/admin/categories/${category}`, { token: admin() }), 404, MSG.categoryNotFound);
  });

  it('deletes stay for admins: 401 without a token, 403 for customers and atk', async () => {
    const category = await post('/admin/categories', { name: 'Guarded' });
    expectError(await remove(`/admin/categories/${category}`, ''), 401, MSG.unauthorized);
    expectError(await remove(`/admin/categories/${category}`, t.a.token), 403, MSG.forbidden);
    expectError(await remove(`/admin/categories/${category}`, t.users.atk.token), 403, MSG.forbidden);
  });
});

describe('a category deleted while a product is saved in it', () => {
  it('never ends with both done: the product is refused (404) or the delete is (409)', async () => {
    for (let round = 0; round < 8; round++) {
      const category = await app.send(catalogueEndpoints.createCategory, {
        token: admin(),
        body: { name: `Racing ${round}`, is_published: 1 },
      });
      const id = category.body.data._id;
      const [created, deleted] = await Promise.all([
        app.call('POST', '/products', {
          token: t.a.token,
          body: { general: { name: `Racer ${round}`, category_id: id } },
        }),
        app.send(catalogueEndpoints.removeCategory, { token: admin(), params: { id } }),
      ]);
      expect([created.status, deleted.status].sort()).not.toEqual([200, 200]);
      if (created.status !== 200) expectError(created, 404, MSG.categoryNotFound);
      if (deleted.status !== 200) expect(deleted.body.msg).toBe('Used by 1 product');
    }
  });
});
