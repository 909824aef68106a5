/**
 * A brand's state and scope (docs/api.md "A brand's state and scope"): a deleted brand's customers lose every
 * write; every reference a save accepts is live and in the caller's scope; a self sign-up's brand, until an operator
 * confirms it, shows nothing publicly, shares nothing with other brands and uploads under a cap. State is reached
 * through the endpoints, as the console and the operators reach it.
 */
import {
  type Brand,
  DEFAULT_SUBSCRIPTION,
  hashPassword,
  type Instance,
  type ListData,
  MOBILE_PRODUCT_RULES,
  type MobileInstance,
  type MobileProductsAnswer,
  MSG,
  type Product,
  type UserInfo,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/db/schema.ts';
import { expectError, expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { shortTake } from '../support/audio.ts';
import { makeCategory, makeUser, PASSWORD, startTestApp, type TestApp } from '../support/harness.ts';
import { FILES, postForm } from '../support/uploads.ts';

const V1 = '/api/v1';

let app: TestApp;
let u: Users;
/** The category every product here is made in (a product needs one, docs/api.md "Products"). */
let cat: string;

beforeAll(async () => {
  app = await startTestApp();
  u = await usersOfEveryRole(app);
  cat = (await makeCategory(app.db)).id;
});
afterAll(() => app.close());

const as = (token: string, body?: unknown) => ({ token, body });

async function newBrand(name: string, is_published: 0 | 1 = 1): Promise<string> {
  const res = await app.call<Brand>('POST', '/admin/brands', as(u.global_admin.token, { name, is_published }));
  expectOk(res, MSG.createBrandSuccess);
  return res.body.data._id;
}

/** A customer of a new brand, with a plan that lets its instances show other brands' products. */
async function customerOfNewBrand(name: string) {
  const brandId = await newBrand(name);
  const customer = await makeUser(app, 'customer', { brandId });
  expectOk(
    await app.call(
      'PUT',
      `/admin/users/${customer.id}`,
      as(u.global_admin.token, {
        subscription: { ...DEFAULT_SUBSCRIPTION, other_brands_products: { is_enable: 1 } },
      }),
    ),
    MSG.updateSuccess,
  );
  return { ...customer, brandId };
}

/** A product (published) with a song and a source, as the console makes them. */
async function content(token: string, name: string) {
  const product = await app.call<Product>(
    'POST',
    '/products',
    as(token, { general: { name, is_published: 1, category_id: cat } }),
  );
  expectOk(product, MSG.createProductSuccess);
  const song = await app.call<{ _id: string }>('POST', '/songs', as(token, { name: `${name} song` }));
  expectOk(song, MSG.createSongSuccess);
  const source = await app.call<{ _id: string }>(
    'POST',
    '/instruments',
    as(token, { song_id: song.body.data._id, name: 'Vocal' }),
  );
  expectOk(source, MSG.createInstrumentSuccess);
  const productId = product.body.data._id;
  expectOk(
    await app.call('PUT', `/products/${productId}`, as(token, { type: 'songs', content: [song.body.data._id] })),
    MSG.updateSuccess,
  );
  return { productId, songId: song.body.data._id, sourceId: source.body.data._id };
}

async function instanceOf(token: string, name: string) {
  const made = await app.call<Instance>('POST', '/instances', as(token, { general: { name } }));
  expectOk(made, MSG.createInstanceSuccess);
  return made.body.data._id;
}

const otherRow = (productId: string, brandId: string) => ({
  product_id: productId,
  brand_id: brandId,
  is_active: 1,
  order: null,
});

describe("a deleted brand's customers lose every write", () => {
  it('answers each write path 404 Brand not found, while the reads still answer and other brands write on', async () => {
    const a = await customerOfNewBrand('Gone Audio');
    const b = await customerOfNewBrand('Staying Audio');
    const own = await content(a.token, 'Gone mic');
    const instance = await instanceOf(a.token, 'Gone player');
    expectOk(await app.call('DELETE', `/admin/brands/${a.brandId}`, as(u.global_admin.token)), MSG.deleteSuccess);

    const t = a.token;
    const audioQuery = `mine_type=wav&product_id=${own.productId}&song_id=${own.songId}&instrument_id=${own.sourceId}`;
    const writes: [string, string, unknown][] = [
      ['POST', '/products', { general: { name: 'New mic', is_published: 1, category_id: cat } }],
      [
        'PUT',
        `/products/${own.productId}`,
        { type: 'general', content: { name: 'Renamed', is_published: 1, category_id: cat } },
      ],
      ['PUT', `/products/${own.productId}`, { type: 'price', content: [] }],
      ['PUT', `/products/${own.productId}`, { type: 'songs', content: [own.songId] }],
      [
        'PUT',
        `/products/${own.productId}`,
        {
          type: 'audio',
          content: { song_id: own.songId, instrument_id: own.sourceId, url: 'audio/origin/x/y_1.wav', name: 'a.wav' },
        },
      ],
      ['POST', '/songs', { name: 'New song' }],
      ['PUT', `/songs/${own.songId}`, { name: 'Renamed song' }],
      ['DELETE', `/songs/${own.songId}`, undefined],
      ['POST', '/instruments', { song_id: own.songId, name: 'Guitar' }],
      ['PUT', `/instruments/${own.sourceId}`, { song_id: own.songId, name: 'Renamed' }],
      ['DELETE', `/instruments/${own.sourceId}`, undefined],
      ['POST', '/instances', { general: { name: 'Another player' } }],
      ['PUT', `/instances/${instance}`, { general: { name: 'Renamed player', is_published: 1 } }],
      ['POST', '/instances/copy', { id: instance }],
      ['POST', `/instances/${instance}/sync_songs`, undefined],
      ['DELETE', `/instances/${instance}`, undefined],
      ['GET', `/aws/presigned_url?${audioQuery}`, undefined],
    ];
    for (const [method, path, body] of writes)
      expectError(await app.call(method, path, as(t, body)), 404, MSG.brandNotFound);
    for (const route of ['/upload/images', '/upload/files']) {
      const res = await postForm(app, route, {
        token: t,
        fields: { model: 'products', id: own.productId, type: route.endsWith('images') ? 'thumbnail' : 'frequency' },
        file: { name: 'a.png', data: FILES.png, type: 'image/png' },
      });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 404,
        body: { code: 404, msg: MSG.brandNotFound, data: null },
      });
    }
    // Nothing changed, and reading stays (the brand's users see what there was).
    const read = await app.call<Product>('GET', `/products/${own.productId}`, as(t));
    expectOk(read);
    expect(read.body.data.general.name).toBe('Gone mic');
    expectOk(await app.call('GET', `/instances/${instance}`, as(t)));
    // Another brand's customer writes on.
    expectOk(
      await app.call(
        'POST',
        '/products',
        as(b.token, { general: { name: 'Live mic', is_published: 1, category_id: cat } }),
      ),
      MSG.createProductSuccess,
    );
  });
});

describe('every reference a save accepts is live and in scope', () => {
  it("refuses another brand's product once its brand is deleted, in other_products (404)", async () => {
    const a = await customerOfNewBrand('Deleted Later');
    const b = await customerOfNewBrand('Picker Brand');
    const theirs = await content(a.token, 'Their mic');
    const instance = await instanceOf(b.token, 'Picker player');
    // While brand A lives, B may show its product.
    expectOk(
      await app.call(
        'PUT',
        `/instances/${instance}`,
        as(b.token, { products: [], other_products: [otherRow(theirs.productId, a.brandId)] }),
      ),
      MSG.updateSuccess,
    );
    expectOk(await app.call('DELETE', `/admin/brands/${a.brandId}`, as(u.global_admin.token)), MSG.deleteSuccess);
    for (const token of [b.token, u.global_admin.token])
      expectError(
        await app.call(
          'PUT',
          `/instances/${instance}`,
          as(token, { products: [], other_products: [otherRow(theirs.productId, a.brandId)] }),
        ),
        404,
        MSG.productsNotAvailable,
      );
    // Nor is it in the picker any more.
    const picker = await app.call<ListData<{ _id: string }>>('GET', '/products?all_brand=1&page_size=100', as(b.token));
    expect(picker.body.data.list.map((p) => p._id)).not.toContain(theirs.productId);
  });

  it('refuses an unpublished product of another brand, and one named with the wrong brand (404)', async () => {
    const a = await customerOfNewBrand('Draft Maker');
    const b = await customerOfNewBrand('Draft Picker');
    const theirs = await content(a.token, 'Draft mic');
    const mine = await content(b.token, 'My mic');
    const instance = await instanceOf(b.token, 'Draft player');
    expectOk(
      await app.call(
        'PUT',
        `/products/${theirs.productId}`,
        as(a.token, { type: 'general', content: { name: 'Draft mic', is_published: 0, category_id: cat } }),
      ),
      MSG.updateSuccess,
    );
    const save = (body: unknown) => app.call('PUT', `/instances/${instance}`, as(b.token, body));
    expectError(
      await save({ products: [], other_products: [otherRow(theirs.productId, a.brandId)] }),
      404,
      MSG.productsNotAvailable,
    );
    // Its own product listed as another brand's, or another brand's product listed as its own.
    expectError(
      await save({ products: [], other_products: [otherRow(mine.productId, b.brandId)] }),
      404,
      MSG.productsNotAvailable,
    );
    expectError(
      await save({ products: [otherRow(theirs.productId, a.brandId)], other_products: [] }),
      404,
      MSG.productsNotAvailable,
    );
  });

  it("refuses a product's songs of another brand, or deleted, and platform songs that are not (404)", async () => {
    const a = await customerOfNewBrand('Song Owner');
    const b = await customerOfNewBrand('Song Taker');
    const theirs = await content(a.token, 'Owner mic');
    const mine = await content(b.token, 'Taker mic');
    const songs = (token: string, productId: string, ids: string[]) =>
      app.call('PUT', `/products/${productId}`, as(token, { type: 'songs', content: ids }));
    expectError(await songs(b.token, mine.productId, [theirs.songId]), 404, MSG.songNotFound);
    const gone = await app.call<{ _id: string }>('POST', '/songs', as(b.token, { name: 'Gone song' }));
    expectOk(await app.call('DELETE', `/songs/${gone.body.data._id}`, as(b.token)), MSG.deleteSuccess);
    expectError(await songs(b.token, mine.productId, [mine.songId, gone.body.data._id]), 404, MSG.songNotFound);
    // An admin cannot give a product another brand's songs either.
    expectError(await songs(u.global_admin.token, mine.productId, [theirs.songId]), 404, MSG.songNotFound);
    // atk_songs: a deleted platform song is a 404.
    const platform = await app.call<{ _id: string }>(
      'POST',
      '/admin/songs',
      as(u.global_admin.token, { name: 'Platform song', is_atk: 1 }),
    );
    expectOk(platform, MSG.createSongSuccess);
    expectOk(
      await app.call('DELETE', `/admin/songs/${platform.body.data._id}`, as(u.global_admin.token)),
      MSG.deleteSuccess,
    );
    expectError(
      await app.call(
        'PUT',
        `/admin/products/${mine.productId}`,
        as(u.global_admin.token, { type: 'atk_songs', content: [platform.body.data._id] }),
      ),
      404,
      MSG.songNotFound,
    );
    // The product kept its songs.
    const read = await app.call<Product>('GET', `/products/${mine.productId}`, as(b.token));
    expect(read.body.data.songs).toEqual([mine.songId]);
  });

  it('refuses a new song, product or instance for a brand an admin names that is deleted or unknown (404)', async () => {
    const gone = await newBrand('Gone For Songs');
    expectOk(await app.call('DELETE', `/admin/brands/${gone}`, as(u.global_admin.token)), MSG.deleteSuccess);
    for (const brand_id of [gone, '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await app.call('POST', '/admin/songs', as(u.global_admin.token, { name: 'Orphan song', brand_id })),
        404,
        MSG.brandNotFound,
      );
      expectError(
        await app.call(
          'POST',
          '/admin/products',
          as(u.global_admin.token, { general: { name: 'Orphan', brand_id, category_id: cat } }),
        ),
        404,
        MSG.brandNotFound,
      );
      expectError(
        await app.call('POST', '/admin/instances', as(u.global_admin.token, { general: { name: 'Orphan', brand_id } })),
        404,
        MSG.brandNotFound,
      );
    }
  });

  it('refuses a deleted category in a product or instance save (404)', async () => {
    const b = await customerOfNewBrand('Category Brand');
    const mine = await content(b.token, 'Cat mic');
    const instance = await instanceOf(b.token, 'Cat player');
    const category = await app.call<{ _id: string }>(
      'POST',
      '/admin/categories',
      as(u.global_admin.token, { name: 'Gone category' }),
    );
    expectOk(category, MSG.createCategorySuccess);
    const categoryId = category.body.data._id;
    expectOk(await app.call('DELETE', `/admin/categories/${categoryId}`, as(u.global_admin.token)), MSG.deleteSuccess);
    expectError(
      await app.call(
        'PUT',
        `/products/${mine.productId}`,
        as(b.token, { type: 'general', content: { name: 'Cat mic', is_published: 1, category_id: categoryId } }),
      ),
      404,
      MSG.categoryNotFound,
    );
    expectError(
      await app.call(
        'PUT',
        `/instances/${instance}`,
        as(b.token, { general: { name: 'Cat player', category_id: categoryId } }),
      ),
      404,
      MSG.categoryNotFound,
    );
  });

  it("refuses a source of another brand's song, or a deleted one, for an audio link (404)", async () => {
    const a = await customerOfNewBrand('Source Owner');
    const b = await customerOfNewBrand('Source Taker');
    const theirs = await content(a.token, 'Source mic');
    const mine = await content(b.token, 'Linked mic');
    const link = (songId: string, sourceId: string) =>
      app.call(
        'GET',
        `/aws/presigned_url?mine_type=wav&product_id=${mine.productId}&song_id=${songId}&instrument_id=${sourceId}`,
        as(b.token),
      );
    expectError(await link(theirs.songId, theirs.sourceId), 404, MSG.instrumentNotFound);
    expectOk(await app.call('DELETE', `/instruments/${mine.sourceId}`, as(b.token)), MSG.deleteSuccess);
    expectError(await link(mine.songId, mine.sourceId), 404, MSG.instrumentNotFound);
  });

  it("refuses a mobile instance's product once its brand is deleted (any brand's, but not a deleted one)", async () => {
    const a = await customerOfNewBrand('Mobile Maker');
    const theirs = await content(a.token, 'Mobile mic');
    const made = await app.call<MobileInstance>(
      'POST',
      `${V1}/admin/mobile_instances`,
      as(u.atk.token, { general: { name: 'Scope phone' } }),
    );
    expectOk(made, MSG.createInstanceSuccess);
    const row = {
      product_id: theirs.productId,
      is_active: 1,
      is_featured: 0,
      featured_order: null,
      player_position: null,
      placement_priority: null,
    };
    const save = () =>
      app.call(
        'PUT',
        `${V1}/admin/mobile_instances/${made.body.data._id}`,
        as(u.atk.token, { type: 'products', products: [row] }),
      );
    expectOk(await save(), MSG.updateSuccess);
    expectOk(await app.call('DELETE', `/admin/brands/${a.brandId}`, as(u.global_admin.token)), MSG.deleteSuccess);
    expectError(await save(), 400, `products: ${MOBILE_PRODUCT_RULES.deletedProduct}`);
  });
});

/** A self sign-up through the product, then its sign-in (a pending brand's owner). */
async function signUp(email: string, brandName: string) {
  await app.db.delete(rateLimits);
  const body = {
    email,
    password: hashPassword(PASSWORD),
    password_confirm: hashPassword(PASSWORD),
    brand_name: brandName,
  };
  expectOk(await app.call('POST', '/users/register', { body }), MSG.registerReceived);
  return app.call<{ token: string; user_info: UserInfo }>('POST', '/users/login', {
    body: { email, password: hashPassword(PASSWORD) },
  });
}

describe('a self sign-up, until an operator confirms its brand', () => {
  let pending: { token: string; id: string; brandId: string };
  let built: { productId: string; songId: string; sourceId: string; instance: string };

  beforeAll(async () => {
    const login = await signUp('pending-brand@register.example', 'Pending Audio');
    expectOk(login, MSG.loginSuccess);
    const info = login.body.data.user_info;
    pending = { token: login.body.data.token, id: info._id, brandId: info.master_brand_id ?? '' };
    // The owner builds as any customer does: product, song, source, instance, products, published.
    const made = await content(pending.token, 'Pending mic');
    const instance = await instanceOf(pending.token, 'Pending player');
    expectOk(
      await app.call(
        'PUT',
        `/instances/${instance}`,
        as(pending.token, { products: [otherRow(made.productId, pending.brandId)], other_products: [] }),
      ),
      MSG.updateSuccess,
    );
    expectOk(
      await app.call(
        'PUT',
        `/instances/${instance}`,
        as(pending.token, { general: { name: 'Pending player', is_published: 1 } }),
      ),
      MSG.updateSuccess,
    );
    built = { ...made, instance };
  });

  const publicRead = (token?: string) =>
    app.call<{ preview?: number }>('GET', `/widget/instances/${built.instance}`, token ? { token } : {});
  const linkFor = (size: number, token = pending.token) =>
    app.call(
      'GET',
      `/aws/presigned_url?mine_type=wav&product_id=${built.productId}&song_id=${built.songId}&instrument_id=${built.sourceId}&size=${size}`,
      { token },
    );

  it('shows nothing publicly, offers nothing to other brands, caps uploads; confirmed, all of it opens', async () => {
    const other = await customerOfNewBrand('Onlooker Audio');
    const otherInstance = await instanceOf(other.token, 'Onlooker player');
    const picker = async () =>
      (
        await app.call<ListData<{ _id: string }>>(
          'GET',
          '/products?all_brand=1&page_size=100&name=Pending',
          as(other.token),
        )
      ).body.data.list.map((p) => p._id);
    const borrow = () =>
      app.call(
        'PUT',
        `/instances/${otherInstance}`,
        as(other.token, { products: [], other_products: [otherRow(built.productId, pending.brandId)] }),
      );
    const mobileOffers = async () => {
      const made = await app.call<MobileInstance>(
        'POST',
        `${V1}/admin/mobile_instances`,
        as(u.atk.token, { general: { name: `Phone ${Date.now()}` } }),
      );
      const listed = await app.call<MobileProductsAnswer>(
        'GET',
        `${V1}/admin/mobile_instances/products?instance_id=${made.body.data._id}&name=Pending&page_size=100`,
        as(u.atk.token),
      );
      return listed.body.data.products.map((p) => p.product_id);
    };

    // Pending: the visitors' 404 (as an unpublished instance), the owner's preview, an admin's preview.
    expectError(await publicRead(), 404, MSG.instanceNotFound);
    expectError(await publicRead(other.token), 404, MSG.instanceNotFound);
    const preview = await publicRead(pending.token);
    expectOk(preview);
    expect(preview.body.data.preview).toBe(1);
    expect(await picker()).not.toContain(built.productId);
    expectError(await borrow(), 404, MSG.productsNotAvailable);
    expect(await mobileOffers()).not.toContain(built.productId);
    // The atk operator's pickers (statistics and mobile screens): neither the brand nor its products.
    const atkBrands = async () =>
      (
        await app.call<ListData<Brand>>('GET', '/admin/brands?name=Pending%20Audio&page_size=100', as(u.atk.token))
      ).body.data.list.map((b) => b._id);
    const atkProducts = () => app.call('GET', `${V1}/atk/admin/products?brand_id=${pending.brandId}`, as(u.atk.token));
    expect(await atkBrands()).not.toContain(pending.brandId);
    expectError(await atkProducts(), 404, MSG.brandNotFound);
    // Uploads: 50 MB a file.
    expectError(await linkFor(50 * 1024 * 1024 + 1), 413, MSG.pendingFileTooLarge);
    expectOk(await linkFor(50 * 1024 * 1024));
    expectError(await linkFor(-1), 400, 'size must be a whole number of bytes');

    // Confirmed by an operator: public, shared, uncapped.
    expectOk(
      await app.call('PUT', `/admin/users/${pending.id}`, as(u.global_admin.token, { master_brand_status: 'active' })),
      MSG.updateSuccess,
    );
    const visitor = await publicRead();
    expectOk(visitor);
    expect(visitor.body.data).not.toHaveProperty('preview');
    expect(await picker()).toContain(built.productId);
    expectOk(await borrow(), MSG.updateSuccess);
    expect(await mobileOffers()).toContain(built.productId);
    expect(await atkBrands()).toContain(pending.brandId);
    expectOk(await atkProducts());
    expectOk(await linkFor(400 * 1024 * 1024));
  });

  it('refuses at the attach a stored file over the cap (a link asked without its size), and removes it', async () => {
    const login = await signUp('pending-upload@register.example', 'Pending Uploads');
    const token = login.body.data.token;
    const made = await content(token, 'Heavy mic');
    const link = await app.call<{ presigned_url: string; key: string; headers: Record<string, string> }>(
      'GET',
      `/aws/presigned_url?mine_type=wav&product_id=${made.productId}&song_id=${made.songId}&instrument_id=${made.sourceId}`,
      { token },
    );
    expectOk(link);
    const big = Buffer.concat([FILES.wav, Buffer.alloc(50 * 1024 * 1024 + 1 - FILES.wav.length)]);
    const put = await fetch(link.body.data.presigned_url.replace('http://portal.test', app.url), {
      method: 'PUT',
      headers: link.body.data.headers,
      body: big,
    });
    expect(put.status).toBe(200);
    const attach = () =>
      app.call(
        'PUT',
        `/products/${made.productId}`,
        as(token, {
          type: 'audio',
          content: { song_id: made.songId, instrument_id: made.sourceId, url: link.body.data.key, name: 'big.wav' },
        }),
      );
    expectError(await attach(), 413, MSG.pendingFileTooLarge);
    // Removed: a second attach finds nothing.
    expectError(await attach(), 400, MSG.uploadMissing);
  });
});

describe("another brand's products in public reads", () => {
  it('leave the desktop player and the mobile widget once their brand is unpublished (pending) again', async () => {
    const a = await customerOfNewBrand('Lender Audio');
    const b = await customerOfNewBrand('Borrower Audio');
    const lent = await content(a.token, 'Lent mic');
    const own = await content(b.token, 'Own mic');
    const instance = await instanceOf(b.token, 'Borrower player');
    expectOk(
      await app.call(
        'PUT',
        `/instances/${instance}`,
        as(b.token, {
          products: [otherRow(own.productId, b.brandId)],
          other_products: [otherRow(lent.productId, a.brandId)],
        }),
      ),
      MSG.updateSuccess,
    );
    expectOk(
      await app.call(
        'PUT',
        `/instances/${instance}`,
        as(b.token, { general: { name: 'Borrower player', is_published: 1 } }),
      ),
      MSG.updateSuccess,
    );
    const mobile = await app.call<MobileInstance>(
      'POST',
      `${V1}/admin/mobile_instances`,
      as(u.atk.token, { general: { name: 'Lender phone', is_published: 1 } }),
    );
    const mobileId = mobile.body.data._id;
    const row = (productId: string) => ({
      product_id: productId,
      is_active: 1,
      is_featured: 0,
      featured_order: null,
      player_position: null,
      placement_priority: null,
    });
    expectOk(
      await app.call(
        'PUT',
        `${V1}/admin/mobile_instances/${mobileId}`,
        as(u.atk.token, { type: 'products', products: [row(lent.productId), row(own.productId)] }),
      ),
      MSG.updateSuccess,
    );
    const shown = async () => {
      const desktop = await app.call<{ products: { _id: string }[] }>('GET', `/widget/instances/${instance}`);
      const phone = await app.call<{ products: { _id: string }[] }>('GET', `/widget/mobile_instances/${mobileId}`);
      expectOk(desktop);
      expectOk(phone);
      return {
        desktop: desktop.body.data.products.map((p) => p._id).sort(),
        phone: phone.body.data.products.map((p) => p._id).sort(),
      };
    };
    const both = [lent.productId, own.productId].sort();
    expect(await shown()).toEqual({ desktop: both, phone: both });
    expectOk(
      await app.call('PUT', `/admin/brands/${a.brandId}`, as(u.global_admin.token, { is_published: 0 })),
      MSG.updateBrandSuccess,
    );
    expect(await shown()).toEqual({ desktop: [own.productId], phone: [own.productId] });
  });
});

describe('a pending brand holds at most 10 source audio files', () => {
  it('refuses the 11th upload link with 413, and gives it once the brand is confirmed', async () => {
    const login = await signUp('pending-many@register.example', 'Pending Many');
    const token = login.body.data.token;
    const made = await content(token, 'Many mic');
    const sources = [made.sourceId];
    for (let i = 1; i <= 10; i++) {
      const source = await app.call<{ _id: string }>(
        'POST',
        '/instruments',
        as(token, { song_id: made.songId, name: `Take ${i}` }),
      );
      expectOk(source, MSG.createInstrumentSuccess);
      sources.push(source.body.data._id);
    }
    // A real WAV: the save probes the stored file (docs/api.md "Audio refused at attach time").
    const take = shortTake();
    const link = (sourceId: string) =>
      app.call<{ presigned_url: string; key: string; headers: Record<string, string> }>(
        'GET',
        `/aws/presigned_url?mine_type=wav&product_id=${made.productId}&song_id=${made.songId}&instrument_id=${sourceId}&size=${take.length}`,
        { token },
      );
    for (const sourceId of sources.slice(0, 10)) {
      const signed = await link(sourceId);
      expectOk(signed);
      const put = await fetch(signed.body.data.presigned_url.replace('http://portal.test', app.url), {
        method: 'PUT',
        headers: signed.body.data.headers,
        body: take,
      });
      expect(put.status).toBe(200);
      expectOk(
        await app.call(
          'PUT',
          `/products/${made.productId}`,
          as(token, {
            type: 'audio',
            content: { song_id: made.songId, instrument_id: sourceId, url: signed.body.data.key, name: 'take.wav' },
          }),
        ),
        MSG.uploadSuccess,
      );
    }
    expectError(await link(sources[10]), 413, MSG.pendingTooManyFiles);
    expectOk(
      await app.call(
        'PUT',
        `/admin/users/${login.body.data.user_info._id}`,
        as(u.global_admin.token, { master_brand_status: 'active' }),
      ),
      MSG.updateSuccess,
    );
    expectOk(await link(sources[10]));
  });
});

// Operators still build in a brand they keep unpublished (only its sharing and public reads wait).
describe('operators and pending brands', () => {
  it("lets an admin build in a pending brand (the operator's own check before confirming)", async () => {
    const draft = await newBrand('Operator Draft', 0);
    const res = await app.call<Product>(
      'POST',
      '/admin/products',
      as(u.super_admin.token, { general: { name: 'Draft mic', is_published: 1, brand_id: draft, category_id: cat } }),
    );
    expectOk(res, MSG.createProductSuccess);
  });
});
