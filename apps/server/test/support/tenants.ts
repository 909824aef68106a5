/** Brand-content fixtures: two brands with a customer each, plus admins. */
import { type Instance, MSG, type Product } from '@atk/contract';
import { songs } from '../../src/db/schema.ts';
import { expectOk, type Users, usersOfEveryRole } from './assertions.ts';
import { makeBrand, makeCategory, makeUser, startTestApp, type TestApp } from './harness.ts';

export interface Tenants {
  users: Users;
  brandA: { id: string; name: string };
  brandB: { id: string; name: string };
  /** Customers of brand A and brand B. */
  a: { id: string; token: string };
  b: { id: string; token: string };
  /** A category for the products the tests make (a product needs one, docs/api.md "Products"). */
  category: { id: string };
}

export async function tenants(app: TestApp): Promise<Tenants> {
  const [users, brandA, brandB, category] = await Promise.all([
    usersOfEveryRole(app),
    makeBrand(app.db),
    makeBrand(app.db),
    makeCategory(app.db),
  ]);
  const [a, b] = await Promise.all([
    makeUser(app, 'customer', { brandId: brandA.id }),
    makeUser(app, 'customer', { brandId: brandB.id }),
  ]);
  return { users, brandA, brandB, a, b, category };
}

/** A platform (ATK) song, made as the admins' screens would. */
export async function platformSong(app: TestApp, name = 'Platform Song') {
  const [row] = await app.db.insert(songs).values({ name, isAtk: 1, songType: 2, isPublished: 1 }).returning();
  return row;
}

/** A brand-content test file's start: the app (with `options`) and its tenants; the file closes the app after. */
export async function startWithTenants(options?: Parameters<typeof startTestApp>[0]) {
  const app = await startTestApp(options);
  return { app, t: await tenants(app) };
}

/** A published product of the token's brand, in the fixtures' category, made through POST /products. */
export async function publishedProduct(app: TestApp, t: Tenants, token: string, name: string): Promise<Product> {
  const res = await app.call<Product>('POST', '/products', {
    token,
    body: { general: { name, is_published: 1, category_id: t.category.id } },
  });
  expectOk(res, MSG.createProductSuccess);
  return res.body.data;
}

/** A published instance showing `shown` in this order, made through POST and PUT /instances. */
export async function instanceShowing(
  app: TestApp,
  t: Tenants,
  token: string,
  name: string,
  shown: Product[],
): Promise<Instance> {
  const res = await app.call<Instance>('POST', '/instances', {
    token,
    body: { general: { name, is_published: 1, category_id: t.category.id } },
  });
  expectOk(res, MSG.createInstanceSuccess);
  const products = shown.map((p, i) => ({
    product_id: p._id,
    brand_id: p.general.brand_id,
    is_active: 1,
    order: i + 1,
  }));
  const put = await app.call<Instance>('PUT', `/instances/${res.body.data._id}`, {
    token,
    body: { products, other_products: [] },
  });
  expectOk(put, MSG.updateSuccess);
  return put.body.data;
}
