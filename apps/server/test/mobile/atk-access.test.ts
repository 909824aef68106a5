/**
 * Who reaches what (docs/api.md "Retailers and mobile settings"): the atk operator is refused the brand,
 * customer, plan and catalogue administration and reaches its own paths; the mobile operator paths are the atk
 * role's only (customers and admins get 403), except the two pickers admins also read. Also the atk product picker
 * GET /api/v1/atk/admin/products.
 */
import { randomUUID } from 'node:crypto';
import { type Brand, type ListData, MSG } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { makeCategory, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
let users: Users;
let brand: Brand;
let otherBrand: Brand;
let mobileId: string;
let retailerId: string;
/** The category of the products made here (a product needs one, docs/api.md "Products"). */
let categoryId: string;
beforeAll(async () => {
  app = await startTestApp();
  users = await usersOfEveryRole(app);
  categoryId = (await makeCategory(app.db)).id;
  const admin = users.global_admin.token;
  const made = async (name: string) => {
    const res = await app.call<Brand>('POST', '/admin/brands', { token: admin, body: { name, is_published: 1 } });
    expectOk(res, MSG.createBrandSuccess);
    return res.body.data;
  };
  brand = await made(`Picked ${randomUUID().slice(0, 6)}`);
  otherBrand = await made(`Other ${randomUUID().slice(0, 6)}`);
  const mobile = await app.call<{ _id: string }>('POST', '/api/v1/admin/mobile_instances', {
    token: users.atk.token,
    body: { general: { name: 'Access mobile', is_published: 1 } },
  });
  expectOk(mobile, MSG.createInstanceSuccess);
  mobileId = mobile.body.data._id;
  const retailer = await app.call<{ _id: string }>('POST', '/api/v1/admin/retailers', {
    token: users.atk.token,
    body: {},
  });
  expectOk(retailer, MSG.createSuccess);
  retailerId = retailer.body.data._id;
});
afterAll(() => app.close());

type Call = [method: string, path: string, body?: unknown];
const id = () => randomUUID();

/** Brand, customer, plan and catalogue administration (and the other admin screens): a list and a write of each. */
const adminOnly = (): Call[] => [
  ['GET', `/admin/brands/${brand._id}`],
  ['POST', '/admin/brands', { name: 'Hijack', is_published: 1 }],
  ['PUT', `/admin/brands/${brand._id}`, { name: 'Hijack' }],
  ['DELETE', `/admin/brands/${brand._id}`],
  ['GET', '/admin/users'],
  ['POST', '/admin/users', { email: 'x@example.com' }],
  ['PUT', `/admin/users/${id()}`, {}],
  ['GET', '/admin/subscriptions'],
  ['POST', '/admin/subscriptions', { name: 'Plan' }],
  ['DELETE', `/admin/subscriptions/${id()}`],
  ['GET', '/admin/invitations'],
  ['POST', '/admin/invitations', { email: 'x@example.com' }],
  ['GET', '/admin/categories'],
  ['POST', '/admin/categories', { name: 'Cat' }],
  ['DELETE', `/admin/categories/${id()}`],
  ['POST', '/admin/sub_categories', { name: 'Sub' }],
  ['GET', '/admin/songs'],
  ['POST', '/admin/songs', { name: 'Song' }],
  ['DELETE', `/admin/songs/${id()}`],
  ['POST', '/admin/instruments', { name: 'Drums' }],
  ['GET', '/admin/products'],
  ['POST', '/admin/products', { general: { name: 'x', brand_id: brand._id, category_id: categoryId } }],
  ['GET', '/admin/instances'],
  ['POST', '/admin/instances', { general: { name: 'x', brand_id: brand._id } }],
  ['GET', '/admin/tooltips'],
  ['POST', '/admin/tooltips', { feature: 0, content: 'x' }],
  ['PUT', '/admin/settings/infos', { content: {} }],
  ['PUT', '/admin/settings/guide', { content: {} }],
  ['PUT', '/admin/settings/landing_instance', { content: { instance: null } }],
  ['GET', '/api/v1/atk/admin/statistics/visitors/daily'],
];

/** The mobile operator paths: the atk role's only. */
const mobileOperator = (): Call[] => [
  ['GET', '/api/v1/admin/retailers'],
  ['POST', '/api/v1/admin/retailers', {}],
  ['PUT', `/api/v1/admin/retailers/${retailerId}`, { name: 'Hijack', status: '1' }],
  ['DELETE', `/api/v1/admin/retailers/${retailerId}`],
  ...['mobile_infos', 'mobile_freq_graph', 'mobile_menu', 'mobile_landing_instance'].flatMap((type): Call[] => [
    ['GET', `/admin/settings/${type}`],
    ['PUT', `/admin/settings/${type}`, { content: {} }],
  ]),
  ['GET', '/api/v1/atk/mobile/instances'],
  ['GET', `/api/v1/atk/mobile/instances/${mobileId}`],
  ['PUT', `/api/v1/atk/mobile/instances/${mobileId}`, { general: { name: 'Hijack', is_published: 0 } }],
  ['POST', '/api/v1/admin/mobile_instances', { general: { name: 'Hijack', is_published: 0 } }],
  ['GET', `/api/v1/admin/mobile_instances/products?instance_id=${mobileId}`],
  ['PUT', '/api/v1/admin/mobile_instances/sync_products', { instance_id: mobileId }],
  ['PUT', `/api/v1/admin/mobile_instances/${mobileId}`, { type: 'products', products: [] }],
];

/** The pickers: atk and admins read them; customers do not. */
const pickers = (): Call[] => [
  ['GET', '/admin/brands?page_num=1&page_size=1000&is_deleted=false'],
  ['GET', `/api/v1/atk/admin/products?is_deleted=false&page_num=1&page_size=1000&brand_id=${brand._id}`],
];

const call = ([method, path, body]: Call, token?: string) => app.call(method, path, { token, body });

describe('the atk operator', () => {
  it('gets 403 on brand, customer, plan and catalogue administration', async () => {
    for (const c of adminOnly()) expectError(await call(c, users.atk.token), 403, MSG.forbidden);
    // Nothing the refused calls asked for happened.
    const kept = await app.call<Brand>('GET', `/admin/brands/${brand._id}`, { token: users.global_admin.token });
    expect(kept.body.data.name).toBe(brand.name);
  });

  it('reaches its own paths (reads of each, the pickers, the retailer logo upload)', async () => {
    const own: Call[] = [
      ...mobileOperator().filter(([method]) => method === 'GET'),
      ...pickers(),
      ['POST', '/api/v1/admin/aws/presigned', { key: `images/origin/retailers/${retailerId}_${Date.now()}.png` }],
    ];
    for (const c of own) {
      const res = await call(c, users.atk.token);
      expect({ path: c[1], status: res.status }).toEqual({ path: c[1], status: 200 });
    }
  });
});

describe('the mobile operator paths', () => {
  it('answer 401 without a token and 403 to customers and admins', async () => {
    for (const c of mobileOperator()) {
      expectError(await call(c), 401, MSG.unauthorized);
      for (const role of ['customer', 'global_admin', 'super_admin'] as const)
        expectError(await call(c, users[role].token), 403, MSG.forbidden);
    }
    const mobile = await app.call<{ general: { name: string } }>('GET', `/api/v1/atk/mobile/instances/${mobileId}`, {
      token: users.atk.token,
    });
    expect(mobile.body.data.general.name).toBe('Access mobile');
  });

  it('the pickers: 401 without a token, 403 to customers, read by admins', async () => {
    for (const c of pickers()) {
      expectError(await call(c), 401, MSG.unauthorized);
      expectError(await call(c, users.customer.token), 403, MSG.forbidden);
      expect((await call(c, users.global_admin.token)).status).toBe(200);
    }
  });
});

describe('GET /api/v1/atk/admin/products (the atk product picker)', () => {
  type Item = { _id: string; name: string; model: string | null };
  const pick = (query: string) =>
    app.call<ListData<Item>>('GET', `/api/v1/atk/admin/products?${query}`, { token: users.atk.token });

  it("lists one brand's products by name, with paging", async () => {
    const admin = users.global_admin.token;
    const make = async (brandId: string, name: string, model: string | null) => {
      const res = await app.call<{ _id: string }>('POST', '/admin/products', {
        token: admin,
        body: { general: { name, model, brand_id: brandId, category_id: categoryId } },
      });
      expectOk(res, MSG.createProductSuccess);
      return res.body.data._id;
    };
    const b = await make(brand._id, 'Beta', 'B-2');
    const a = await make(brand._id, 'Alpha', null);
    await make(otherBrand._id, 'Elsewhere', 'E');
    const res = await pick(`is_deleted=false&page_num=1&page_size=1000&brand_id=${brand._id}`);
    expectOk(res);
    expect(res.body.data).toEqual({
      list: [
        { _id: a, name: 'Alpha', model: null },
        { _id: b, name: 'Beta', model: 'B-2' },
      ],
      total_num: 2,
    });
    const page2 = await pick(`page_num=2&page_size=1&brand_id=${brand._id}`);
    expect(page2.body.data).toEqual({ list: [{ _id: b, name: 'Beta', model: 'B-2' }], total_num: 2 });
    // Products are never deleted through the API today; the filter is accepted as the console sends it.
    expect((await pick(`is_deleted=true&brand_id=${brand._id}`)).body.data.total_num).toBe(0);
  });

  it('refuses a missing or malformed brand_id with 400, an unknown brand with 404', async () => {
    expectError(await pick('page_num=1'), 400, 'brand_id is required');
    expectError(await pick('brand_id=x1'), 400, 'brand_id must be a valid id');
    expectError(await pick(`brand_id=${randomUUID()}`), 404, MSG.brandNotFound);
    expectError(await pick(`brand_id=${brand._id}&page_size=0`), 400, 'page_size must be at least 1');
  });
});
