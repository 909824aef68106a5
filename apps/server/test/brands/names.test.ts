/**
 * One rule for the names people choose (docs/api.md "Names"; db/unique-name.ts): categories, and a brand's products,
 * never share a name compared trimmed and in any case; the refusal names the problem (409), and nothing is written.
 */
import { MSG, type Product } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('category names', () => {
  it('are refused when another live category has them, in any case and spacing; a deleted one frees its name', async () => {
    const made = await app.call<{ _id: string }>('POST', '/admin/categories', {
      token: admin(),
      body: { name: 'Microphones', is_published: 1 },
    });
    expectOk(made, MSG.createCategorySuccess);
    for (const name of ['Microphones', 'microphones', '  MICROPHONES '])
      expectError(
        await app.call('POST', '/admin/categories', { token: t.users.super_admin.token, body: { name } }),
        409,
        MSG.categoryNameTaken,
      );
    // Renaming another onto it is refused too, and leaves that one as it was; its own name (any case) is fine.
    const other = await app.call<{ _id: string }>('POST', '/admin/categories', {
      token: admin(),
      body: { name: 'Preamps' },
    });
    expectOk(other, MSG.createCategorySuccess);
    const rename = (id: string, name: string) =>
      app.call('PUT', `/admin/categories/${id}`, { token: admin(), body: { name } });
    expectError(await rename(other.body.data._id, 'microphones'), 409, MSG.categoryNameTaken);
    const read = await app.call<{ name: string }>('GET', `/admin/categories/${other.body.data._id}`, {
      token: admin(),
    });
    expect(read.body.data.name).toBe('Preamps');
    expectOk(await rename(made.body.data._id, 'MICROPHONES'), MSG.updateCategorySuccess);
    // Once deleted, the name is free again.
    expectOk(
      await app.call('DELETE', `/admin/categories/${made.body.data._id}`, { token: admin() }),
      MSG.deleteSuccess,
    );
    expectOk(
      await app.call('POST', '/admin/categories', { token: admin(), body: { name: 'Microphones' } }),
      MSG.createCategorySuccess,
    );
  });
});

describe("a brand's product names", () => {
  const create = (token: string, name: string, brandId?: string) =>
    app.call<Product>('POST', brandId ? '/admin/products' : '/products', {
      token,
      body: { general: { name, category_id: t.category.id, ...(brandId ? { brand_id: brandId } : {}) } },
    });

  it('are unique within the brand (trimmed, any case), for its customer and for operators; other brands may share them', async () => {
    const first = await create(t.a.token, 'Velour R2');
    expectOk(first, MSG.createProductSuccess);
    expectError(await create(t.a.token, ' velour r2 '), 409, MSG.productNameTaken);
    expectError(await create(admin(), 'VELOUR R2', t.brandA.id), 409, MSG.productNameTaken);
    // Another brand has its own names.
    expectOk(await create(t.b.token, 'Velour R2'), MSG.createProductSuccess);

    // Renaming a product onto a sibling's name is refused, and nothing of the save is written.
    const second = await create(t.a.token, 'Pencil S4');
    expectOk(second, MSG.createProductSuccess);
    const general = (name: string) => ({
      type: 'general',
      content: { name, model: 'PS-4', category_id: t.category.id },
    });
    expectError(
      await app.call('PUT', `/products/${second.body.data._id}`, { token: t.a.token, body: general('velour R2') }),
      409,
      MSG.productNameTaken,
    );
    const read = await app.call<Product>('GET', `/products/${second.body.data._id}`, { token: t.a.token });
    expect([read.body.data.general.name, read.body.data.general.model]).toEqual(['Pencil S4', null]);
    // Its own name, in another case, is no clash.
    expectOk(
      await app.call('PUT', `/products/${second.body.data._id}`, { token: t.a.token, body: general('PENCIL S4') }),
      MSG.updateSuccess,
    );
  });
});
