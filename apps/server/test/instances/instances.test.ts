import { randomUUID } from 'node:crypto';
import {
  DEFAULT_BUTTONS,
  DEFAULT_FEATURES,
  DEFAULT_IMAGES,
  DEFAULT_SUBSCRIPTION,
  type Instance,
  type InstanceFeatures,
  type InstanceProduct,
  type InstanceSong,
  instanceEndpoints,
  MSG,
  NO_LIMIT,
  PAYMENT_REQUIRED,
  PERMISSION,
  playerEndpoints,
  type Subscription,
} from '@atk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, instances, instruments, products, songs, subCategories } from '../../src/db/schema.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import { makeBrand, makeUser, type TestApp } from '../support/harness.ts';
import { startWithTenants, type Tenants } from '../support/tenants.ts';

let app: TestApp;
let t: Tenants;
beforeAll(async () => {
  ({ app, t } = await startWithTenants());
});
afterAll(() => app.close());

type List = {
  list: { _id: string; brand_id: string; general: { name: string; is_published: number } }[];
  total_num: number;
};

// ── Fixtures ─────────────────────────────────────────────────────────────────────────────────────────

/** A brand of its own with one customer, so subscription changes stay inside a test. */
async function tenant() {
  const brand = await makeBrand(app.db);
  const customer = await makeUser(app, 'customer', { brandId: brand.id });
  return { brandId: brand.id, brandName: brand.name, customer };
}

async function makeCategory(name = 'Microphones') {
  const [c] = await app.db.insert(categories).values({ name, isPublished: 1 }).returning();
  return c.id;
}

async function makeSong(brandId: string | null, sources = 1, opts: { atk?: boolean; name?: string } = {}) {
  const [s] = await app.db
    .insert(songs)
    .values({ name: opts.name ?? 'Song', brandId, isAtk: opts.atk ? 1 : 0, songType: 2, isPublished: 1 })
    .returning();
  const rows = sources
    ? await app.db
        .insert(instruments)
        .values(Array.from({ length: sources }, (_, i) => ({ songId: s.id, name: `Source ${i + 1}`, order: i + 1 })))
        .returning()
    : [];
  return { id: s.id, sources: rows.map((r) => r.id) };
}

async function makeProduct(
  brandId: string,
  opts: {
    name?: string;
    published?: 0 | 1;
    categoryId?: string;
    subCategoryId?: string;
    songs?: string[];
    atkSongs?: string[];
    deleted?: boolean;
  } = {},
) {
  const [p] = await app.db
    .insert(products)
    .values({
      brandId,
      name: opts.name ?? 'Mic',
      isPublished: opts.published ?? 1,
      categoryId: opts.categoryId ?? null,
      subCategoryId: opts.subCategoryId ?? null,
      songs: opts.songs ?? [],
      atkSongs: opts.atkSongs ?? [],
      isDeleted: opts.deleted ?? false,
    })
    .returning();
  return p.id;
}

const entry = (product_id: string, brand_id: string, is_active: 0 | 1 = 1, order: number | null = null) =>
  ({ product_id, brand_id, is_active, order }) satisfies InstanceProduct;

async function create(token: string, general: Record<string, unknown> = {}, prefix = '') {
  const res = await app.call<Instance>('POST', `${prefix}/instances`, {
    token,
    body: { general: { name: 'Studio Player', ...general } },
  });
  expectOk(res, MSG.createInstanceSuccess);
  return res.body.data;
}

const put = (token: string, id: string, body: unknown, prefix = '') =>
  app.call<Instance>('PUT', `${prefix}/instances/${id}`, { token, body });

const read = async (token: string, id: string) =>
  (await app.call<Instance>('GET', `/instances/${id}`, { token })).body.data;

/** Sets a customer's subscription: the default plan with these changes. */
async function grant(userId: string, changes: Partial<Subscription> = {}) {
  const res = await app.call('PUT', `/admin/users/${userId}`, {
    token: t.users.global_admin.token,
    body: { subscription: { ...DEFAULT_SUBSCRIPTION, ...changes } },
  });
  expectOk(res, MSG.updateSuccess);
}

const on = { is_enable: 1 as const };
const off = { is_enable: 0 as const };
const features = (changes: Partial<InstanceFeatures> = {}): InstanceFeatures => ({ ...DEFAULT_FEATURES, ...changes });

function expectRefused(res: { status: number; body: unknown }, msg: string) {
  expectError(res as never, PAYMENT_REQUIRED, msg);
}

// ── Access ───────────────────────────────────────────────────────────────────────────────────────────

describe('instances: access', () => {
  let mine: Instance;
  let theirs: Instance;
  beforeAll(async () => {
    mine = await create(t.a.token, { name: 'Access A' });
    theirs = await create(t.b.token, { name: 'Access B' });
  });

  it('401 without a token on every call', async () => {
    const id = mine._id;
    for (const prefix of ['', '/admin']) {
      for (const [method, path, body] of [
        ['GET', '/instances', undefined],
        ['POST', '/instances', { general: { name: 'x' } }],
        ['POST', '/instances/copy', { id }],
        ['GET', `/instances/${id}`, undefined],
        ['PUT', `/instances/${id}`, { general: { name: 'x' } }],
        ['DELETE', `/instances/${id}`, undefined],
        ['POST', `/instances/${id}/sync_songs`, undefined],
      ] as const)
        expectError(await app.call(method, `${prefix}${path}`, { body }), 401, MSG.unauthorized);
    }
  });

  it('403 for atk everywhere (but its copy of a mobile instance) and for a customer on /admin paths (before validation)', async () => {
    const id = mine._id;
    const calls = [
      ['GET', '/instances', undefined],
      ['POST', '/instances', { general: { name: 'x' } }],
      ['POST', '/instances/copy', { id }],
      ['GET', `/instances/${id}`, undefined],
      ['PUT', `/instances/${id}`, { bogus: 1 }],
      ['DELETE', `/instances/${id}`, undefined],
      ['POST', `/instances/${id}/sync_songs`, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      // Except the copy: the atk operator's Duplicate of a mobile instance; a desktop id is a 404 to it.
      if (path === '/instances/copy')
        expectError(await app.call(method, path, { body, token: t.users.atk.token }), 404, MSG.instanceNotFound);
      else expectError(await app.call(method, path, { body, token: t.users.atk.token }), 403, MSG.forbidden);
      expectError(await app.call(method, `/admin${path}`, { body, token: t.users.atk.token }), 403, MSG.forbidden);
      expectError(await app.call(method, `/admin${path}`, { body, token: t.a.token }), 403, MSG.forbidden);
    }
    // Admins may use both paths.
    expect((await app.call('GET', `/instances/${id}`, { token: t.users.super_admin.token })).status).toBe(200);
    expect((await app.call('GET', `/admin/instances/${id}`, { token: t.users.global_admin.token })).status).toBe(200);
  });

  it("another brand's, an unknown or a deleted instance is a 404 for every call", async () => {
    const { read: readOne, update, remove, copy, syncSongs, list } = instanceEndpoints;
    const token = t.a.token;
    for (const id of [theirs._id, randomUUID()]) {
      const params = { id };
      expectError(await app.send(readOne.own, { token, params }), 404, MSG.instanceNotFound);
      for (const body of [{ general: { name: 'mine now' } }, { features: DEFAULT_FEATURES }]) {
        expectError(await app.send(update.own, { token, params, body }), 404, MSG.instanceNotFound);
      }
      expectError(await app.send(remove.own, { token, params }), 404, MSG.instanceNotFound);
      expectError(await app.send(copy.own, { token, body: { id } }), 404, MSG.instanceNotFound);
      expectError(await app.send(syncSongs.own, { token, params }), 404, MSG.instanceNotFound);
    }
    const listed = await app.send(list.own, { token, query: { name: 'access' } });
    expect(listed.body.data.list.map((i) => i._id)).toEqual([mine._id]);
    // B's instance is untouched.
    expect((await read(t.b.token, theirs._id)).general.name).toBe('Access B');
  });

  it('a malformed id is a 400 naming it', async () => {
    expectError(await app.call('GET', '/instances/not-an-id', { token: t.a.token }), 400, 'id must be a valid id');
    expectError(
      await app.call('POST', '/instances/copy', { token: t.a.token, body: { id: 'x' } }),
      400,
      'id must be a valid id',
    );
  });
});

// ── Create, list, read ───────────────────────────────────────────────────────────────────────────────

describe('instances: create, list, read', () => {
  it("a customer's instance belongs to its master brand, pending, with the default parts", async () => {
    const created = await create(t.a.token, { name: 'Defaults', brand_id: t.brandB.id, website: 'https://a.example' });
    expect(created).toMatchObject({
      brand_id: t.brandA.id,
      general: {
        name: 'Defaults',
        brand_id: t.brandA.id,
        brand_name: t.brandA.name,
        category_id: null,
        sub_category_id: null,
        is_published: 0,
        website: 'https://a.example',
      },
      features: DEFAULT_FEATURES,
      products: [],
      other_products: [],
      images: DEFAULT_IMAGES,
      buttons: DEFAULT_BUTTONS,
    });
    expect(await read(t.a.token, created._id)).toEqual(created);
    const published = await create(t.a.token, { name: 'Published at once', is_published: 1 });
    expect(published.general.is_published).toBe(1);
  });

  it('admins name the brand', async () => {
    const admin = t.users.global_admin.token;
    expectError(
      await app.call('POST', '/admin/instances', { token: admin, body: { general: { name: 'x' } } }),
      400,
      'general.brand_id is required',
    );
    expectError(
      await app.call('POST', '/admin/instances', {
        token: admin,
        body: { general: { name: 'x', brand_id: randomUUID() } },
      }),
      404,
      MSG.brandNotFound,
    );
    const made = await create(admin, { name: 'Admin Made', brand_id: t.brandB.id }, '/admin');
    expect(made.general).toMatchObject({ brand_id: t.brandB.id, brand_name: t.brandB.name });
    const list = await app.call<List>('GET', `/admin/instances?brand_id=${t.brandB.id}&name=admin%20made`, {
      token: admin,
    });
    expect(list.body.data.list.map((i) => i._id)).toEqual([made._id]);
    expect((await read(t.b.token, made._id)).general.name).toBe('Admin Made');
  });

  it("with a category: the brand's published products of it, active up to Products in Player, and their sources", async () => {
    const { brandId, customer } = await tenant();
    const other = await tenant();
    const cat = await makeCategory();
    const otherCat = await makeCategory('Preamps');
    const song = await makeSong(brandId, 2);
    const ids: string[] = [];
    for (const n of [6, 1, 5, 2, 4, 3, 7])
      ids[n] = await makeProduct(brandId, { name: `Mic ${n}`, categoryId: cat, songs: n === 1 ? [song.id] : [] });
    await makeProduct(brandId, { name: 'Mic unpublished', categoryId: cat, published: 0 });
    await makeProduct(brandId, { name: 'Mic deleted', categoryId: cat, deleted: true });
    await makeProduct(brandId, { name: 'Preamp', categoryId: otherCat });
    await makeProduct(other.brandId, { name: 'Their mic', categoryId: cat });

    const made = await create(customer.token, { name: 'By category', category_id: cat });
    expect(made.products).toMatchObject([1, 2, 3, 4, 5, 6, 7].map((n) => entry(ids[n], brandId, n <= 5 ? 1 : 0)));
    expect(made.other_products).toEqual([]);
    expect(made.sources).toMatchObject([
      {
        song_id: song.id,
        is_active: 1,
        order: 1,
        instruments: song.sources.map((id, i) => ({ instrument_id: id, is_active: 1, order: i + 1 })),
      },
    ]);
    // The brand's own songs are the my_sources.
    expect(made.my_sources.map((s) => s.song_id)).toEqual([song.id]);

    // A sub category narrows it.
    const [sub] = await app.db.insert(subCategories).values({ categoryId: cat, name: 'LDC' }).returning();
    await app.db.update(products).set({ subCategoryId: sub.id }).where(eq(products.id, ids[3]));
    const narrow = await create(customer.token, { name: 'By sub', category_id: cat, sub_category_id: sub.id });
    expect(narrow.products).toMatchObject([entry(ids[3], brandId)]);
  });

  it('lists 20 a page, newest change first, by name and status, own brand only', async () => {
    const { customer } = await tenant();
    for (let i = 0; i < 21; i++) await create(customer.token, { name: `Paged ${String(i).padStart(2, '0')}` });
    await create(customer.token, { name: 'Other name', is_published: 1 });
    const page = (q: string) => app.call<List>('GET', `/instances?${q}`, { token: customer.token });
    const p1 = await page('page_num=1&page_size=20&name=PAGED&is_deleted=false');
    expect(p1.body.data.total_num).toBe(21);
    expect(p1.body.data.list).toHaveLength(20);
    expect(p1.body.data.list[0].general.name).toBe('Paged 20');
    expect((await page('page_num=2&page_size=20&name=paged')).body.data.list.map((i) => i.general.name)).toEqual([
      'Paged 00',
    ]);
    expect((await page('is_published=true')).body.data.list.map((i) => i.general.name)).toEqual(['Other name']);
    expect((await page('is_published=false')).body.data.total_num).toBe(21);
    // `%` is a literal character, not a wildcard.
    expect((await page('name=%25')).body.data.total_num).toBe(0);
    expectError(await page('is_published=maybe'), 400, 'is_published must be true, false, 1 or 0');
    expectError(await page('page_size=1001'), 400, 'page_size must be at most 1000');
  });

  it('names the field of bad input', async () => {
    const token = t.a.token;
    expectError(await app.call('POST', '/instances', { token, body: {} }), 400, 'general is required');
    expectError(
      await app.call('POST', '/instances', { token, body: { general: { name: 5 } } }),
      400,
      'general.name must be text',
    );
    // An instance needs a name: missing, empty or blank, for customers and admins alike; none is made.
    const before = (await app.call<List>('GET', '/instances', { token })).body.data.total_num;
    for (const general of [{}, { name: '' }, { name: '   ' }, { name: '\t\n' }]) {
      expectError(await app.call('POST', '/instances', { token, body: { general } }), 400, 'general.name is required');
      expectError(
        await app.call('POST', '/admin/instances', {
          token: t.users.global_admin.token,
          body: { general: { ...general, brand_id: t.brandA.id } },
        }),
        400,
        'general.name is required',
      );
    }
    expect((await app.call<List>('GET', '/instances', { token })).body.data.total_num).toBe(before);
    expectError(
      await app.call('POST', '/instances', { token, body: { general: { name: 'x', is_published: 2 } } }),
      400,
      'general.is_published must be 0 or 1',
    );
    expectError(
      await app.call('POST', '/instances', { token, body: { general: { name: 'x', category_id: randomUUID() } } }),
      404,
      MSG.categoryNotFound,
    );
    const cat = await makeCategory();
    const [sub] = await app.db
      .insert(subCategories)
      .values({ categoryId: await makeCategory(), name: 'S' })
      .returning();
    expectError(
      await app.call('POST', '/instances', {
        token,
        body: { general: { name: 'x', category_id: cat, sub_category_id: sub.id } },
      }),
      404,
      MSG.subCategoryNotFound,
    );
  });
});

// ── PUT parts ────────────────────────────────────────────────────────────────────────────────────────

describe('instances: PUT one part', () => {
  it('exactly one part per request', async () => {
    const { _id } = await create(t.a.token, { name: 'One part' });
    const exactly =
      'Request body must hold exactly one of general, features, products with other_products, sources, my_sources, images, buttons';
    expectError(await put(t.a.token, _id, {}), 400, exactly);
    expectError(await put(t.a.token, _id, { general: { name: 'x' }, buttons: DEFAULT_BUTTONS }), 400, exactly);
    expectError(await put(t.a.token, _id, { bogus: 1 }), 400, 'Request body has unknown fields: bogus');
    expectError(await put(t.a.token, _id, { products: [] }), 400, 'other_products is required');
  });

  it('general: saved and read back; the brand cannot change', async () => {
    const cat = await makeCategory();
    const { _id } = await create(t.a.token, { name: 'General', website: 'https://kept.example' });
    const res = await put(t.a.token, _id, { general: { name: 'General II', is_published: 1, category_id: cat } });
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data.general).toMatchObject({
      name: 'General II',
      is_published: 1,
      category_id: cat,
      sub_category_id: null,
      website: 'https://kept.example',
    });
    expect((await read(t.a.token, _id)).general.name).toBe('General II');
    expectError(
      await put(t.a.token, _id, { general: { name: 'x', brand_id: t.brandB.id } }),
      400,
      'general.brand_id cannot be changed',
    );
    expectError(
      await put(t.users.global_admin.token, _id, { general: { name: 'x', brand_id: t.brandB.id } }, '/admin'),
      400,
      'general.brand_id cannot be changed',
    );
    expectError(
      await put(t.a.token, _id, { general: { name: 'x'.repeat(201) } }),
      400,
      'general.name must be at most 200 characters',
    );
    // A name cannot be taken away: absent, empty or blank is refused and the name stays.
    for (const general of [{ is_published: 1 }, { name: '' }, { name: '  ' }]) {
      expectError(await put(t.a.token, _id, { general }), 400, 'general.name is required');
      expectError(await put(t.users.global_admin.token, _id, { general }, '/admin'), 400, 'general.name is required');
    }
    expect((await read(t.a.token, _id)).general.name).toBe('General II');
    // Trimmed when saved.
    expectOk(await put(t.a.token, _id, { general: { name: '  General III  ' } }), MSG.updateSuccess);
    expect((await read(t.a.token, _id)).general.name).toBe('General III');
  });

  it('features: the five orders stay a permutation of 1 to 5', async () => {
    const { _id } = await create(t.a.token, { name: 'Orders' });
    const swapped = features({
      listening_guide: { is_enable: 1, order: 5 },
      images: { is_enable: 0, order: 1 },
      display_price: off,
    });
    expectOk(await put(t.a.token, _id, { features: swapped }), MSG.updateSuccess);
    expect((await read(t.a.token, _id)).features).toEqual(swapped);
    expectError(
      await put(t.a.token, _id, { features: features({ discography: { is_enable: 0, order: 1 } }) }),
      400,
      'features.order orders of the ordered features must be distinct (1 to 5)',
    );
    expectError(
      await put(t.a.token, _id, { features: features({ images: { is_enable: 1, order: 6 } }) }),
      400,
      'features.images.order must be at most 5',
    );
    expectError(
      await put(t.a.token, _id, { features: features({ products_in_player: { max_num: 7 } }) }),
      400,
      'features.products_in_player.max_num must be one of 5, 99999',
    );
    const { tech_specs: _, ...missing } = DEFAULT_FEATURES;
    expectError(await put(t.a.token, _id, { features: missing }), 400, 'features.tech_specs is required');
    expect((await read(t.a.token, _id)).features).toEqual(swapped);
  });

  it('features: UTM tags on buy links are saved and read back, by the console and the player; older features read as off', async () => {
    const { _id } = await create(t.a.token, { name: 'Tagged', is_published: 1 });
    const utmOfPlayer = async () => {
      const res = await app.send(playerEndpoints.instance, { params: { id: _id } });
      expect(res.status).toBe(200);
      return res.body.data.features.utm_tags;
    };
    // A new instance: off.
    expect((await read(t.a.token, _id)).features.utm_tags).toEqual(off);
    expect(await utmOfPlayer()).toBe(0);
    // Switched on: no subscription needed (a link's tags cost the brand nothing).
    expectOk(await put(t.a.token, _id, { features: features({ utm_tags: on }) }), MSG.updateSuccess);
    expect((await read(t.a.token, _id)).features).toEqual(features({ utm_tags: on }));
    expect(await utmOfPlayer()).toBe(1);
    // A console that does not know the switch sends features without it: off.
    const { utm_tags: _, ...unaware } = features({ utm_tags: on });
    expectOk(await put(t.a.token, _id, { features: unaware }), MSG.updateSuccess);
    expect((await read(t.a.token, _id)).features.utm_tags).toEqual(off);
    expect(await utmOfPlayer()).toBe(0);
    // Features saved before the switch existed hold no utm_tags at all: no endpoint can write such a row any more.
    expectOk(await put(t.a.token, _id, { features: features({ utm_tags: on }) }), MSG.updateSuccess);
    await app.db
      .update(instances)
      .set({ features: sql`${instances.features} - 'utm_tags'` })
      .where(eq(instances.id, _id));
    expect((await read(t.a.token, _id)).features.utm_tags).toEqual(off);
    expect(await utmOfPlayer()).toBe(0);
  });

  it('features: each one the subscription lacks is refused with 402, until an operator grants it', async () => {
    const { customer } = await tenant();
    const { _id } = await create(customer.token, { name: 'Gated' });
    const gated: [Partial<InstanceFeatures>, string, Partial<Subscription>][] = [
      [{ discography: { is_enable: 1, order: 2 } }, PERMISSION.discography, { discography: on }],
      [{ frequency_graphs: { is_enable: 1, order: 3 } }, PERMISSION.frequency_graphs, { frequency_graphs: on }],
      [{ tech_specs: { is_enable: 1, order: 4 } }, PERMISSION.tech_specs, { tech_specs: on }],
      [
        { products_in_player: { max_num: NO_LIMIT } },
        PERMISSION.products_in_player,
        { products_in_player: { max_num: NO_LIMIT } },
      ],
      [{ other_brands_products: on }, PERMISSION.other_brands_products, { other_brands_products: on }],
      [{ atk_songs: { max_num: NO_LIMIT } }, PERMISSION.atk_songs, { atk_songs: { max_num: NO_LIMIT } }],
      [{ my_audio: on }, PERMISSION.my_audio, { my_audio: on }],
    ];
    for (const [change, msg, grantIt] of gated) {
      expectRefused(await put(customer.token, _id, { features: features(change) }), msg);
      // Operators are held to the owner's subscription too.
      expectRefused(await put(t.users.global_admin.token, _id, { features: features(change) }, '/admin'), msg);
      await grant(customer.id, grantIt);
      expectOk(await put(customer.token, _id, { features: features(change) }), MSG.updateSuccess);
      expect((await read(customer.token, _id)).features).toEqual(features(change));
      await grant(customer.id);
    }
    // Several at once: the server names the first in the order it checks them (docs/api.md "402 refusals"; the
    // console names them all).
    const many = features({
      tech_specs: { is_enable: 1, order: 4 },
      products_in_player: { max_num: NO_LIMIT },
      discography: { is_enable: 1, order: 2 },
    });
    expectRefused(await put(customer.token, _id, { features: many }), PERMISSION.discography);
    await grant(customer.id, { discography: on });
    expectRefused(await put(customer.token, _id, { features: many }), PERMISSION.tech_specs);
    await grant(customer.id, { discography: on, tech_specs: on });
    expectRefused(await put(customer.token, _id, { features: many }), PERMISSION.products_in_player);
    await grant(customer.id);
    // The customer's user info carries that subscription, so the console can mark and refuse before saving.
    const info = await app.call<{ subscription: Subscription }>('GET', '/users/info', { token: customer.token });
    expect(info.body.data.subscription).toEqual(DEFAULT_SUBSCRIPTION);
    // Listening guide, images and display price are never refused.
    await grant(customer.id, { listening_guide: off, images: off });
    expectOk(
      await put(customer.token, _id, {
        features: features({
          listening_guide: { is_enable: 1, order: 1 },
          images: { is_enable: 1, order: 5 },
          display_price: on,
        }),
      }),
      MSG.updateSuccess,
    );
    await grant(customer.id);
  });

  it('images: two, orders 1 and 2; buttons: web addresses', async () => {
    const { _id } = await create(t.a.token, { name: 'Images' });
    const swapped = [
      { code: 'additional', name: 'Additional Image', order: 1 },
      { code: 'group_360', name: '360° Group', order: 2 },
    ];
    expectOk(await put(t.a.token, _id, { images: [swapped[1], swapped[0]] }), MSG.updateSuccess);
    expect((await read(t.a.token, _id)).images).toEqual(swapped);
    expectError(
      await put(t.a.token, _id, { images: [swapped[0], { ...swapped[1], order: 1 }] }),
      400,
      'images the two images take orders 1 and 2',
    );
    expectError(await put(t.a.token, _id, { images: [swapped[0]] }), 400, 'images must hold the two images');
    expectError(
      await put(t.a.token, _id, { images: [swapped[0], { ...swapped[1], code: 'front' }] }),
      400,
      'images.1.code must be group_360 or additional',
    );

    const buttons = {
      default: { currency: 'USD', symbol: '$', url: 'https://shop.example/buy' },
      list: [{ currency: 'EUR', symbol: '€', url: 'https://shop.example/eu' }],
    };
    expectOk(await put(t.a.token, _id, { buttons }), MSG.updateSuccess);
    expect((await read(t.a.token, _id)).buttons).toEqual(buttons);
    expectError(
      await put(t.a.token, _id, {
        buttons: { ...buttons, list: [{ currency: 'EUR', symbol: '€', url: 'javascript:x' }] },
      }),
      400,
      'buttons.list.0.url must be a web address (http:// or https://)',
    );
  });
});

describe('instances: products', () => {
  let owner: Awaited<ReturnType<typeof tenant>>;
  let other: Awaited<ReturnType<typeof tenant>>;
  let id: string;
  const own: string[] = [];
  let otherPublished: string;
  let otherPending: string;
  let ownSong: Awaited<ReturnType<typeof makeSong>>;
  let theirSong: Awaited<ReturnType<typeof makeSong>>;
  beforeAll(async () => {
    owner = await tenant();
    other = await tenant();
    ownSong = await makeSong(owner.brandId, 2, { name: 'Own song' });
    theirSong = await makeSong(other.brandId, 1, { name: 'Their song' });
    for (let i = 0; i < 7; i++)
      own.push(await makeProduct(owner.brandId, { name: `Own ${i}`, songs: i === 0 ? [ownSong.id] : [] }));
    otherPublished = await makeProduct(other.brandId, { name: 'Theirs', songs: [theirSong.id] });
    otherPending = await makeProduct(other.brandId, { name: 'Theirs pending', published: 0 });
    id = (await create(owner.customer.token, { name: 'Products' }))._id;
  });
  const save = (mine: InstanceProduct[], others: InstanceProduct[] = [], token = owner.customer.token) =>
    put(token, id, { products: mine, other_products: others });

  it('saves the brand own products with slots 1 to 3, and derives the sources from the active ones', async () => {
    const mine = [
      entry(own[0], owner.brandId, 1, 2),
      entry(own[1], owner.brandId, 0, 1),
      entry(own[2], owner.brandId, 1),
    ];
    const res = await save(mine);
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data.products).toMatchObject(mine);
    // The answer names each product and its brand.
    expect(res.body.data.products.every((p) => p.name.length > 0 && p.brand_name.length > 0)).toBe(true);
    expect(res.body.data.sources.map((s) => s.song_id)).toEqual([ownSong.id]);
    const again = await read(owner.customer.token, id);
    expect(again.products).toMatchObject(mine);
    // Deactivating the product drops its songs from the sources.
    expect((await save([entry(own[0], owner.brandId, 0)])).body.data.sources).toEqual([]);
  });

  it('each product says why visitors will not see it: pending, deleted, or its brand not confirmed', async () => {
    const pending = await makeProduct(owner.brandId, { name: 'Not yet', published: 0 });
    const third = await tenant();
    const theirs = await makeProduct(third.brandId, { name: 'Unconfirmed brand' });
    await grant(owner.customer.id, { other_brands_products: on });
    const res = await save(
      [entry(own[0], owner.brandId), entry(pending, owner.brandId, 0)],
      [entry(otherPublished, other.brandId), entry(theirs, third.brandId)],
    );
    expectOk(res, MSG.updateSuccess);
    const hidden = (i: Instance) =>
      [...i.products, ...i.other_products].map((p) => [p.name, p.is_active, p.hidden] as const);
    expect(hidden(res.body.data)).toEqual([
      ['Own 0', 1, null],
      ['Not yet', 0, 'pending'],
      ['Theirs', 1, null],
      ['Unconfirmed brand', 1, null],
    ]);
    // Later changes show in the next read: the product published, another brand back to pending, one deleted.
    await app.db.update(products).set({ isPublished: 1 }).where(eq(products.id, pending));
    await app.db.update(products).set({ isDeleted: true }).where(eq(products.id, own[0]));
    await app.db.update(brands).set({ isPublished: 0 }).where(eq(brands.id, third.brandId));
    expect(hidden(await read(owner.customer.token, id))).toEqual([
      ['Own 0', 1, 'deleted'],
      ['Not yet', 0, null],
      ['Theirs', 1, null],
      ['Unconfirmed brand', 1, 'brand'],
    ]);
    await app.db.update(products).set({ isDeleted: false }).where(eq(products.id, own[0]));
    await grant(owner.customer.id);
  });

  it('each featured slot is held once across both lists; each product once', async () => {
    expectError(
      await save([entry(own[0], owner.brandId, 1, 1), entry(own[1], owner.brandId, 1, 1)]),
      400,
      'products each featured slot (1 to 3) may be held by one product only',
    );
    expectError(
      await save([entry(own[0], owner.brandId, 1, 3)], [entry(otherPublished, other.brandId, 1, 3)]),
      400,
      'products each featured slot (1 to 3) may be held by one product only',
    );
    expectError(await save([entry(own[0], owner.brandId, 1, 4)]), 400, 'products.0.order must be at most 3');
    expectError(
      await save([entry(own[0], owner.brandId), entry(own[0], owner.brandId)]),
      400,
      'products and other_products must list each product once',
    );
  });

  it('only the brand own products, and other brands published ones, with their true brand', async () => {
    const deleted = await makeProduct(owner.brandId, { deleted: true });
    for (const [mine, others] of [
      [[entry(otherPublished, other.brandId)], []],
      [[entry(own[0], other.brandId)], []],
      [[entry(deleted, owner.brandId)], []],
      [[entry(randomUUID(), owner.brandId)], []],
      [[], [entry(own[0], owner.brandId)]],
      [[], [entry(otherPending, other.brandId)]],
      [[], [entry(otherPublished, owner.brandId)]],
    ] as [InstanceProduct[], InstanceProduct[]][])
      expectError(await save(mine, others), 404, MSG.productsNotAvailable);
  });

  it('other brands products need the subscription; active products at most Products in Player', async () => {
    const withOther = [entry(otherPublished, other.brandId, 1, 1)];
    expectRefused(await save([], withOther), PERMISSION.products);
    // Even inactive: listing one at all is the feature.
    expectRefused(await save([], [entry(otherPublished, other.brandId, 0)]), PERMISSION.products);
    await grant(owner.customer.id, { other_brands_products: on });
    const res = await save([entry(own[0], owner.brandId)], withOther);
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data.other_products).toMatchObject(withOther);
    expect(res.body.data.sources.map((s) => s.song_id)).toEqual([ownSong.id, theirSong.id]);

    const six = own.slice(0, 6).map((p) => entry(p, owner.brandId));
    const five = [...six.slice(0, 5), { ...six[5], is_active: 0 as const }];
    expectRefused(await save(six), PERMISSION.products);
    expectRefused(await save(five, withOther), PERMISSION.products);
    expectOk(await save(five), MSG.updateSuccess);
    // The subscription allows no limit, the instance still says 5.
    await grant(owner.customer.id, { other_brands_products: on, products_in_player: { max_num: NO_LIMIT } });
    expectRefused(await save(six), PERMISSION.products);
    expectOk(
      await put(owner.customer.token, id, { features: features({ products_in_player: { max_num: NO_LIMIT } }) }),
      MSG.updateSuccess,
    );
    expectOk(await save(six, withOther), MSG.updateSuccess);
    await grant(owner.customer.id);
  });

  it('a products save that fails half-way leaves products and sources as they were (one transaction)', async () => {
    expectOk(await save([entry(own[0], owner.brandId), entry(own[1], owner.brandId)]), MSG.updateSuccess);
    const before = await read(owner.customer.token, id);
    expect(before.sources.map((s) => s.song_id)).toEqual([ownSong.id]);
    // The sources step cannot read the sources table: the products it already wrote must be undone.
    await app.db.execute(sql`alter table instruments rename to instruments_away`);
    try {
      const res = await save([entry(own[0], owner.brandId, 1, 1), entry(own[1], owner.brandId, 0)]);
      expectError(res, 500, MSG.internalError);
    } finally {
      await app.db.execute(sql`alter table instruments_away rename to instruments`);
    }
    const after = await read(owner.customer.token, id);
    expect(after.products).toEqual(before.products);
    expect(after.sources).toEqual(before.sources);
    expect(after.updated_at).toBe(before.updated_at);
    // And the same save goes through once the table is back.
    const res = await save([entry(own[0], owner.brandId, 1, 1), entry(own[1], owner.brandId, 0)]);
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data.products[0].order).toBe(1);
  });
});

describe('instances: sources and my_sources', () => {
  let owner: Awaited<ReturnType<typeof tenant>>;
  let id: string;
  let s1: Awaited<ReturnType<typeof makeSong>>;
  let s2: Awaited<ReturnType<typeof makeSong>>;
  const atk: Awaited<ReturnType<typeof makeSong>>[] = [];
  beforeAll(async () => {
    owner = await tenant();
    s1 = await makeSong(owner.brandId, 2, { name: 'S1' });
    s2 = await makeSong(owner.brandId, 1, { name: 'S2' });
    for (let i = 0; i < 4; i++) atk.push(await makeSong(null, 1, { atk: true, name: `ATK ${i}` }));
    const p1 = await makeProduct(owner.brandId, { songs: [s1.id], atkSongs: atk.slice(0, 2).map((s) => s.id) });
    const p2 = await makeProduct(owner.brandId, { songs: [s2.id], atkSongs: atk.slice(2).map((s) => s.id) });
    id = (await create(owner.customer.token, { name: 'Sources' }))._id;
    expectOk(
      await put(owner.customer.token, id, {
        products: [entry(p1, owner.brandId), entry(p2, owner.brandId)],
        other_products: [],
      }),
      MSG.updateSuccess,
    );
  });
  const sources = async () => (await read(owner.customer.token, id)).sources;
  const saveSources = (list: InstanceSong[], token = owner.customer.token) => put(token, id, { sources: list });

  it('are derived: the products songs in order, platform songs beyond ATK Songs added inactive', async () => {
    const list = await sources();
    expect(list.map((s) => [s.song_id, s.is_active, s.order])).toEqual([
      [s1.id, 1, 1],
      [atk[0].id, 1, 2],
      [atk[1].id, 1, 3],
      [s2.id, 1, 4],
      [atk[2].id, 1, 5],
      [atk[3].id, 0, 6],
    ]);
    expect(list[0].instruments).toMatchObject(
      s1.sources.map((i, at) => ({ instrument_id: i, is_active: 1, order: at + 1 })),
    );
  });

  it('the answer names every song and source, the platform ones too; a save ignores the names', async () => {
    const list = await sources();
    const names = new Map(
      [s1, s2, ...atk].map((song, n) => [song.id, ['S1', 'S2', 'ATK 0', 'ATK 1', 'ATK 2', 'ATK 3'][n]]),
    );
    expect(list.map((s) => s.name)).toEqual(list.map((s) => names.get(s.song_id)));
    expect(list[0].instruments.map((i) => i.name)).toEqual(['Source 1', 'Source 2']);
    // Sent back as read (names and all), it is the same list: the names are not part of what is saved.
    expectError(await saveSources(list), 400, MSG.sourcesUnchanged);
  });

  it('a save reorders and switches the songs and sources there are, with orders 1..n', async () => {
    const list = await sources();
    // Move S2 first, turn S1's second source off and put it first.
    const moved = list.map((s) => {
      if (s.song_id === s2.id) return { ...s, order: 1 };
      const order = s.order < 4 ? s.order + 1 : s.order;
      if (s.song_id !== s1.id) return { ...s, order };
      return {
        ...s,
        order,
        instruments: [
          { ...s.instruments[0], order: 2 },
          { ...s.instruments[1], order: 1, is_active: 0 as const },
        ],
      };
    });
    const res = await saveSources([...moved].reverse());
    expectOk(res, MSG.updateSuccess);
    const saved = await sources();
    // Stored sorted by order.
    expect(saved.map((s) => s.song_id)).toEqual([s2.id, s1.id, atk[0].id, atk[1].id, atk[2].id, atk[3].id]);
    expect(saved[1].instruments).toMatchObject([
      { instrument_id: s1.sources[1], is_active: 0, order: 1 },
      { instrument_id: s1.sources[0], is_active: 1, order: 2 },
    ]);

    expectError(await saveSources(saved), 400, MSG.sourcesUnchanged);
    expectError(await saveSources([...saved].reverse()), 400, MSG.sourcesUnchanged);
    // The set is fixed: no song or source missing, added or twice.
    expectError(await saveSources(saved.slice(0, 5)), 400, MSG.sourcesMismatch);
    expectError(await saveSources(saved.slice(1).map((s) => ({ ...s, order: s.order - 1 }))), 400, MSG.sourcesMismatch);
    expectError(
      await saveSources(saved.filter((s) => s.order !== 3)),
      400,
      'sources song orders must run 1, 2, 3… without gaps',
    );
    expectError(
      await saveSources([...saved, { song_id: randomUUID(), is_active: 1, order: 7, instruments: [] }]),
      400,
      MSG.sourcesMismatch,
    );
    const extra = saved.map((s, at) =>
      at === 0
        ? { ...s, instruments: [...s.instruments, { instrument_id: randomUUID(), is_active: 1 as const, order: 2 }] }
        : s,
    );
    expectError(await saveSources(extra), 400, MSG.sourcesMismatch);
    const twice = saved.map((s, at) => (at === 5 ? { ...saved[0], order: 6 } : s));
    expectError(await saveSources(twice), 400, MSG.sourcesMismatch);
    // Orders run without gaps, also within a song.
    expectError(
      await saveSources(
        saved.map((s, at) =>
          at === 1 ? { ...s, instruments: s.instruments.map((i) => ({ ...i, order: i.order * 2 })) } : s,
        ),
      ),
      400,
      'sources source orders must run 1, 2, 3… without gaps within each song',
    );
    expectError(
      await saveSources(saved.map((s) => ({ ...s, order: s.order + 1 }))),
      400,
      'sources song orders must run 1, 2, 3… without gaps',
    );
  });

  it('active platform songs at most ATK Songs (402 sources), until granted', async () => {
    const saved = await sources();
    const allOn = saved.map((s) => ({ ...s, is_active: 1 as const }));
    expectRefused(await saveSources(allOn), PERMISSION.sources);
    expectRefused(await saveSources(allOn, t.users.super_admin.token), PERMISSION.sources);
    await grant(owner.customer.id, { atk_songs: { max_num: NO_LIMIT } });
    // The instance's own ATK Songs setting still says 3.
    expectRefused(await saveSources(allOn), PERMISSION.sources);
    expectOk(
      await put(owner.customer.token, id, { features: features({ atk_songs: { max_num: NO_LIMIT } }) }),
      MSG.updateSuccess,
    );
    expectOk(await saveSources(allOn), MSG.updateSuccess);
    expect((await sources()).every((s) => s.is_active === 1)).toBe(true);
    await grant(owner.customer.id);
    // Own songs do not count: switching platform songs off is always possible.
    const fewer = allOn.map((s) => (atk.some((a) => a.id === s.song_id) ? { ...s, is_active: 0 as const } : s));
    expectOk(await saveSources(fewer), MSG.updateSuccess);
  });

  it('my_sources: the brand songs; active ones need My Audio in the subscription (my_sources) and the features (my_audio)', async () => {
    const inst = await read(owner.customer.token, id);
    expect(inst.my_sources.map((s) => s.song_id)).toEqual([s1.id, s2.id]);
    const reordered = inst.my_sources.map((s) => ({ ...s, order: 3 - s.order }));
    expectRefused(await put(owner.customer.token, id, { my_sources: reordered }), PERMISSION.mySources);
    await grant(owner.customer.id, { my_audio: on });
    expectRefused(await put(owner.customer.token, id, { my_sources: reordered }), PERMISSION.myAudio);
    expectOk(await put(owner.customer.token, id, { features: features({ my_audio: on }) }), MSG.updateSuccess);
    const res = await put(owner.customer.token, id, { my_sources: reordered });
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data.my_sources.map((s) => [s.song_id, s.order])).toEqual([
      [s2.id, 1],
      [s1.id, 2],
    ]);
    // Without My Audio, switching everything off is still allowed.
    await grant(owner.customer.id);
    const allOff = res.body.data.my_sources.map((s) => ({ ...s, is_active: 0 as const }));
    expectOk(await put(owner.customer.token, id, { my_sources: allOff }), MSG.updateSuccess);
    expectError(await put(owner.customer.token, id, { my_sources: allOff }), 400, MSG.sourcesUnchanged);
    expectError(
      await put(owner.customer.token, id, { my_sources: allOff.slice(1).map((s) => ({ ...s, order: 1 })) }),
      400,
      MSG.sourcesMismatch,
    );
  });

  it('sync_songs picks up a new song of the brand and a new source, keeping what was chosen', async () => {
    const before = await read(owner.customer.token, id);
    const created = await app.call<{ _id: string }>('POST', '/songs', {
      token: owner.customer.token,
      body: { name: 'Brand new song', song_type: 2 },
    });
    expectOk(created, MSG.createSongSuccess);
    const source = await app.call<{ _id: string }>('POST', '/instruments', {
      token: owner.customer.token,
      body: { song_id: created.body.data._id, name: 'Vocal' },
    });
    expectOk(source, MSG.createInstrumentSuccess);
    // Not there before the synchronisation.
    expect((await read(owner.customer.token, id)).my_sources).toEqual(before.my_sources);
    const res = await app.call<Instance>('POST', `/instances/${id}/sync_songs`, { token: owner.customer.token });
    expectOk(res, MSG.synchronizeSuccess);
    expect(res.body.data.my_sources).toMatchObject([
      ...before.my_sources,
      {
        song_id: created.body.data._id,
        is_active: 1,
        order: 3,
        instruments: [{ instrument_id: source.body.data._id, is_active: 1, order: 1 }],
      },
    ]);
    expect(res.body.data.sources).toEqual(before.sources);
    // A deleted song leaves; the admin path works too.
    await app.db.update(songs).set({ isDeleted: true }).where(eq(songs.id, s2.id));
    const again = await app.call<Instance>('POST', `/admin/instances/${id}/sync_songs`, {
      token: t.users.global_admin.token,
    });
    expectOk(again, MSG.synchronizeSuccess);
    expect(again.body.data.my_sources.map((s) => [s.song_id, s.order])).toEqual([
      [s1.id, 1],
      [created.body.data._id, 2],
    ]);
    expect(again.body.data.sources.map((s) => s.song_id)).not.toContain(s2.id);
  });
});

describe('instances: duplicate and delete', () => {
  it('a copy has every part, its own id, pending, named "(copy)"', async () => {
    const { _id } = await create(t.a.token, { name: 'Original', is_published: 1, website: 'https://o.example' });
    const buttons = { default: { currency: 'EUR', symbol: '€', url: 'https://o.example/buy' }, list: [] };
    expectOk(await put(t.a.token, _id, { buttons }), MSG.updateSuccess);
    const original = await read(t.a.token, _id);
    const res = await app.call<Instance>('POST', '/instances/copy', { token: t.a.token, body: { id: _id } });
    expectOk(res, MSG.createInstanceSuccess);
    const copy = res.body.data;
    expect(copy._id).not.toBe(_id);
    const { _id: _a, created_at: _b, updated_at: _c, general, ...parts } = copy;
    const { _id: _d, created_at: _e, updated_at: _f, general: og, ...originalParts } = original;
    expect(parts).toEqual(originalParts);
    expect(general).toEqual({ ...og, name: 'Original (copy)', is_published: 0 });
    const admin = await app.call<Instance>('POST', '/admin/instances/copy', {
      token: t.users.global_admin.token,
      body: { id: _id },
    });
    expectOk(admin, MSG.createInstanceSuccess);
    expect(admin.body.data.brand_id).toBe(t.brandA.id);
    const list = await app.call<List>('GET', '/instances?name=original', { token: t.a.token });
    expect(list.body.data.list.map((i) => i.general.name).sort()).toEqual([
      'Original',
      'Original (copy)',
      'Original (copy)',
    ]);
  });

  it('delete is soft: the instance is gone from the list and every call', async () => {
    const { _id } = await create(t.a.token, { name: 'Doomed' });
    const res = await app.call('DELETE', `/instances/${_id}`, { token: t.a.token });
    expectOk(res, MSG.deleteSuccess);
    expect(res.body.data).toBeNull();
    expectError(await app.call('GET', `/instances/${_id}`, { token: t.a.token }), 404, MSG.instanceNotFound);
    expectError(await app.call('DELETE', `/instances/${_id}`, { token: t.a.token }), 404, MSG.instanceNotFound);
    expectError(
      await app.call('GET', `/admin/instances/${_id}`, { token: t.users.global_admin.token }),
      404,
      MSG.instanceNotFound,
    );
    expect((await app.call<List>('GET', '/instances?name=doomed', { token: t.a.token })).body.data.total_num).toBe(0);
    const admin = await create(t.users.global_admin.token, { name: 'Admin doomed', brand_id: t.brandB.id }, '/admin');
    expectOk(
      await app.call('DELETE', `/admin/instances/${admin._id}`, { token: t.users.global_admin.token }),
      MSG.deleteSuccess,
    );
  });
});
