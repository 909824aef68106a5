import { randomUUID } from 'node:crypto';
import { MSG } from '@atk/contract';
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

type Row = { _id: string; name: string; is_published: number; category_id?: string; category_name?: string };
type List = { list: Row[]; total_num: number };
const admin = () => t.users.global_admin.token;

describe('categories', () => {
  it('admin routes are for admins only', async () => {
    await expectAdminOnly(app, t.users, 'POST', '/admin/categories', { name: 'Nope' });
    await expectAdminOnly(app, t.users, 'GET', `/admin/categories/${randomUUID()}`);
    await expectAdminOnly(app, t.users, 'PUT', `/admin/categories/${randomUUID()}`, { name: 'x' });
    await expectAdminOnly(app, t.users, 'DELETE', `/admin/categories/${randomUUID()}`);
    expectError(await app.call('GET', '/categories'), 401, MSG.unauthorized);
    expectError(await app.call('GET', '/categories', { token: t.users.atk.token }), 403, MSG.forbidden);
    expectError(await app.call('GET', '/admin/categories', { token: t.a.token }), 403, MSG.forbidden);
  });

  it('creates, reads, updates, lists and soft-deletes', async () => {
    const created = await app.call<Row>('POST', '/admin/categories', { token: admin(), body: { name: 'Microphones' } });
    expectOk(created, MSG.createCategorySuccess);
    expect(created.body.data).toMatchObject({ name: 'Microphones', is_published: 0 });
    const id = created.body.data._id;
    expectOk(
      await app.call('PUT', `/admin/categories/${id}`, { token: admin(), body: { is_published: 1 } }),
      MSG.updateCategorySuccess,
    );
    const read = await app.call<Row>('GET', `/admin/categories/${id}`, { token: admin() });
    expect(read.body.data).toMatchObject({ name: 'Microphones', is_published: 1 });
    // Customers read the picker list.
    const picker = await app.call<List>('GET', '/categories?page_num=1&page_size=1000&is_deleted=false', {
      token: t.a.token,
    });
    expect(picker.body.data.list.map((c) => c.name)).toContain('Microphones');
    expectOk(await app.call('DELETE', `/admin/categories/${id}`, { token: admin() }), MSG.deleteSuccess);
    expectError(await app.call('GET', `/admin/categories/${id}`, { token: admin() }), 404, MSG.categoryNotFound);
    const after = await app.call<List>('GET', '/categories?name=Microphones', { token: t.a.token });
    expect(after.body.data.total_num).toBe(0);
  });

  it('names the field of bad input', async () => {
    expectError(await app.call('POST', '/admin/categories', { token: admin(), body: {} }), 400, 'name is required');
    expectError(
      await app.call('POST', '/admin/categories', { token: admin(), body: { name: 'x', is_published: 2 } }),
      400,
      'is_published must be 0 or 1',
    );
    expectError(await app.call('GET', '/admin/categories/nope', { token: admin() }), 400, 'id must be a valid id');
  });
});

describe('sub categories', () => {
  it('belong to a category, filter by it, and name it', async () => {
    const cat = await app.call<Row>('POST', '/admin/categories', {
      token: admin(),
      body: { name: 'Preamps', is_published: 1 },
    });
    const catId = cat.body.data._id;
    const sub = await app.call<Row>('POST', '/admin/sub_categories', {
      token: admin(),
      body: { name: 'Tube', category_id: catId },
    });
    expectOk(sub, MSG.createSubCategorySuccess);
    expect(sub.body.data).toMatchObject({ name: 'Tube', category_id: catId, category_name: 'Preamps' });
    const list = await app.call<List>(
      `GET`,
      `/sub_categories?page_num=1&page_size=1000&is_deleted=false&category_id=${catId}`,
      { token: t.b.token },
    );
    expect(list.body.data.list.map((s) => s.name)).toEqual(['Tube']);
    expectOk(
      await app.call('PUT', `/admin/sub_categories/${sub.body.data._id}`, { token: admin(), body: { name: 'Valve' } }),
      MSG.updateSubCategorySuccess,
    );
    expect(
      (await app.call<Row>('GET', `/admin/sub_categories/${sub.body.data._id}`, { token: admin() })).body.data.name,
    ).toBe('Valve');
    expectOk(
      await app.call('DELETE', `/admin/sub_categories/${sub.body.data._id}`, { token: admin() }),
      MSG.deleteSuccess,
    );
    expectError(
      await app.call('GET', `/admin/sub_categories/${sub.body.data._id}`, { token: admin() }),
      404,
      MSG.subCategoryNotFound,
    );
  });

  it('refuses an unknown category and bad input', async () => {
    expectError(
      await app.call('POST', '/admin/sub_categories', {
        token: admin(),
        body: { name: 'x', category_id: randomUUID() },
      }),
      404,
      MSG.categoryNotFound,
    );
    expectError(
      await app.call('POST', '/admin/sub_categories', { token: admin(), body: { name: 'x' } }),
      400,
      'category_id is required',
    );
    await expectAdminOnly(app, t.users, 'POST', '/admin/sub_categories', { name: 'x', category_id: randomUUID() });
  });
});

describe('GET /currencies', () => {
  it('lists the ISO 4217 currencies with symbols, 40 at a time, searchable', async () => {
    expectError(await app.call('GET', '/currencies'), 401, MSG.unauthorized);
    expectError(await app.call('GET', '/currencies', { token: t.users.atk.token }), 403, MSG.forbidden);
    const page = await app.call<{ list: { currency: string; symbol: string; name: string }[]; total_num: number }>(
      'GET',
      '/currencies?page_num=1&page_size=40&is_deleted=false',
      { token: t.a.token },
    );
    expect(page.body.data.list).toHaveLength(40);
    expect(page.body.data.total_num).toBeGreaterThan(150);
    expect(page.body.data.list[0].currency).toBe('AUD');
    const eur = await app.call<{ list: { currency: string; symbol: string; name: string }[] }>(
      'GET',
      '/currencies?name=euro',
      { token: t.a.token },
    );
    expect(eur.body.data.list).toContainEqual(expect.objectContaining({ currency: 'EUR', symbol: '€', name: 'Euro' }));
    const usd = await app.call<{ list: { currency: string; symbol: string }[] }>('GET', '/admin/currencies?name=USD', {
      token: admin(),
    });
    expect(usd.body.data.list[0]).toMatchObject({ currency: 'USD', symbol: '$' });
    expectError(
      await app.call('GET', '/currencies?page_size=0', { token: t.a.token }),
      400,
      'page_size must be at least 1',
    );
  });
});
