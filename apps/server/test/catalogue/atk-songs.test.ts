/**
 * A product's platform (ATK) songs: PUT /products/{id} {type: 'atk_songs'} for admins, an
 * operator's upload of a product's take of one, and the instance's ATK Songs maximum on data built through the
 * endpoints only (songs, sources, products, the attachment, the instance), never inserted by the test.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_FEATURES,
  DEFAULT_SUBSCRIPTION,
  type Instance,
  type InstanceSong,
  type Instrument,
  MSG,
  NO_LIMIT,
  PAYMENT_REQUIRED,
  PERMISSION,
  type Product,
  type Song,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/assertions.ts';
import { shortTake } from '../support/audio.ts';
import { makeBrand, makeUser, type TestApp } from '../support/harness.ts';
import { startWithTenants, type Tenants } from '../support/tenants.ts';

let app: TestApp;
let t: Tenants;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atk-songs-'));
  ({ app, t } = await startWithTenants({ dataDir }));
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const admin = () => t.users.global_admin.token;

/** An ATK song with `sources` sources, made on the operators' screens' endpoints. */
async function atkSong(name: string, sources = 1) {
  const res = await app.call<Song>('POST', '/admin/songs', {
    token: admin(),
    body: { name, song_writer: 'ATK', is_atk: 1, song_type: 2, is_published: 1 },
  });
  expectOk(res, MSG.createSongSuccess);
  expect(res.body.data).toMatchObject({ is_atk: 1, brand_id: null });
  const instruments: string[] = [];
  for (let i = 1; i <= sources; i++) {
    const ins = await app.call<Instrument>('POST', '/admin/instruments', {
      token: admin(),
      body: { song_id: res.body.data._id, name: `${name} source ${i}`, is_published: 1 },
    });
    expectOk(ins, MSG.createInstrumentSuccess);
    instruments.push(ins.body.data._id);
  }
  return { id: res.body.data._id, instruments };
}

async function createProduct(token: string, general: Record<string, unknown> = {}) {
  const res = await app.call<Product>('POST', '/products', {
    token,
    body: { general: { name: 'ATK Mic', is_published: 1, category_id: t.category.id, ...general } },
  });
  expectOk(res, MSG.createProductSuccess);
  return res.body.data;
}

const attach = (token: string, productId: string, content: unknown, prefix = '/admin') =>
  app.call<Product>('PUT', `${prefix}/products/${productId}`, { token, body: { type: 'atk_songs', content } });

describe('product atk_songs: PUT /products/{id} {type: atk_songs}', () => {
  let songA: Awaited<ReturnType<typeof atkSong>>;
  let songB: Awaited<ReturnType<typeof atkSong>>;
  let mine: Product;
  let theirs: Product;
  beforeAll(async () => {
    songA = await atkSong('Platform A');
    songB = await atkSong('Platform B');
    mine = await createProduct(t.a.token, { name: 'Brand A mic' });
    theirs = await createProduct(t.b.token, { name: 'Brand B mic' });
  });

  it('401 without a token, on both paths', async () => {
    for (const prefix of ['', '/admin'])
      expectError(await attach('', mine._id, [songA.id], prefix), 401, MSG.unauthorized);
  });

  it("403 for the product's own brand (customer) and the atk operator; a customer's /admin path is 403", async () => {
    expectError(await attach(t.a.token, mine._id, [songA.id], ''), 403, MSG.forbidden);
    expectError(await attach(t.a.token, mine._id, [songA.id]), 403, MSG.forbidden);
    expectError(await attach(t.users.atk.token, mine._id, [songA.id], ''), 403, MSG.forbidden);
    expect((await app.call<Product>('GET', `/products/${mine._id}`, { token: t.a.token })).body.data.atk_songs).toEqual(
      [],
    );
  });

  it("404 for another brand's product (customer), an unknown product (admin) and an unknown or deleted song", async () => {
    expectError(await attach(t.a.token, theirs._id, [songA.id], ''), 404, MSG.productNotFound);
    expectError(await attach(admin(), randomUUID(), [songA.id]), 404, MSG.productNotFound);
    expectError(await attach(admin(), mine._id, [songA.id, randomUUID()]), 404, MSG.songNotFound);
    const gone = await atkSong('Deleted platform song', 0);
    expectOk(await app.call('DELETE', `/admin/songs/${gone.id}`, { token: admin() }), MSG.deleteSuccess);
    expectError(await attach(admin(), mine._id, [gone.id]), 404, MSG.songNotFound);
  });

  it('400 with a clear msg: a brand song, not a list, not ids', async () => {
    const brandSong = await app.call<Song>('POST', '/songs', { token: t.a.token, body: { name: 'Own song' } });
    expectOk(brandSong, MSG.createSongSuccess);
    expectError(await attach(admin(), mine._id, [songA.id, brandSong.body.data._id]), 400, MSG.notAtkSong);
    expectError(await attach(admin(), mine._id, songA.id), 400, 'content must be a list of song ids');
    expectError(await attach(admin(), mine._id, ['nope']), 400, 'content.0 must be a valid id');
    expect(
      (await app.call<Product>('GET', `/admin/products/${mine._id}`, { token: admin() })).body.data.atk_songs,
    ).toEqual([]);
  });

  it('an admin sets them (each once, in order) and everyone reads them back; an empty list detaches', async () => {
    const res = await attach(admin(), mine._id, [songB.id, songA.id, songB.id]);
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data.atk_songs).toEqual([songB.id, songA.id]);
    expect(res.body.data.songs).toEqual([]);
    const read = await app.call<Product>('GET', `/products/${mine._id}`, { token: t.a.token });
    expect(read.body.data.atk_songs).toEqual([songB.id, songA.id]);
    // The brand reads the platform songs and their sources, and cannot change them.
    const list = await app.call<{ list: Song[] }>('GET', `/songs?is_atk=true&ids=${songA.id},${songB.id}`, {
      token: t.a.token,
    });
    expect(list.body.data.list.map((s) => s.name).sort()).toEqual(['Platform A', 'Platform B']);
    const sources = await app.call<{ list: Instrument[] }>(
      'GET',
      `/instruments?song_id=${songA.id}&product_id=${mine._id}`,
      { token: t.a.token },
    );
    expect(sources.body.data.list.map((i) => i.name)).toEqual(['Platform A source 1']);
    expectError(
      await app.call('PUT', `/songs/${songA.id}`, { token: t.a.token, body: { name: 'Mine now' } }),
      409,
      MSG.atkSongReadOnly,
    );
    expectError(
      await app.call('POST', '/instruments', { token: t.a.token, body: { song_id: songA.id, name: 'Extra' } }),
      409,
      MSG.atkSongReadOnly,
    );
    expectOk(await attach(admin(), mine._id, []), MSG.updateSuccess);
    expect((await app.call<Product>('GET', `/products/${mine._id}`, { token: t.a.token })).body.data.atk_songs).toEqual(
      [],
    );
  });
});

describe("product atk_songs: a product's take of a platform song", () => {
  it('an admin uploads it (which attaches the song); the brand cannot', async () => {
    const song = await atkSong('Take song');
    const product = await createProduct(t.a.token, { name: 'Take mic' });
    const query = `?${new URLSearchParams({ mine_type: 'wav', product_id: product._id, song_id: song.id, instrument_id: song.instruments[0] })}`;
    expectError(await app.call('GET', `/aws/presigned_url${query}`, { token: t.a.token }), 409, MSG.atkSongReadOnly);
    const presigned = await app.call<{ presigned_url: string; key: string; headers: Record<string, string> }>(
      'GET',
      `/admin/aws/presigned_url${query}`,
      { token: admin() },
    );
    expectOk(presigned);
    const p = presigned.body.data;
    const put = await fetch(p.presigned_url.replace('http://portal.test', app.url), {
      method: 'PUT',
      headers: p.headers,
      // A real WAV: the save probes the stored file (docs/api.md "Audio refused at attach time").
      body: shortTake(),
    });
    expect(put.status).toBe(200);
    const audio = { song_id: song.id, instrument_id: song.instruments[0], url: p.key, name: 'take.wav' };
    expectError(
      await app.call('PUT', `/products/${product._id}`, { token: t.a.token, body: { type: 'audio', content: audio } }),
      409,
      MSG.atkSongReadOnly,
    );
    const saved = await app.call<Product>('PUT', `/admin/products/${product._id}`, {
      token: admin(),
      body: { type: 'audio', content: audio },
    });
    expectOk(saved, MSG.uploadSuccess);
    expect(saved.body.data.atk_songs).toEqual([song.id]);
    expect(saved.body.data.songs).toEqual([]);
    const read = await app.call<Product>('GET', `/products/${product._id}`, { token: t.a.token });
    expect(read.body.data.audio).toMatchObject([
      { song_id: song.id, instrument_id: song.instruments[0], name: 'take.wav' },
    ]);
  });
});

describe('instance ATK Songs maximum on songs the product itself was given', () => {
  it("derives the product's platform songs, 3 active at most, and refuses more with 'permission error - sources'", async () => {
    const brand = await makeBrand(app.db);
    const customer = await makeUser(app, 'customer', { brandId: brand.id });
    const category = await app.call<{ _id: string }>('POST', '/admin/categories', {
      token: admin(),
      body: { name: 'ATK limit category', is_published: 1 },
    });
    expectOk(category, MSG.createCategorySuccess);
    const categoryId = category.body.data._id;
    const songs = [];
    for (let i = 1; i <= 4; i++) songs.push(await atkSong(`Limit song ${i}`, 2));
    const product = await createProduct(customer.token, { name: 'Limit mic', category_id: categoryId });
    expectOk(
      await attach(
        admin(),
        product._id,
        songs.map((s) => s.id),
      ),
      MSG.updateSuccess,
    );

    const created = await app.call<Instance>('POST', '/instances', {
      token: customer.token,
      body: { general: { name: 'Limit player', category_id: categoryId } },
    });
    expectOk(created, MSG.createInstanceSuccess);
    const instance = created.body.data;
    expect(instance.products.map((p) => p.product_id)).toEqual([product._id]);
    expect(instance.sources.map((s) => [s.song_id, s.is_active, s.order])).toEqual([
      [songs[0].id, 1, 1],
      [songs[1].id, 1, 2],
      [songs[2].id, 1, 3],
      [songs[3].id, 0, 4],
    ]);
    expect(instance.sources[0].instruments.map((i) => i.instrument_id)).toEqual(songs[0].instruments);

    const put = (body: unknown) =>
      app.call<Instance>('PUT', `/instances/${instance._id}`, { token: customer.token, body });
    const allOn: InstanceSong[] = instance.sources.map((s) => ({ ...s, is_active: 1 }));
    expectError(await put({ sources: allOn }), PAYMENT_REQUIRED, PERMISSION.sources);
    // Swapping which three are active stays within the maximum.
    const swapped: InstanceSong[] = instance.sources.map((s, i) => ({ ...s, is_active: i === 0 ? 0 : 1 }));
    expectOk(await put({ sources: swapped }), MSG.updateSuccess);

    // No limit needs both the subscription and the instance's own ATK Songs setting.
    expectOk(
      await app.call('PUT', `/admin/users/${customer.id}`, {
        token: admin(),
        body: { subscription: { ...DEFAULT_SUBSCRIPTION, atk_songs: { max_num: NO_LIMIT } } },
      }),
      MSG.updateSuccess,
    );
    expectError(await put({ sources: allOn }), PAYMENT_REQUIRED, PERMISSION.sources);
    expectOk(await put({ features: { ...DEFAULT_FEATURES, atk_songs: { max_num: NO_LIMIT } } }), MSG.updateSuccess);
    expectOk(await put({ sources: allOn }), MSG.updateSuccess);

    // A platform song attached later reaches the instance on Synchronize, active while the maximum allows.
    const fifth = await atkSong('Limit song 5');
    expectOk(await attach(admin(), product._id, [...songs.map((s) => s.id), fifth.id]), MSG.updateSuccess);
    const synced = await app.call<Instance>('POST', `/instances/${instance._id}/sync_songs`, {
      token: customer.token,
    });
    expectOk(synced, MSG.synchronizeSuccess);
    expect(synced.body.data.sources.map((s) => [s.song_id, s.is_active])).toEqual([
      ...songs.map((s) => [s.id, 1]),
      [fifth.id, 1],
    ]);
  });
});
