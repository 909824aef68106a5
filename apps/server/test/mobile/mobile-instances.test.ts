/**
 * Mobile instances (docs/api.md "Mobile instances"): the atk operator's paths under /api/v1/atk and /api/v1, the
 * Products tab's rules, paging, filters and sorts, Sync Products, the derived sources and the Duplicate. State is
 * reached through the API as the customers, admins and the operator reach it.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_IMAGES,
  featuredOrderRange,
  MOBILE_PRODUCT_RULES,
  type MobileInstance,
  type MobileInstanceListItem,
  type MobileProduct,
  type MobileProductsAnswer,
  MSG,
  mobileSyncMsg,
  type Product,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_PAGE } from '../../src/modules/mobile/product-list.ts';
import { expectError, expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { makeBrand, makeCategory, makeUser, type Reply, startTestApp, type TestApp } from '../support/harness.ts';

const ATK = '/api/v1/atk';
const V1 = '/api/v1';

let app: TestApp;
let users: Users;
let customer: { token: string };
let brandId: string;
/** The category of the products made here (a product needs one, docs/api.md "Products"). */
let categoryId: string;
/** Published products of the brand, by name. */
const made: Record<string, string> = {};

const as = (token: string | undefined, body?: unknown) => ({ token, body });
const atk = (method: string, path: string, body?: unknown) => app.call(method, path, as(users.atk.token, body));

async function product(name: string, is_published: 0 | 1 = 1, model?: string) {
  const res = await app.call<Product>('POST', '/products', {
    token: customer.token,
    body: { general: { name, is_published, category_id: categoryId, ...(model ? { model } : {}) } },
  });
  expectOk(res, MSG.createProductSuccess);
  return res.body.data._id;
}

async function createMobile(name: string) {
  const res = (await atk('POST', `${V1}/admin/mobile_instances`, { general: { name } })) as Reply<MobileInstance>;
  expectOk(res, MSG.createInstanceSuccess);
  return res.body.data;
}

const read = async (id: string) =>
  ((await atk('GET', `${ATK}/mobile/instances/${id}`)) as Reply<MobileInstance>).body.data;

const page = async (query: string) => {
  const res = (await atk('GET', `${V1}/admin/mobile_instances/products?${query}`)) as Reply<MobileProductsAnswer>;
  expectOk(res);
  return res.body.data;
};

const row = (product_id: string, over: Partial<MobileProduct> = {}): MobileProduct => ({
  product_id,
  is_active: 1,
  is_featured: 0,
  featured_order: null,
  player_position: null,
  placement_priority: null,
  ...over,
});
const saveProducts = (id: string, products: MobileProduct[]) =>
  atk('PUT', `${V1}/admin/mobile_instances/${id}`, { type: 'products', products });

beforeAll(async () => {
  app = await startTestApp();
  users = await usersOfEveryRole(app);
  const brand = await makeBrand(app.db, 'Acme Audio');
  categoryId = (await makeCategory(app.db)).id;
  brandId = brand.id;
  customer = await makeUser(app, 'customer', { brandId });
  for (const [name, model] of [
    ['Delta mic', 'D-1'],
    ['alpha mic', 'A-1'],
    ['Charlie mic', 'C-1'],
    ['Bravo mic', 'B-1'],
  ])
    made[name] = await product(name, 1, model);
  // Not listed: unpublished.
  await product('Draft mic', 0);
}, 60_000);
afterAll(() => app?.close());

// ── Access ───────────────────────────────────────────────────────────────────────────────────────────

describe('access: atk only', () => {
  it('401 without a token, 403 for global_admin, super_admin and customer, on every path', async () => {
    const id = randomUUID();
    const ops: [string, string, unknown?][] = [
      ['GET', `${ATK}/mobile/instances`],
      ['GET', `${ATK}/mobile/instances/${id}`],
      ['PUT', `${ATK}/mobile/instances/${id}`, { general: { name: 'X' } }],
      ['POST', `${V1}/admin/mobile_instances`, { general: { name: 'X' } }],
      ['PUT', `${V1}/admin/mobile_instances/${id}`, { type: 'products', products: [row(id)] }],
      ['GET', `${V1}/admin/mobile_instances/products?instance_id=${id}`],
      ['PUT', `${V1}/admin/mobile_instances/sync_products`, { instance_id: id }],
    ];
    for (const [method, path, body] of ops) {
      expectError(await app.call(method, path, { body }), 401, MSG.unauthorized);
      for (const role of ['global_admin', 'super_admin', 'customer'] as const)
        expectError(await app.call(method, path, as(users[role].token, body)), 403, MSG.forbidden);
    }
  });

  it('404 for an instance that does not exist, on every path naming one', async () => {
    const id = randomUUID();
    expectError(await atk('GET', `${ATK}/mobile/instances/${id}`), 404, MSG.instanceNotFound);
    expectError(
      await atk('PUT', `${ATK}/mobile/instances/${id}`, { general: { name: 'X' } }),
      404,
      MSG.instanceNotFound,
    );
    expectError(await saveProducts(id, [row(made['Delta mic'])]), 404, MSG.instanceNotFound);
    expectError(await atk('GET', `${V1}/admin/mobile_instances/products?instance_id=${id}`), 404, MSG.instanceNotFound);
    expectError(
      await atk('PUT', `${V1}/admin/mobile_instances/sync_products`, { instance_id: id }),
      404,
      MSG.instanceNotFound,
    );
  });
});

// ── Create, read, list, part saves ───────────────────────────────────────────────────────────────────

describe('create and read', () => {
  it('POST lists every published product, all inactive, pending by default; GET reads it back', async () => {
    const created = await createMobile('Mobile One');
    expect(created.general).toEqual({ name: 'Mobile One', is_published: 0, listener_votes: 0 });
    expect(created.product_counts).toEqual({ total: 4, active: 0, featured: 0 });
    expect(created.sources).toEqual([]);
    expect(created.images).toEqual(DEFAULT_IMAGES);
    expect(await read(created._id)).toEqual(created);
    const rows = await page(`instance_id=${created._id}`);
    expect(rows.total_num).toBe(4);
    expect(rows.products.every((p) => p.is_active === 0 && p.is_featured === 0)).toBe(true);
    expect(rows.products.map((p) => p.product_id)).not.toContain(undefined);
  });

  it('400 for a bad body or id', async () => {
    expectError(await atk('POST', `${V1}/admin/mobile_instances`, {}), 400, 'general is required');
    expectError(
      await atk('POST', `${V1}/admin/mobile_instances`, { general: { name: ' ' } }),
      400,
      'general.name is required',
    );
    expectError(await atk('GET', `${ATK}/mobile/instances/not-an-id`), 400, 'id must be a valid id');
  });

  it('lists newest updated first, searches the name, filters by status, pages', async () => {
    const a = await createMobile('Zebra list A');
    const b = await createMobile('Zebra list B');
    expectOk(
      await atk('PUT', `${ATK}/mobile/instances/${a._id}`, { general: { name: 'Zebra list A', is_published: 1 } }),
      MSG.updateSuccess,
    );
    const list = async (q: string) => {
      const res = (await atk('GET', `${ATK}/mobile/instances?${q}`)) as Reply<{
        list: MobileInstanceListItem[];
        total_num: number;
      }>;
      expectOk(res);
      return res.body.data;
    };
    const found = await list('name=zEBRA&page_num=1&page_size=10');
    expect(found.total_num).toBe(2);
    expect(found.list.map((i) => i._id)).toEqual([a._id, b._id]);
    expect((await list('name=zebra&is_published=1')).list.map((i) => i._id)).toEqual([a._id]);
    expect((await list('name=zebra&is_published=0')).list.map((i) => i._id)).toEqual([b._id]);
    const second = await list('name=zebra&page_num=2&page_size=1');
    expect(second).toEqual({ total_num: 2, list: [expect.objectContaining({ _id: b._id })] });
    expect((await list('name=zebra&is_deleted=1')).total_num).toBe(0);
    expectError(
      await atk('GET', `${ATK}/mobile/instances?is_published=maybe`),
      400,
      'is_published must be true, false, 1 or 0',
    );
  });

  it('PUT saves exactly one part: general, images (orders 1 and 2), sources', async () => {
    const m = await createMobile('Parts');
    const put = (body: unknown) => atk('PUT', `${ATK}/mobile/instances/${m._id}`, body);
    expectError(await put({}), 400, 'Request body must hold exactly one of general, sources, images');
    expectError(
      await put({ general: { name: 'x' }, images: DEFAULT_IMAGES }),
      400,
      'Request body must hold exactly one of general, sources, images',
    );
    expectOk(await put({ general: { name: 'Parts renamed', is_published: 1, listener_votes: 1 } }), MSG.updateSuccess);
    const swapped = DEFAULT_IMAGES.map((img) => ({ ...img, order: 3 - img.order }));
    expectOk(await put({ images: swapped }), MSG.updateSuccess);
    const back = await read(m._id);
    expect(back.general).toEqual({ name: 'Parts renamed', is_published: 1, listener_votes: 1 });
    expect(back.images).toEqual([...swapped].sort((x, y) => x.order - y.order));
    expectError(
      await put({ images: DEFAULT_IMAGES.map((img) => ({ ...img, order: 1 })) }),
      400,
      'images the two images take orders 1 and 2',
    );
  });
});

// ── Products ─────────────────────────────────────────────────────────────────────────────────────────

describe('products: the save and its rules', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createMobile('Rules'))._id;
  });

  it('a save replaces the rows given and keeps the others; read back through the page', async () => {
    expectOk(await saveProducts(id, [row(made['Delta mic']), row(made['alpha mic'])]), MSG.updateSuccess);
    expectOk(
      await saveProducts(id, [row(made['Delta mic'], { is_featured: 1, player_position: 2, featured_order: 1 })]),
      MSG.updateSuccess,
    );
    const { products } = await page(`instance_id=${id}&is_active=1`);
    expect(products).toEqual([
      expect.objectContaining(row(made['alpha mic'])),
      expect.objectContaining(row(made['Delta mic'], { is_featured: 1, player_position: 2, featured_order: 1 })),
    ]);
    expect(products.map((p) => p.name)).toEqual(['alpha mic', 'Delta mic']);
    expect((await read(id)).product_counts).toEqual({ total: 4, active: 2, featured: 1 });
  });

  it('refuses what breaks a rule, saving nothing', async () => {
    const before = await page(`instance_id=${id}`);
    const refuse = async (products: MobileProduct[], msg: string) =>
      expectError(await saveProducts(id, products), 400, `products: ${msg}`);
    await refuse([row(made['Bravo mic'], { is_active: 0, is_featured: 1 })], MOBILE_PRODUCT_RULES.featuredActive);
    // Delta is stored featured: three more make four.
    await refuse(
      [
        row(made['alpha mic'], { is_featured: 1 }),
        row(made['Bravo mic'], { is_featured: 1 }),
        row(made['Charlie mic'], { is_featured: 1 }),
      ],
      MOBILE_PRODUCT_RULES.featuredMax,
    );
    // Delta holds position 2.
    await refuse([row(made['alpha mic'], { is_featured: 1, player_position: 2 })], MOBILE_PRODUCT_RULES.positionUnique);
    await refuse(
      [
        row(made['alpha mic'], { is_featured: 1, placement_priority: 1 }),
        row(made['Bravo mic'], { is_featured: 1, placement_priority: 1 }),
      ],
      MOBILE_PRODUCT_RULES.priorityUnique,
    );
    await refuse([row(made['alpha mic']), row(randomUUID())], MOBILE_PRODUCT_RULES.unknownProduct);
    expect(await page(`instance_id=${id}`)).toEqual(before);
    // Positions of products that are not featured do not count.
    expectOk(await saveProducts(id, [row(made['alpha mic'], { player_position: 2 })]), MSG.updateSuccess);
  });

  it('Featured Order beyond the product count is a field refusal, saving nothing; within it is read back', async () => {
    // The instance lists the four published products.
    const before = await page(`instance_id=${id}`);
    const res = await saveProducts(id, [row(made['Bravo mic']), row(made['Charlie mic'], { featured_order: 5 })]);
    expectError(res, 400, `products.1.featured_order ${featuredOrderRange(4)}`);
    expect(res.body.data).toEqual({
      errors: [
        { path: ['products', 1, 'featured_order'], reason: 'too_big', limit: 4, message: featuredOrderRange(4) },
      ],
    });
    expect(await page(`instance_id=${id}`)).toEqual(before);
    expectOk(await saveProducts(id, [row(made['Charlie mic'], { featured_order: 4 })]), MSG.updateSuccess);
    const { products } = await page(`instance_id=${id}&name=charlie`);
    expect(products).toEqual([expect.objectContaining(row(made['Charlie mic'], { featured_order: 4 }))]);
  });

  it('400 for a bad body', async () => {
    expectError(
      await atk('PUT', `${V1}/admin/mobile_instances/${id}`, { type: 'general', products: [] }),
      400,
      "type must be 'products'",
    );
    expectError(
      await atk('PUT', `${V1}/admin/mobile_instances/${id}`, { type: 'products', products: [] }),
      400,
      'products must hold at least one product',
    );
    expectError(
      await saveProducts(id, [row(made['alpha mic'], { player_position: 4 as 1 })]),
      400,
      'products.0.player_position must be 1 to 3',
    );
    expectError(
      await saveProducts(id, [row(made['alpha mic']), row(made['alpha mic'])]),
      400,
      'products must list each product once',
    );
  });
});

describe('products: paging, filters, sorts', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createMobile('Paging'))._id;
    expectOk(
      await saveProducts(id, [
        row(made['Charlie mic'], { is_featured: 1, featured_order: 1, player_position: 3 }),
        row(made['Bravo mic'], { is_featured: 1, featured_order: 2, player_position: 1 }),
        row(made['alpha mic']),
      ]),
      MSG.updateSuccess,
    );
  });
  const names = async (q: string) => (await page(`instance_id=${id}&${q}`)).products.map((p) => p.name);

  it('sorts by name, featured order and player position (nulls last, then name)', async () => {
    // Case-insensitive names: 'alpha' first.
    expect(await names('sort=name')).toEqual(['alpha mic', 'Bravo mic', 'Charlie mic', 'Delta mic']);
    expect(await names('sort=featured_order')).toEqual(['Charlie mic', 'Bravo mic', 'alpha mic', 'Delta mic']);
    expect(await names('sort=player_position')).toEqual(['Bravo mic', 'Charlie mic', 'alpha mic', 'Delta mic']);
  });

  it('filters by name (case-insensitive), active and featured; pages with the total', async () => {
    expect(await names('name=ALPHA')).toEqual(['alpha mic']);
    expect(await names('is_active=1')).toEqual(['alpha mic', 'Bravo mic', 'Charlie mic']);
    expect(await names('is_active=0')).toEqual(['Delta mic']);
    expect(await names('is_featured=true&sort=featured_order')).toEqual(['Charlie mic', 'Bravo mic']);
    const all = await names('sort=name');
    const p2 = await page(`instance_id=${id}&page_size=20&page_num=2`);
    expect(p2).toEqual({ products: [], total_num: 4 });
    const p1 = await page(`instance_id=${id}&page_size=20&page_num=1&name=mic`);
    expect(p1.total_num).toBe(4);
    expect(p1.products.map((p) => p.name)).toEqual(all);
    const bravo = p1.products.find((p) => p.name === 'Bravo mic');
    expect(bravo).toMatchObject({ brand_id: brandId, brand_name: 'Acme Audio', model: 'B-1', price: null });
  });

  it('400 for a bad query', async () => {
    const bad = (q: string) => atk('GET', `${V1}/admin/mobile_instances/products?${q}`);
    expectError(await bad(`instance_id=${id}&page_size=30`), 400, 'page_size must be one of 20, 50, 100');
    expectError(
      await bad(`instance_id=${id}&sort=price`),
      400,
      'sort must be one of name, featured_order, player_position',
    );
    expectError(await bad('page_size=20'), 400, 'instance_id is required');
  });
});

// ── Sync and sources ─────────────────────────────────────────────────────────────────────────────────

describe('sync products', () => {
  it('adds products published since, removes unpublished ones and those of a deleted brand, keeps choices', async () => {
    const other = await makeBrand(app.db, 'Other brand');
    const otherCustomer = await makeUser(app, 'customer', { brandId: other.id });
    const otherProduct = await app.call<Product>('POST', '/products', {
      token: otherCustomer.token,
      body: { general: { name: 'Other mic', is_published: 1, category_id: categoryId } },
    });
    expectOk(otherProduct, MSG.createProductSuccess);
    const gone = await product('Gone mic');
    const m = await createMobile('Sync');
    expect(m.product_counts.total).toBe(6);
    expectOk(await saveProducts(m._id, [row(made['Delta mic'], { is_featured: 1 })]), MSG.updateSuccess);

    const fresh = await product('Fresh mic');
    // The product API has no delete: a product leaves the catalogue by being unpublished (or its brand deleted).
    expectOk(
      await app.call(
        'PUT',
        `/products/${gone}`,
        as(customer.token, {
          type: 'general',
          content: { name: 'Gone mic', is_published: 0, category_id: categoryId },
        }),
      ),
      MSG.updateSuccess,
    );
    expectOk(await app.call('DELETE', `/admin/brands/${other.id}`, as(users.global_admin.token)), MSG.deleteSuccess);
    const sync = await atk('PUT', `${V1}/admin/mobile_instances/sync_products`, { instance_id: m._id });
    expectOk(sync, mobileSyncMsg({ added: 1, removed: 2 }));
    expect(sync.body.data).toEqual({ added: 1, removed: 2 });
    const rows = (await page(`instance_id=${m._id}`)).products;
    expect(rows.map((r) => r.product_id).sort()).toEqual([...Object.values(made), fresh].sort());
    expect(rows.find((r) => r.product_id === made['Delta mic'])).toMatchObject({ is_active: 1, is_featured: 1 });
    expect(rows.find((r) => r.product_id === fresh)).toMatchObject({ is_active: 0, is_featured: 0 });
    // Nothing left to do.
    expectOk(
      await atk('PUT', `${V1}/admin/mobile_instances/sync_products`, { instance_id: m._id }),
      mobileSyncMsg({ added: 0, removed: 0 }),
    );
    expectError(
      await atk('PUT', `${V1}/admin/mobile_instances/sync_products`, { instance_id: 'x' }),
      400,
      'instance_id must be a valid id',
    );
  });
});

describe('sources', () => {
  it('follow the active products: cross-comparable songs with their sources, choices kept; saves reorder only', async () => {
    const song = async (name: string, song_type: 1 | 2) => {
      const res = await app.call<{ _id: string }>('POST', '/songs', as(customer.token, { name, song_type }));
      expectOk(res, MSG.createSongSuccess);
      return res.body.data._id;
    };
    const source = async (song_id: string, name: string) => {
      const res = await app.call<{ _id: string }>('POST', '/instruments', as(customer.token, { song_id, name }));
      expectOk(res, MSG.createInstrumentSuccess);
      return res.body.data._id;
    };
    const cross = await song('Cross song', 2);
    const single = await song('Single song', 1);
    const vocal = await source(cross, 'Vocal');
    const guitar = await source(cross, 'Guitar');
    await source(single, 'Piano');
    expectOk(
      await app.call(
        'PUT',
        `/products/${made['Charlie mic']}`,
        as(customer.token, { type: 'songs', content: [single, cross] }),
      ),
      MSG.updateSuccess,
    );
    const m = await createMobile('Sources');
    expect(m.sources).toEqual([]);
    // Listed by an inactive product only: nothing yet.
    expectOk(await saveProducts(m._id, [row(made['Charlie mic'])]), MSG.updateSuccess);
    const derived = (await read(m._id)).sources;
    expect(derived).toEqual([
      {
        song_id: cross,
        is_active: 1,
        order: 1,
        name: 'Cross song',
        song_writer: null,
        instruments: [
          { instrument_id: vocal, is_active: 1, order: 1, name: 'Vocal', performer: null },
          { instrument_id: guitar, is_active: 1, order: 2, name: 'Guitar', performer: null },
        ],
      },
    ]);
    // The operator's choices: a source switched off and the two swapped.
    const chosen = [
      {
        song_id: cross,
        is_active: 1,
        order: 1,
        instruments: [
          { instrument_id: guitar, is_active: 1, order: 1 },
          { instrument_id: vocal, is_active: 0, order: 2 },
        ],
      },
    ];
    const putSources = (sources: unknown) => atk('PUT', `${ATK}/mobile/instances/${m._id}`, { sources });
    expectOk(await putSources(chosen), MSG.updateSuccess);
    const unknown = randomUUID();
    expectError(
      await putSources([{ ...chosen[0], song_id: unknown }]),
      400,
      `sources: song ${unknown} is not a song of this instance`,
    );
    expectError(
      await putSources([
        { ...chosen[0], instruments: [...chosen[0].instruments, { instrument_id: unknown, is_active: 1, order: 3 }] },
      ]),
      400,
      `sources: source ${unknown} is not a source of song ${cross} in this instance`,
    );
    expectError(await putSources([]), 400, MSG.sourcesMismatch);
    expectError(
      await putSources([{ ...chosen[0], order: 2 }]),
      400,
      'sources song orders must run 1, 2, 3… without gaps',
    );
    // A new source appears after a re-derivation (Sync Products), appended active; the choices stay.
    const drums = await source(cross, 'Drums');
    expectOk(
      await atk('PUT', `${V1}/admin/mobile_instances/sync_products`, { instance_id: m._id }),
      mobileSyncMsg({ added: 0, removed: 0 }),
    );
    expect((await read(m._id)).sources[0].instruments.map((i) => [i.instrument_id, i.is_active, i.order])).toEqual([
      [guitar, 1, 1],
      [vocal, 0, 2],
      [drums, 1, 3],
    ]);
    // No active product lists it any more: gone.
    expectOk(await saveProducts(m._id, [row(made['Charlie mic'], { is_active: 0 })]), MSG.updateSuccess);
    expect((await read(m._id)).sources).toEqual([]);
  });
});

// ── Duplicate ────────────────────────────────────────────────────────────────────────────────────────

describe('duplicate (POST /atk_player/instances/copy)', () => {
  it('the atk operator copies a mobile instance whole, pending; a desktop id is a 404 to it', async () => {
    const m = await createMobile('Original');
    expectOk(
      await saveProducts(m._id, [
        row(made['Delta mic'], { is_featured: 1, player_position: 1 }),
        row(made['alpha mic']),
      ]),
      MSG.updateSuccess,
    );
    expectOk(
      await atk('PUT', `${ATK}/mobile/instances/${m._id}`, {
        general: { name: 'Original', is_published: 1, listener_votes: 1 },
      }),
      MSG.updateSuccess,
    );
    const copy = (await atk('POST', '/instances/copy', { id: m._id })) as Reply<MobileInstance>;
    expectOk(copy, MSG.createInstanceSuccess);
    expect(copy.body.data._id).not.toBe(m._id);
    const original = await read(m._id);
    expect(copy.body.data).toEqual({
      ...original,
      _id: copy.body.data._id,
      general: { name: 'Original (copy)', is_published: 0, listener_votes: 1 },
      updated_at: copy.body.data.updated_at,
    });
    expect((await page(`instance_id=${copy.body.data._id}`)).products).toEqual(
      (await page(`instance_id=${m._id}`)).products,
    );

    const desktop = await app.call<{ _id: string }>(
      'POST',
      '/instances',
      as(customer.token, { general: { name: 'Desk' } }),
    );
    expectOk(desktop, MSG.createInstanceSuccess);
    expectError(await atk('POST', '/instances/copy', { id: desktop.body.data._id }), 404, MSG.instanceNotFound);
    // A customer's copy stays the desktop one, and a mobile id is a 404 to it.
    const deskCopy = await app.call<{ general: { name: string } }>(
      'POST',
      '/instances/copy',
      as(customer.token, { id: desktop.body.data._id }),
    );
    expectOk(deskCopy, MSG.createInstanceSuccess);
    expect(deskCopy.body.data.general.name).toBe('Desk (copy)');
    expectError(
      await app.call('POST', '/instances/copy', as(customer.token, { id: m._id })),
      404,
      MSG.instanceNotFound,
    );
    expectError(await app.call('POST', '/instances/copy', { body: { id: m._id } }), 401, MSG.unauthorized);
    expectError(await atk('POST', '/admin/instances/copy', { id: m._id }), 403, MSG.forbidden);
  });
});

describe('products: keyed sorts across pages', () => {
  it('featured_order pages run through the keyed rows, then the rest by name, without gaps or repeats', async () => {
    for (let i = 0; i < 18; i++) await product(`Page mic ${String(i).padStart(2, '0')}`);
    const m = await createMobile('Keyed pages');
    const all = await page(`instance_id=${m._id}&page_size=100&sort=name`);
    expect(all.total_num).toBeGreaterThan(21);
    // 21 rows keyed in the reverse of their name order: the first page holds 20 of them, the second the last one.
    const keyed = all.products.slice(0, 21).map((p, i) => row(p.product_id, { is_active: 0, featured_order: 21 - i }));
    expectOk(await saveProducts(m._id, keyed), MSG.updateSuccess);
    const expected = [...all.products.slice(0, 21).reverse(), ...all.products.slice(21)].map((p) => p.product_id);
    const p1 = await page(`instance_id=${m._id}&page_size=20&sort=featured_order`);
    const p2 = await page(`instance_id=${m._id}&page_size=20&page_num=2&sort=featured_order`);
    expect(p1.total_num).toBe(all.total_num);
    expect([...p1.products, ...p2.products].map((p) => p.product_id)).toEqual(expected.slice(0, 40));
    expect(p2.products[0].featured_order).toBe(21);
    expect(p2.products[1].featured_order).toBeNull();
  });

  it('deep pages, read through the hashed set of the rows, are the pages the name walk reads', async () => {
    for (let i = 0; i < 25; i++) await product(`Deep mic ${String(i).padStart(2, '0')}`);
    const m = await createMobile('Deep pages');
    const keyed = (await page(`instance_id=${m._id}&sort=name`)).products
      .slice(0, 3)
      .map((p, i) => row(p.product_id, { is_active: (i % 2) as 0 | 1, featured_order: i + 1 }));
    expectOk(await saveProducts(m._id, keyed), MSG.updateSuccess);
    // Every page of each order (20 a page), as "order id" lines.
    const pages = async () => {
      const read: string[] = [];
      for (const q of ['sort=name', 'sort=name&is_active=0', 'sort=featured_order'])
        for (let n = 1; ; n++) {
          const found = await page(`instance_id=${m._id}&page_num=${n}&${q}`);
          read.push(...found.products.map((p) => `${q} ${p.product_id}`));
          if (n * 20 >= found.total_num) break;
        }
      return read;
    };
    const walked = await pages();
    const { offset } = DEEP_PAGE;
    DEEP_PAGE.offset = 1; // every page after the first through the hashed set (the same process serves the API)
    try {
      expect(await pages()).toEqual(walked);
    } finally {
      DEEP_PAGE.offset = offset;
    }
    expect(walked.length).toBeGreaterThan(60);
  });
});
