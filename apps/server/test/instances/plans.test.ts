/**
 * Subscription plans (/admin/subscriptions; docs/api.md "Customers and plans"): templates operators copy into
 * customers.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AdminUser,
  type AdminUserRow,
  DEFAULT_SUBSCRIPTION,
  hashPassword,
  type ListData,
  MSG,
  NO_LIMIT,
  type Plan,
  type Subscription,
  subscription,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminOnly, expectError, expectOk, startWithEveryRole, type Users } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';

let app: TestApp;
let u: Users;
beforeAll(async () => ({ app, users: u } = await startWithEveryRole()));
afterAll(() => app.close());

const tag = () => randomBytes(4).toString('hex');
const admin = () => u.global_admin.token;

const PRO: Subscription = {
  ...DEFAULT_SUBSCRIPTION,
  discography: { is_enable: 1 },
  tech_specs: { is_enable: 1 },
  other_brands_products: { is_enable: 1 },
  products_in_player: { max_num: NO_LIMIT },
};

const create = (body: unknown, token = admin()) => app.call<Plan>('POST', '/admin/subscriptions', { token, body });
async function createPlan(body: Record<string, unknown>): Promise<Plan> {
  const res = await create(body);
  expectOk(res, MSG.createPlanSuccess);
  return res.body.data;
}
const getPlan = (id: string, token = admin()) => app.call<Plan>('GET', `/admin/subscriptions/${id}`, { token });
const putPlan = (id: string, body: unknown, token = admin()) =>
  app.call<Plan>('PUT', `/admin/subscriptions/${id}`, { token, body });
const removePlan = (id: string, token = admin()) => app.call('DELETE', `/admin/subscriptions/${id}`, { token });
const list = (query: string, token = admin()) =>
  app.call<ListData<Plan>>('GET', `/admin/subscriptions?${query}`, { token });
const names = (res: { body: { data: ListData<Plan> } }) => res.body.data.list.map((p) => p.name);

/** A customer made the way an operator makes one (New Customer). */
async function createCustomer(): Promise<AdminUser> {
  const password = hashPassword('Customer!2345');
  const res = await app.call<AdminUser>('POST', '/admin/users', {
    token: admin(),
    body: { email: `plan-${tag()}@plans.example`, password, password_confirm: password, first_name: 'Plan' },
  });
  expectOk(res, MSG.createCustomerSuccess);
  return res.body.data;
}

/** Customer edit: the operator picks a plan, whose features fill the customer's subscription, and saves. */
async function choosePlan(customerId: string, plan: Plan) {
  const res = await app.call<AdminUser>('PUT', `/admin/users/${customerId}`, {
    token: admin(),
    // The plan's features only (the schema drops the rest).
    body: { plan_id: plan._id, subscription: subscription.parse(plan) },
  });
  expectOk(res, MSG.updateSuccess);
  return res.body.data;
}

const count = async (plan: Plan) => (await getPlan(plan._id)).body.data.customers_count;

describe('/admin/subscriptions: who may call', () => {
  it('is for the two admin roles only, before any validation or effect', async () => {
    const plan = await createPlan({ name: `Guarded ${tag()}` });
    const name = `Refused ${tag()}`;
    await expectAdminOnly(app, u, 'GET', '/admin/subscriptions');
    await expectAdminOnly(app, u, 'POST', '/admin/subscriptions', { name });
    await expectAdminOnly(app, u, 'GET', `/admin/subscriptions/${plan._id}`);
    await expectAdminOnly(app, u, 'PUT', `/admin/subscriptions/${plan._id}`, { name });
    await expectAdminOnly(app, u, 'DELETE', `/admin/subscriptions/${plan._id}`);
    expect((await list(`name=${name}`)).body.data.total_num).toBe(0);
    expect((await getPlan(plan._id)).body.data.name).toBe(plan.name);
    expectOk(await list('page_num=1&page_size=20', u.super_admin.token));
  });
});

describe('POST /admin/subscriptions', () => {
  it('creates a pending plan on the default features unless others are sent, and reads it back', async () => {
    const basic = await createPlan({ name: `  Basic ${tag()}  ` });
    expect(basic).toEqual({
      _id: basic._id,
      name: basic.name.trim(),
      is_published: 0,
      created_at: basic.created_at,
      updated_at: basic.updated_at,
      ...DEFAULT_SUBSCRIPTION,
      customers_count: 0,
    });
    expect(basic.name).toMatch(/^Basic [0-9a-f]{8}$/);
    expect((await getPlan(basic._id)).body.data).toEqual(basic);

    const pro = await createPlan({ name: `Pro ${tag()}`, is_published: 1, ...PRO, atk_songs: { max_num: NO_LIMIT } });
    expect(pro).toMatchObject({ is_published: 1, ...PRO, atk_songs: { max_num: NO_LIMIT } });
    expect((await getPlan(pro._id)).body.data).toEqual(pro);
  });

  it('names the field of bad input', async () => {
    expectError(await create({}), 400, 'name is required');
    expectError(await create({ name: '  ' }), 400, 'name is required');
    expectError(await create({ name: 5 }), 400, 'name must be text');
    expectError(await create({ name: 'n'.repeat(201) }), 400, 'name must be at most 200 characters');
    expectError(await create({ name: 'P', is_published: 2 }), 400, 'is_published must be 0 or 1');
    expectError(
      await create({ name: 'P', discography: { is_enable: 2 } }),
      400,
      'discography.is_enable must be 0 or 1',
    );
    expectError(await create({ name: 'P', my_audio: {} }), 400, 'my_audio.is_enable is required');
    expectError(
      await create({ name: 'P', products_in_player: { max_num: 7 } }),
      400,
      'products_in_player.max_num must be one of 5, 99999',
    );
    expectError(
      await create({ name: 'P', atk_songs: { max_num: 5 } }),
      400,
      'atk_songs.max_num must be one of 3, 99999',
    );
    expectError(await create({ name: 'P', price: 10 }), 400, 'Request body has unknown fields: price');
  });
});

describe('GET /admin/subscriptions', () => {
  it('lists newest first, filters by name (literally) and is_published, and pages', async () => {
    const t = tag();
    await createPlan({ name: `Alpha ${t}`, is_published: 1 });
    await createPlan({ name: `Beta ${t}` });
    await createPlan({ name: `Gamma_${t}`, is_published: 1 });
    const page1 = await list(`name=${t.toUpperCase()}&page_num=1&page_size=2`);
    expectOk(page1);
    expect(page1.body.data.total_num).toBe(3);
    expect(names(page1)).toEqual([`Gamma_${t}`, `Beta ${t}`]);
    expect(names(await list(`name=${t}&page_num=2&page_size=2`))).toEqual([`Alpha ${t}`]);
    expect(names(await list(`name=${encodeURIComponent(`a_${t}`)}`))).toEqual([`Gamma_${t}`]);
    expect(names(await list(`name=${encodeURIComponent(`a ${t}`)}`))).toEqual([`Beta ${t}`, `Alpha ${t}`]);
    expect(names(await list(`name=${encodeURIComponent(`%${t}`)}`))).toEqual([]);
    expect(names(await list(`name=${t}&is_published=true`))).toEqual([`Gamma_${t}`, `Alpha ${t}`]);
    expect(names(await list(`name=${t}&is_published=0`))).toEqual([`Beta ${t}`]);
    expect(names(await list(`name=${t}&is_deleted=false`))).toHaveLength(3);
  });

  it('names the field of bad paging and filters', async () => {
    expectError(await list('page_size=1001'), 400, 'page_size must be at most 1000');
    expectError(await list('page_num=x'), 400, 'page_num must be a number');
    expectError(await list('is_published=yes'), 400, 'is_published must be true, false, 1 or 0');
    expectError(await list('is_deleted=yes'), 400, 'is_deleted must be true, false, 1 or 0');
  });
});

describe('GET/PUT/DELETE /admin/subscriptions/{id}', () => {
  it('refuses a bad id (400) and an unknown plan (404)', async () => {
    const id = randomUUID();
    expectError(await getPlan('abc'), 400, 'id must be a valid id');
    expectError(await getPlan(id), 404, MSG.planNotFound);
    expectError(await putPlan(id, { name: 'X' }), 404, MSG.planNotFound);
    expectError(await removePlan(id), 404, MSG.planNotFound);
  });

  it('PUT changes what is sent and leaves the rest', async () => {
    const plan = await createPlan({ name: `Edit ${tag()}`, ...PRO });
    const renamed = await putPlan(plan._id, { name: 'Renamed plan', is_published: 1 });
    expectOk(renamed, MSG.updatePlanSuccess);
    expect(renamed.body.data).toMatchObject({ ...PRO, name: 'Renamed plan', is_published: 1 });
    const fewer = await putPlan(plan._id, { discography: { is_enable: 0 }, atk_songs: { max_num: NO_LIMIT } });
    expectOk(fewer, MSG.updatePlanSuccess);
    expect(fewer.body.data).toMatchObject({
      ...PRO,
      name: 'Renamed plan',
      is_published: 1,
      discography: { is_enable: 0 },
      atk_songs: { max_num: NO_LIMIT },
    });
    expect((await getPlan(plan._id)).body.data).toEqual(fewer.body.data);

    expectError(await putPlan(plan._id, {}), 400, 'Request body must hold at least one field to change');
    expectError(await putPlan(plan._id, { name: '' }), 400, 'name is required');
    expectError(await putPlan(plan._id, { images: { is_enable: 'on' } }), 400, 'images.is_enable must be 0 or 1');
    expectError(
      await putPlan(plan._id, { customers_count: 3 }),
      400,
      'Request body has unknown fields: customers_count',
    );
  });

  it('DELETE is soft: the plan is gone from reads, lists and choices; a second delete is 404', async () => {
    const t = tag();
    const plan = await createPlan({ name: `Doomed ${t}` });
    const res = await removePlan(plan._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: MSG.deleteSuccess, data: null });
    expectError(await getPlan(plan._id), 404, MSG.planNotFound);
    expectError(await putPlan(plan._id, { name: 'Back' }), 404, MSG.planNotFound);
    expectError(await removePlan(plan._id), 404, MSG.planNotFound);
    expect((await list(`name=${t}`)).body.data).toEqual({ list: [], total_num: 0 });
    expect((await list(`name=${t}&is_deleted=true`)).body.data.list.map((p) => p._id)).toEqual([plan._id]);
    const customer = await createCustomer();
    expectError(
      await app.call('PUT', `/admin/users/${customer._id}`, {
        token: admin(),
        body: { plan_id: plan._id, subscription: DEFAULT_SUBSCRIPTION },
      }),
      404,
      MSG.planNotFound,
    );
  });
});

describe('plans and customers', () => {
  it('choosing a plan records it; plan_id needs a subscription and an existing plan', async () => {
    const plan = await createPlan({ name: `Chosen ${tag()}`, ...PRO });
    const customer = await createCustomer();
    const saved = await choosePlan(customer._id, plan);
    expect(saved).toMatchObject({ plan_id: plan._id, subscription: PRO });
    const row = await app.call<ListData<AdminUserRow>>('GET', `/admin/users?email=${customer.email}`, {
      token: admin(),
    });
    expect(row.body.data.list).toMatchObject([{ _id: customer._id, plan_id: plan._id }]);

    const put = (body: unknown) => app.call('PUT', `/admin/users/${customer._id}`, { token: admin(), body });
    expectError(await put({ plan_id: plan._id }), 400, 'plan_id must be sent with subscription');
    expectError(await put({ plan_id: randomUUID(), subscription: PRO }), 404, MSG.planNotFound);
    expectError(await put({ plan_id: 'basic', subscription: PRO }), 400, 'plan_id must be a valid id');
    // An admin has no subscription, so no plan either.
    expectError(
      await app.call('PUT', `/admin/users/${u.super_admin.id}`, {
        token: admin(),
        body: { plan_id: plan._id, subscription: PRO },
      }),
      400,
      'subscription applies to customers only',
    );
    // Features edited without a plan keep the plan last chosen; null clears it.
    const edited = await put({ subscription: DEFAULT_SUBSCRIPTION });
    expect(edited.body.data).toMatchObject({ plan_id: plan._id, subscription: DEFAULT_SUBSCRIPTION });
    const cleared = await put({ plan_id: null, subscription: DEFAULT_SUBSCRIPTION });
    expect(cleared.body.data).toMatchObject({ plan_id: null });
  });

  it('later plan edits and deletion never rewrite a customer’s subscription', async () => {
    const plan = await createPlan({ name: `Template ${tag()}`, ...PRO });
    const customer = await createCustomer();
    await choosePlan(customer._id, plan);
    expectOk(
      await putPlan(plan._id, {
        tech_specs: { is_enable: 0 },
        my_audio: { is_enable: 1 },
        atk_songs: { max_num: NO_LIMIT },
      }),
      MSG.updatePlanSuccess,
    );
    const read = async () =>
      (await app.call<AdminUser>('GET', `/admin/users/${customer._id}`, { token: admin() })).body.data;
    expect((await read()).subscription).toEqual(PRO);
    expectOk(await removePlan(plan._id), MSG.deleteSuccess);
    expect(await read()).toMatchObject({ subscription: PRO, plan_id: plan._id });
  });

  it('customers_count counts the customers, not deleted, whose last chosen plan it is', async () => {
    const t = tag();
    const a = await createPlan({ name: `Count A ${t}` });
    const b = await createPlan({ name: `Count B ${t}`, ...PRO });
    const [c1, c2, c3] = [await createCustomer(), await createCustomer(), await createCustomer()];
    await choosePlan(c1._id, a);
    await choosePlan(c2._id, a);
    await choosePlan(c3._id, b);
    expect([await count(a), await count(b)]).toEqual([2, 1]);
    const listed = await list(`name=${t}`);
    const counts = Object.fromEntries(listed.body.data.list.map((p) => [p._id, p.customers_count]));
    expect([counts[a._id], counts[b._id]]).toEqual([2, 1]);

    // The last choice counts: c2 moves to B.
    await choosePlan(c2._id, b);
    expect([await count(a), await count(b)]).toEqual([1, 2]);
    // A deleted customer is not counted.
    expectOk(await app.call('DELETE', `/admin/users/${c3._id}`, { token: admin() }), MSG.deleteSuccess);
    expect(await count(b)).toBe(1);
    // A customer whose plan is cleared is not counted.
    expectOk(
      await app.call('PUT', `/admin/users/${c1._id}`, {
        token: admin(),
        body: { plan_id: null, subscription: DEFAULT_SUBSCRIPTION },
      }),
      MSG.updateSuccess,
    );
    expect([await count(a), await count(b)]).toEqual([0, 1]);
    // PUT answers the count too.
    const renamed = await putPlan(b._id, { name: `Count B2 ${t}` });
    expect(renamed.body.data.customers_count).toBe(1);
  });
});
