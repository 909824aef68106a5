import { randomBytes, randomUUID } from 'node:crypto';
import { type Brand, type ListData, MSG, ROLES } from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../src/db/schema.ts';
import { expectAdminOnly, expectError, expectOk, startWithEveryRole, type Users } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';

let app: TestApp;
let users: Users;
beforeAll(async () => ({ app, users } = await startWithEveryRole()));
afterAll(() => app.close());

const tag = () => randomBytes(4).toString('hex');

function create(body: unknown, token = users.global_admin.token) {
  return app.call<Brand>('POST', '/admin/brands', { token, body });
}

async function createBrand(name: string, is_published: 0 | 1 = 1): Promise<Brand> {
  const res = await create({ name, is_published });
  expectOk(res, MSG.createBrandSuccess);
  return res.body.data;
}

function list(path: string, token = users.global_admin.token) {
  return app.call<ListData<Brand>>('GET', path, { token });
}

const names = (res: { body: { data: ListData<Brand> } }) => res.body.data.list.map((b) => b.name);

describe('GET /brands', () => {
  it('needs a signed-in user of any role', async () => {
    expectError(await app.call('GET', '/brands'), 401, MSG.unauthorized);
    const t = tag();
    const brand = await createBrand(`Picker ${t}`);
    for (const role of ROLES) {
      const res = await list(`/brands?name=${t}`, users[role].token);
      expectOk(res);
      expect(res.body.data).toEqual({ list: [brand], total_num: 1 });
    }
  });

  it('lists only brands that are not deleted, even when asked for deleted ones', async () => {
    const t = tag();
    const kept = await createBrand(`Kept ${t}`);
    const gone = await createBrand(`Gone ${t}`);
    expectOk(
      await app.call('DELETE', `/admin/brands/${gone._id}`, { token: users.global_admin.token }),
      MSG.deleteSuccess,
    );
    const token = users.customer.token;
    expect((await list(`/brands?name=${t}`, token)).body.data).toEqual({ list: [kept], total_num: 1 });
    expect((await list(`/brands?name=${t}&is_deleted=true`, token)).body.data).toEqual({ list: [kept], total_num: 1 });
  });

  it('lists only active brands: a pending brand is not shown in pickers', async () => {
    const t = tag();
    await createBrand(`Shown ${t}`, 1);
    await createBrand(`Hidden ${t}`, 0);
    const res = await list(`/brands?name=${t}`, users.customer.token);
    expect(names(res)).toEqual([`Shown ${t}`]);
    expect(res.body.data.total_num).toBe(1);
  });

  it('filters by name, case-insensitively and literally, and pages with total_num', async () => {
    const t = tag();
    const created = [];
    for (const n of ['Alpha', 'Beta', 'Gamma']) created.push(await createBrand(`${n} ${t}`));
    await createBrand(`Other_${t}x`);
    const token = users.customer.token;

    const page1 = await list(`/brands?name=${t.toUpperCase()}&page_size=2&page_num=1`, token);
    expect(page1.body.data.total_num).toBe(4);
    expect(names(page1)).toEqual([`Other_${t}x`, `Gamma ${t}`]);
    const page2 = await list(`/brands?name=${t}&page_size=2&page_num=2`, token);
    expect(page2.body.data.total_num).toBe(4);
    expect(names(page2)).toEqual([`Beta ${t}`, `Alpha ${t}`]);
    const page3 = await list(`/brands?name=${t}&page_size=2&page_num=3`, token);
    expect(page3.body.data).toEqual({ list: [], total_num: 4 });

    expect(names(await list(`/brands?name=alpha ${t}`, token))).toEqual([`Alpha ${t}`]);
    // `_` is a literal underscore, not a one-character wildcard.
    expect(names(await list(`/brands?name=r_${t}`, token))).toEqual([`Other_${t}x`]);
    expect(names(await list(`/brands?name=a_${t}`, token))).toEqual([]);

    // The picker's page size (1000, docs/api.md "API notes") is accepted.
    const picker = await list('/brands?page_num=1&page_size=1000', token);
    expect(picker.body.data.total_num).toBe(picker.body.data.list.length);
    expect(picker.body.data.list.map((b) => b._id)).toEqual(expect.arrayContaining(created.map((b) => b._id)));
  });

  it('names the field of bad paging and filters', async () => {
    const token = users.customer.token;
    expectError(await list('/brands?page_size=1001', token), 400, 'page_size must be at most 1000');
    expectError(await list('/brands?page_size=0', token), 400, 'page_size must be at least 1');
    expectError(await list('/brands?page_num=abc', token), 400, 'page_num must be a number');
    expectError(await list('/brands?is_published=maybe', token), 400, 'is_published must be true, false, 1 or 0');
  });
});

describe('GET /admin/brands', () => {
  it('is for admins, and for the atk operator (its brand picker) without deleted brands; a customer gets 403', async () => {
    expectError(await app.call('GET', '/admin/brands'), 401, MSG.unauthorized);
    expectError(await list('/admin/brands', users.customer.token), 403, MSG.forbidden);
    const t = tag();
    const kept = await createBrand(`Kept ${t}`, 1);
    const gone = await createBrand(`Gone ${t}`, 1);
    const token = users.global_admin.token;
    expectOk(await app.call('DELETE', `/admin/brands/${gone._id}`, { token }), MSG.deleteSuccess);
    for (const query of ['is_deleted=false', 'is_deleted=true']) {
      const res = await list(`/admin/brands?page_num=1&page_size=1000&name=${t}&${query}`, users.atk.token);
      expectOk(res);
      expect(res.body.data.list.map((b) => b._id)).toEqual([kept._id]);
    }
  });

  it('filters by is_published with true/false/1/0 and by is_deleted', async () => {
    const t = tag();
    const published = await createBrand(`Pub ${t}`, 1);
    const draft = await createBrand(`Draft ${t}`, 0);
    const deleted = await createBrand(`Del ${t}`, 1);
    expectOk(
      await app.call('DELETE', `/admin/brands/${deleted._id}`, { token: users.super_admin.token }),
      MSG.deleteSuccess,
    );

    for (const [value, expected] of [
      ['true', [published]],
      ['1', [published]],
      ['false', [draft]],
      ['0', [draft]],
    ] as const) {
      const res = await list(`/admin/brands?name=${t}&is_published=${value}`);
      expectOk(res);
      expect(res.body.data).toEqual({ list: expected, total_num: 1 });
    }
    expect(names(await list(`/admin/brands?name=${t}`))).toEqual([`Draft ${t}`, `Pub ${t}`]);
    const withDeleted = await list(`/admin/brands?name=${t}&is_deleted=true`, users.super_admin.token);
    expect(withDeleted.body.data.total_num).toBe(1);
    expect(withDeleted.body.data.list[0]).toMatchObject({ _id: deleted._id, is_deleted: true });
    expect((await list(`/admin/brands?name=${t}&is_deleted=0`)).body.data.total_num).toBe(2);
  });

  it('names the field of bad paging and filters', async () => {
    expectError(await list('/admin/brands?is_published=maybe'), 400, 'is_published must be true, false, 1 or 0');
    expectError(await list('/admin/brands?is_deleted=yes'), 400, 'is_deleted must be true, false, 1 or 0');
    expectError(await list('/admin/brands?page_size=1001'), 400, 'page_size must be at most 1000');
    expectError(await list('/admin/brands?page_num=0'), 400, 'page_num must be at least 1');
    expectError(await list(`/admin/brands?name=${'n'.repeat(201)}`), 400, 'name must be at most 200 characters');
  });
});

describe('POST /admin/brands', () => {
  it('is for admins only', async () => {
    const name = `Refused ${tag()}`;
    await expectAdminOnly(app, users, 'POST', '/admin/brands', { name, is_published: 1 });
    expect((await list(`/admin/brands?name=${name}`)).body.data.total_num).toBe(0);
  });

  it('names the field of bad input', async () => {
    expectError(await create({}), 400, 'name is required');
    expectError(await create({ name: '   ' }), 400, 'name is required');
    expectError(await create({ name: 5 }), 400, 'name must be text');
    expectError(await create({ name: 'n'.repeat(201) }), 400, 'name must be at most 200 characters');
    expectError(await create({ name: 'Fine', is_published: 2 }), 400, 'is_published must be 0 or 1');
    expectError(await create({ name: 'Fine', is_published: 'yes' }), 400, 'is_published must be 0 or 1');
  });

  it('creates a brand and reads it back', async () => {
    const name = `Created ${tag()}`;
    const before = Date.now();
    const res = await create({ name: `  ${name}  ` }, users.super_admin.token);
    expectOk(res, MSG.createBrandSuccess);
    expect(res.body.data).toMatchObject({ name, is_published: 0, is_deleted: false });
    expect(new Date(res.body.data.created_at).getTime()).toBeGreaterThan(before - 60_000);

    const read = await app.call<Brand>('GET', `/admin/brands/${res.body.data._id}`, {
      token: users.global_admin.token,
    });
    expectOk(read);
    expect(read.body.data).toEqual(res.body.data);
    expect((await list(`/admin/brands?name=${name}`)).body.data).toEqual({ list: [res.body.data], total_num: 1 });
  });
});

describe('brand names', () => {
  it('two live brands may not share a name, whatever its case and spaces: on create and on rename', async () => {
    const token = users.global_admin.token;
    const name = `Unique ${tag()}`;
    const first = await createBrand(name);
    expectError(await create({ name: ` ${name.toUpperCase()} `, is_published: 1 }), 409, MSG.brandNameTaken);
    expect((await list(`/admin/brands?name=${name}`)).body.data.total_num).toBe(1);

    const other = await createBrand(`Other ${tag()}`);
    const rename = (id: string, body: unknown) => app.call('PUT', `/admin/brands/${id}`, { token, body });
    expectError(await rename(other._id, { name: name.toLowerCase() }), 409, MSG.brandNameTaken);
    const read = await app.call<Brand>('GET', `/admin/brands/${other._id}`, { token });
    expect(read.body.data.name).toBe(other.name);
    // Its own name (a change of case, or only the status) is not a clash.
    expectOk(await rename(first._id, { name: name.toUpperCase(), is_published: 0 }), MSG.updateBrandSuccess);
    // A deleted brand's name is free again.
    expectOk(await app.call('DELETE', `/admin/brands/${first._id}`, { token }), MSG.deleteSuccess);
    expectOk(await create({ name, is_published: 1 }), MSG.createBrandSuccess);
  });

  it('two creates of one name at once: one brand', async () => {
    const name = `Race ${tag()}`;
    const answers = await Promise.all([1, 2, 3].map(() => create({ name, is_published: 1 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await list(`/admin/brands?name=${name}`)).body.data.total_num).toBe(1);
  });
});

describe('GET /admin/brands/{id}', () => {
  it('is for admins only', async () => {
    const brand = await createBrand(`Private ${tag()}`);
    await expectAdminOnly(app, users, 'GET', `/admin/brands/${brand._id}`);
  });

  it('refuses a bad id with 400 and a missing or deleted brand with 404', async () => {
    const token = users.global_admin.token;
    expectError(await app.call('GET', '/admin/brands/123', { token }), 400, 'id must be a valid id');
    expectError(await app.call('GET', `/admin/brands/${randomUUID()}`, { token }), 404, MSG.brandNotFound);
    const brand = await createBrand(`Soon gone ${tag()}`);
    await app.db.update(brands).set({ isDeleted: true }).where(eq(brands.id, brand._id));
    expectError(await app.call('GET', `/admin/brands/${brand._id}`, { token }), 404, MSG.brandNotFound);
  });
});

describe('PUT /admin/brands/{id}', () => {
  it('is for admins only, and leaves the brand alone', async () => {
    const brand = await createBrand(`Guarded ${tag()}`);
    await expectAdminOnly(app, users, 'PUT', `/admin/brands/${brand._id}`, { name: 'Hijacked' });
    const read = await app.call<Brand>('GET', `/admin/brands/${brand._id}`, { token: users.global_admin.token });
    expect(read.body.data.name).toBe(brand.name);
  });

  it('names the field of bad input', async () => {
    const brand = await createBrand(`Validated ${tag()}`);
    const put = (id: string, body: unknown) =>
      app.call('PUT', `/admin/brands/${id}`, { token: users.global_admin.token, body });
    expectError(await put('nope', { name: 'x' }), 400, 'id must be a valid id');
    expectError(await put(brand._id, { name: '' }), 400, 'name is required');
    expectError(await put(brand._id, { name: 7 }), 400, 'name must be text');
    expectError(await put(brand._id, { is_published: 3 }), 400, 'is_published must be 0 or 1');
  });

  it('updates what is sent, keeps the rest, and reads it back', async () => {
    const brand = await createBrand(`Before ${tag()}`, 0);
    const token = users.global_admin.token;
    const renamed = `After ${tag()}`;
    const res = await app.call<Brand>('PUT', `/admin/brands/${brand._id}`, { token, body: { name: renamed } });
    expectOk(res, MSG.updateBrandSuccess);
    expect(res.body.data).toMatchObject({
      _id: brand._id,
      name: renamed,
      is_published: 0,
      created_at: brand.created_at,
    });

    const published = await app.call<Brand>('PUT', `/admin/brands/${brand._id}`, {
      token: users.super_admin.token,
      body: { is_published: 1 },
    });
    expectOk(published, MSG.updateBrandSuccess);
    const read = await app.call<Brand>('GET', `/admin/brands/${brand._id}`, { token });
    expect(read.body.data).toMatchObject({ _id: brand._id, name: renamed, is_published: 1, is_deleted: false });
    expect(new Date(read.body.data.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(brand.updated_at).getTime());
  });

  it('refuses a missing or deleted brand with 404', async () => {
    const token = users.global_admin.token;
    expectError(
      await app.call('PUT', `/admin/brands/${randomUUID()}`, { token, body: { name: 'x' } }),
      404,
      MSG.brandNotFound,
    );
    const brand = await createBrand(`Deleted ${tag()}`);
    expectOk(await app.call('DELETE', `/admin/brands/${brand._id}`, { token }), MSG.deleteSuccess);
    expectError(
      await app.call('PUT', `/admin/brands/${brand._id}`, { token, body: { name: 'Revived' } }),
      404,
      MSG.brandNotFound,
    );
  });
});

describe('DELETE /admin/brands/{id}', () => {
  it('is for admins only, and leaves the brand alone', async () => {
    const brand = await createBrand(`Undeletable ${tag()}`);
    await expectAdminOnly(app, users, 'DELETE', `/admin/brands/${brand._id}`);
    expectOk(await app.call('GET', `/admin/brands/${brand._id}`, { token: users.global_admin.token }));
  });

  it('refuses a bad id with 400 and a missing brand with 404', async () => {
    const token = users.global_admin.token;
    expectError(await app.call('DELETE', '/admin/brands/1', { token }), 400, 'id must be a valid id');
    expectError(await app.call('DELETE', `/admin/brands/${randomUUID()}`, { token }), 404, MSG.brandNotFound);
  });

  it('soft-deletes: the brand is gone from reads and lists, and a second delete is 404', async () => {
    const t = tag();
    const brand = await createBrand(`Doomed ${t}`);
    const token = users.global_admin.token;
    const res = await app.call('DELETE', `/admin/brands/${brand._id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: MSG.deleteSuccess, data: null });

    expectError(await app.call('GET', `/admin/brands/${brand._id}`, { token }), 404, MSG.brandNotFound);
    expect((await list(`/admin/brands?name=${t}`)).body.data.total_num).toBe(0);
    expect((await list(`/brands?name=${t}`, users.customer.token)).body.data.total_num).toBe(0);
    const kept = await list(`/admin/brands?name=${t}&is_deleted=1`);
    expect(kept.body.data.list.map((b) => [b._id, b.is_deleted])).toEqual([[brand._id, true]]);
    expectError(await app.call('DELETE', `/admin/brands/${brand._id}`, { token }), 404, MSG.brandNotFound);
  });
});

describe('GET /admin/roles', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(app, users, 'GET', '/admin/roles');
  });

  it('lists the four roles, and pages', async () => {
    for (const token of [users.global_admin.token, users.super_admin.token]) {
      const res = await app.call<ListData<{ _id: string; name: string }>>('GET', '/admin/roles', { token });
      expectOk(res);
      expect(res.body.data.total_num).toBe(4);
      expect(res.body.data.list.map((r) => r.name)).toEqual(['atk', 'customer', 'global_admin', 'super_admin']);
      expect(new Set(res.body.data.list.map((r) => r._id)).size).toBe(4);
    }
    const page2 = await app.call<ListData<{ name: string }>>('GET', '/admin/roles?page_size=3&page_num=2', {
      token: users.global_admin.token,
    });
    expect(page2.body.data.total_num).toBe(4);
    expect(page2.body.data.list.map((r) => r.name)).toEqual(['super_admin']);
    expectError(
      await app.call('GET', '/admin/roles?page_size=1001', { token: users.global_admin.token }),
      400,
      'page_size must be at most 1000',
    );
  });
});
