/** Operators' customers (the Customers screens; docs/api.md "Customers and plans"): /admin/users. */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AdminUser,
  type AdminUserRow,
  type Brand,
  DEFAULT_SUBSCRIPTION,
  hashPassword,
  type ListData,
  MSG,
  type UserInfo,
} from '@atk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/db/schema.ts';
import { expectAdminOnly, expectError, expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
let u: Users;
let brand: Brand;
let roleIds: Record<string, string>;
beforeAll(async () => {
  app = await startTestApp();
  u = await usersOfEveryRole(app);
  brand = await createBrand(`Customer Brand ${tag()}`, 1);
  const roles = await app.call<ListData<{ _id: string; name: string }>>('GET', '/admin/roles', { token: admin() });
  roleIds = Object.fromEntries(roles.body.data.list.map((r) => [r.name, r._id]));
});
afterAll(() => app.close());
// Every request comes from 127.0.0.1: the sign-in and sign-up limits start empty in each test.
beforeEach(async () => {
  await app.db.delete(rateLimits);
});

const tag = () => randomBytes(4).toString('hex');
const admin = () => u.global_admin.token;
const hashed = (plain: string) => hashPassword(plain);
const PASSWORD = 'Customer!2345';
const NEW_PASSWORD = 'Changed!6789';

async function createBrand(name: string, is_published: 0 | 1): Promise<Brand> {
  const res = await app.call<Brand>('POST', '/admin/brands', { token: admin(), body: { name, is_published } });
  expectOk(res, MSG.createBrandSuccess);
  return res.body.data;
}

const form = (overrides: Record<string, unknown> = {}) => ({
  email: `customer-${tag()}@customers.example`,
  password: hashed(PASSWORD),
  password_confirm: hashed(PASSWORD),
  master_brand_id: brand._id,
  master_brand_name: brand.name,
  master_brand_status: 'active',
  company_name: 'Ribbon Works',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role_id: roleIds.customer,
  ...overrides,
});

const create = (body: unknown, token = admin()) => app.call<AdminUser>('POST', '/admin/users', { token, body });

async function createCustomer(overrides: Record<string, unknown> = {}): Promise<AdminUser> {
  const res = await create(form(overrides));
  expectOk(res, MSG.createCustomerSuccess);
  return res.body.data;
}

const list = (query: string, token = admin()) =>
  app.call<ListData<AdminUserRow>>('GET', `/admin/users?${query}`, { token });
const emails = (res: { body: { data: ListData<AdminUserRow> } }) => res.body.data.list.map((r) => r.email);
const getUser = (id: string, token = admin()) => app.call<AdminUser>('GET', `/admin/users/${id}`, { token });
const putUser = (id: string, body: unknown, token = admin()) =>
  app.call<AdminUser>('PUT', `/admin/users/${id}`, { token, body });
const login = (email: string, plain: string) =>
  app.call<{ token: string; user_info: UserInfo }>('POST', '/users/login', {
    body: { email, password: hashed(plain) },
  });

describe('/admin/users: who may call', () => {
  it('is for the two admin roles only, before any validation or effect', async () => {
    const someone = await createCustomer();
    const body = form();
    await expectAdminOnly(app, u, 'GET', '/admin/users');
    await expectAdminOnly(app, u, 'POST', '/admin/users', body);
    await expectAdminOnly(app, u, 'GET', `/admin/users/${someone._id}`);
    await expectAdminOnly(app, u, 'PUT', `/admin/users/${someone._id}`, { first_name: 'Nope' });
    await expectAdminOnly(app, u, 'DELETE', `/admin/users/${someone._id}`);
    // Nothing happened: the refused create made no user, the refused delete deleted none.
    expect((await list(`email=${body.email}`)).body.data.total_num).toBe(0);
    expect((await getUser(someone._id)).body.data.first_name).toBe('Ada');
    // super_admin is an admin too.
    expectOk(await list('page_num=1&page_size=20', u.super_admin.token));
    expectOk(await create(form(), u.super_admin.token), MSG.createCustomerSuccess);
  });
});

describe('POST /admin/users (New Customer)', () => {
  it('answers the spec texts for a missing email and a password that is missing or not confirmed', async () => {
    const { email: _, ...noEmail } = form();
    expectError(await create(noEmail), 400, MSG.emailRequired);
    expectError(await create(form({ email: '' })), 400, MSG.emailRequired);
    expectError(await create(form({ email: '   ' })), 400, MSG.emailRequired);
    const { password: __, ...noPassword } = form();
    expectError(await create(noPassword), 400, MSG.passwordMismatch);
    expectError(await create(form({ password: '', password_confirm: '' })), 400, MSG.passwordMismatch);
    expectError(await create(form({ password_confirm: hashed('Other!2345') })), 400, MSG.passwordMismatch);
    const { password_confirm: ___, ...noConfirm } = form();
    expectError(await create(noConfirm), 400, MSG.passwordMismatch);
  });

  it('names the field of other bad input', async () => {
    expectError(await create(form({ email: 'not-an-email' })), 400, 'email must be a valid email');
    expectError(
      await create(form({ password: PASSWORD, password_confirm: PASSWORD })),
      400,
      'password must be the SHA-256 hex of the password',
    );
    expectError(await create(form({ master_brand_id: 'x' })), 400, 'master_brand_id must be a valid id');
    expectError(
      await create(form({ master_brand_status: 'maybe' })),
      400,
      'master_brand_status must be pending or active',
    );
    expectError(await create(form({ first_name: 5 })), 400, 'first_name must be text');
    expectError(
      await create(form({ company_name: 'c'.repeat(201) })),
      400,
      'company_name must be at most 200 characters',
    );
    expectError(await create(form({ role_id: 'customer' })), 400, 'role_id must be a valid id');
    expectError(await create(form({ is_admin: true })), 400, 'Request body has unknown fields: is_admin');
    expectError(await create([]), 400, 'Request body must be a JSON object');
  });

  it('refuses a taken email (409), an unknown brand (404) and a role that is unknown or not customer (400)', async () => {
    const first = await createCustomer();
    expectError(await create(form({ email: first.email.toUpperCase() })), 409, MSG.emailTaken);
    expectError(await create(form({ email: u.super_admin.email })), 409, MSG.emailTaken);
    expectError(await create(form({ master_brand_id: randomUUID() })), 404, MSG.brandNotFound);
    expectError(await create(form({ role_id: randomUUID() })), 400, 'role_id must be an existing role');
    expectError(await create(form({ role_id: roleIds.super_admin })), 400, 'role_id must be the customer role');
    const deleted = await createBrand(`Deleted ${tag()}`, 1);
    expectOk(await app.call('DELETE', `/admin/brands/${deleted._id}`, { token: admin() }), MSG.deleteSuccess);
    expectError(await create(form({ master_brand_id: deleted._id })), 404, MSG.brandNotFound);
  });

  it('two creates of one email at once: one customer, the other 409', async () => {
    const body = form();
    const answers = await Promise.all([create(body), create(body), create(body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) expectError(res, 409, MSG.emailTaken);
    expect((await list(`email=${body.email}`)).body.data.total_num).toBe(1);
  });

  it('creates an active customer who signs in at once with that password', async () => {
    const body = form({ email: `  New-${tag()}@Customers.Example `, master_brand_status: 'pending' });
    const email = body.email.trim().toLowerCase();
    const res = await create(body);
    expectOk(res, MSG.createCustomerSuccess);
    const created = res.body.data;
    expect(created).toMatchObject({
      email,
      role: 'customer',
      register_type: 'operator_created',
      master_brand_id: brand._id,
      master_brand_name: brand.name,
      // A customer created by an operator is active immediately (docs/api.md "Customers and plans").
      master_brand_status: 'active',
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Ribbon Works',
      brand_name: brand.name,
      subscription: DEFAULT_SUBSCRIPTION,
      plan_id: null,
    });
    expect((await getUser(created._id)).body.data).toEqual(created);

    const signedIn = await login(email, PASSWORD);
    expectOk(signedIn, MSG.loginSuccess);
    expect(signedIn.body.data.user_info).toMatchObject({ _id: created._id, role: 'customer' });
    const info = await app.call<UserInfo>('GET', '/users/info', { token: signedIn.body.data.token });
    expectOk(info);
    expect(info.body.data.email).toBe(email);
  });

  it('creates a customer without a master brand, and defaults the role to customer', async () => {
    const res = await create(form({ master_brand_id: undefined, master_brand_name: undefined, role_id: undefined }));
    expectOk(res, MSG.createCustomerSuccess);
    expect(res.body.data).toMatchObject({ role: 'customer', master_brand_id: null, master_brand_status: null });
    expectOk(await login(res.body.data.email, PASSWORD), MSG.loginSuccess);
  });
});

describe('GET /admin/users (Customers list)', () => {
  it('answers the rows newest first with every column, and pages with total_num', async () => {
    const t = tag();
    const made: AdminUser[] = [];
    for (const first of ['Ann', 'Bea', 'Cat'])
      made.push(await createCustomer({ first_name: first, last_name: `Page${t}`, email: `${first}-${t}@p.example` }));
    const page1 = await list(`name=page${t}&page_num=1&page_size=2`);
    expectOk(page1);
    expect(page1.body.data.total_num).toBe(3);
    expect(page1.body.data.list[0]).toEqual({
      _id: made[2]._id,
      email: `cat-${t}@p.example`,
      name: `Cat Page${t}`,
      first_name: 'Cat',
      last_name: `Page${t}`,
      company_name: 'Ribbon Works',
      master_brand_id: brand._id,
      master_brand_name: brand.name,
      master_brand_status: 'active',
      master_brand_state: 'active',
      role_id: roleIds.customer,
      role: 'customer',
      created_at: made[2].created_at,
      plan_id: null,
    });
    expect(emails(page1)).toEqual([`cat-${t}@p.example`, `bea-${t}@p.example`]);
    const page2 = await list(`name=page${t}&page_num=2&page_size=2`);
    expect(emails(page2)).toEqual([`ann-${t}@p.example`]);
    expect(page2.body.data.total_num).toBe(3);
    expect((await list(`name=page${t}&page_num=3&page_size=2`)).body.data).toEqual({ list: [], total_num: 3 });
    // 20 a page by default; the picker size 1000 is accepted.
    const all = await list('');
    expect(all.body.data.list.length).toBe(Math.min(20, all.body.data.total_num));
    expectOk(await list('page_num=1&page_size=1000'));
  });

  it('filters by first, last or full name, case-insensitively and literally', async () => {
    const t = tag();
    await createCustomer({ first_name: 'Grace', last_name: `Hopper${t}`, email: `grace-${t}@n.example` });
    await createCustomer({ first_name: `Alan${t}`, last_name: 'Turing', email: `alan-${t}@n.example` });
    await createCustomer({ first_name: 'Per%cent', last_name: `Under_${t}`, email: `odd-${t}@n.example` });
    expect(emails(await list(`name=HOPPER${t}`))).toEqual([`grace-${t}@n.example`]);
    expect(emails(await list(`name=alan${t}`))).toEqual([`alan-${t}@n.example`]);
    expect(emails(await list(`name=${encodeURIComponent(`grace hopper${t}`)}`))).toEqual([`grace-${t}@n.example`]);
    expect(emails(await list(`name=${encodeURIComponent(`${t} tur`)}`))).toEqual([`alan-${t}@n.example`]);
    // `%` and `_` are characters, not wildcards.
    expect(emails(await list(`name=${encodeURIComponent(`under_${t}`)}`))).toEqual([`odd-${t}@n.example`]);
    expect(emails(await list(`name=${encodeURIComponent(`unde__${t}`)}`))).toEqual([]);
    expect(emails(await list(`name=${encodeURIComponent('per%cent')}`))).toEqual([`odd-${t}@n.example`]);
    expect(emails(await list(`name=${encodeURIComponent('p%t')}`))).toEqual([]);
    // An empty filter is no filter.
    expect((await list(`name=&email=${t}@n.example`)).body.data.total_num).toBe(3);
  });

  it('filters by email, case-insensitively and literally', async () => {
    const t = tag();
    await createCustomer({ email: `mail_${t}@e.example` });
    await createCustomer({ email: `mailx${t}@e.example` });
    expect(emails(await list(`email=MAIL_${t}`))).toEqual([`mail_${t}@e.example`]);
    expect(emails(await list(`email=${t}@E.EXAMPLE`)).sort()).toEqual([`mail_${t}@e.example`, `mailx${t}@e.example`]);
  });

  it('filters by master_brand_status and role_id', async () => {
    const t = tag();
    const active = await createCustomer({ last_name: `Status${t}` });
    const pending = await createCustomer({ last_name: `Status${t}` });
    expectOk(await putUser(pending._id, { master_brand_status: 'pending' }), MSG.updateSuccess);
    expect(emails(await list(`name=status${t}&master_brand_status=pending`))).toEqual([pending.email]);
    expect(emails(await list(`name=status${t}&master_brand_status=active`))).toEqual([active.email]);
    // "All": the console's cleared select.
    expect((await list(`name=status${t}&master_brand_status=`)).body.data.total_num).toBe(2);

    const customers = await list(`role_id=${roleIds.customer}&page_size=1000`);
    expect(customers.body.data.list.every((r) => r.role === 'customer')).toBe(true);
    expect(emails(customers)).toEqual(expect.arrayContaining([active.email, pending.email, u.customer.email]));
    expect(emails(customers)).not.toContain(u.atk.email);
    const atk = await list(`role_id=${roleIds.atk}`);
    expect(atk.body.data).toMatchObject({ total_num: 1, list: [{ email: u.atk.email, role: 'atk', name: '' }] });
    expect((await list(`role_id=${randomUUID()}`)).body.data).toEqual({ list: [], total_num: 0 });
  });

  it('names the field of bad paging and filters', async () => {
    expectError(await list('page_size=1001'), 400, 'page_size must be at most 1000');
    expectError(await list('page_num=0'), 400, 'page_num must be at least 1');
    expectError(await list('master_brand_status=open'), 400, 'master_brand_status must be pending or active');
    expectError(await list('role_id=customer'), 400, 'role_id must be a valid id');
    expectError(await list('is_deleted=maybe'), 400, 'is_deleted must be true, false, 1 or 0');
    expectError(await list(`name=${'n'.repeat(201)}`), 400, 'name must be at most 200 characters');
  });
});

describe('PUT /admin/users/{id}', () => {
  it('edits what is sent and reads it back', async () => {
    const customer = await createCustomer();
    const other = await createBrand(`Other ${tag()}`, 1);
    const res = await putUser(customer._id, { first_name: 'Augusta', company_name: '', master_brand_id: other._id });
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data).toMatchObject({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      company_name: null,
      master_brand_id: other._id,
      master_brand_name: other.name,
    });
    expect((await getUser(customer._id)).body.data).toEqual(res.body.data);
  });

  it('refuses an unknown user (404), a bad id and bad input (400)', async () => {
    const customer = await createCustomer();
    expectError(await putUser(randomUUID(), { first_name: 'X' }), 404, MSG.userNotFound);
    expectError(await putUser('nope', { first_name: 'X' }), 400, 'id must be a valid id');
    expectError(await putUser(customer._id, {}), 400, 'Request body must hold at least one field to change');
    expectError(await putUser(customer._id, { email: 'x@y.example' }), 400, 'Request body has unknown fields: email');
    expectError(await putUser(customer._id, { master_brand_id: randomUUID() }), 404, MSG.brandNotFound);
  });

  it('Confirm publishes the master brand a self sign-up left pending, in the same save', async () => {
    const t = tag();
    const email = `signup-${t}@signup.example`;
    const signup = await app.call('POST', '/users/register', {
      body: {
        email,
        password: hashed(PASSWORD),
        password_confirm: hashed(PASSWORD),
        brand_name: `Signup Brand ${t}`,
        first_name: 'Sig',
        last_name: `Nup${t}`,
      },
    });
    expectOk(signup, MSG.registerReceived);
    const signedIn = await login(email, PASSWORD);
    const { _id: id, master_brand_id: brandId } = signedIn.body.data.user_info;
    const row = await list(`name=nup${t}`);
    expect(row.body.data.list).toMatchObject([{ _id: id, master_brand_status: 'pending', master_brand_id: brandId }]);
    const brandOf = () => app.call<Brand>('GET', `/admin/brands/${brandId}`, { token: admin() });
    expect((await brandOf()).body.data.is_published).toBe(0);

    const res = await putUser(id, { master_brand_status: 'active' });
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data.master_brand_status).toBe('active');
    expect((await brandOf()).body.data.is_published).toBe(1);
    expect((await list(`name=nup${t}&master_brand_status=active`)).body.data.total_num).toBe(1);
    // The brand now shows in every user's picker.
    const picker = await app.call<ListData<Brand>>('GET', `/brands?name=${encodeURIComponent(`Signup Brand ${t}`)}`, {
      token: u.customer.token,
    });
    expect(picker.body.data.total_num).toBe(1);
  });

  it('Confirm leaves alone a brand an operator keeps pending for a customer it created', async () => {
    const draft = await createBrand(`Draft ${tag()}`, 0);
    const customer = await createCustomer({ master_brand_id: draft._id });
    expectOk(await putUser(customer._id, { master_brand_status: 'pending' }), MSG.updateSuccess);
    expectOk(await putUser(customer._id, { master_brand_status: 'active' }), MSG.updateSuccess);
    const read = await app.call<Brand>('GET', `/admin/brands/${draft._id}`, { token: admin() });
    expect(read.body.data.is_published).toBe(0);
  });

  it('Reset Password: the old session is 401, the old password refused, the new one works', async () => {
    const customer = await createCustomer();
    const before = await login(customer.email, PASSWORD);
    expectOk(before, MSG.loginSuccess);
    const oldToken = before.body.data.token;

    expectError(
      await putUser(customer._id, { password: hashed(NEW_PASSWORD), password_confirm: hashed(PASSWORD) }),
      400,
      MSG.passwordMismatch,
    );
    expectError(await putUser(customer._id, { password: hashed(NEW_PASSWORD) }), 400, MSG.passwordMismatch);
    // A refused reset changed nothing.
    expectOk(await app.call('GET', '/users/info', { token: oldToken }));

    const res = await putUser(customer._id, { password: hashed(NEW_PASSWORD), password_confirm: hashed(NEW_PASSWORD) });
    expectOk(res, MSG.updateSuccess);
    expectError(await app.call('GET', '/users/info', { token: oldToken }), 401, MSG.tokenInvalid);
    expectError(await login(customer.email, PASSWORD), 400, MSG.invalidCredentials);
    const after = await login(customer.email, NEW_PASSWORD);
    expectOk(after, MSG.loginSuccess);
    expectOk(await app.call('GET', '/users/info', { token: after.body.data.token }));
  });
});

describe('DELETE /admin/users/{id}', () => {
  const remove = (id: string, token = admin()) => app.call('DELETE', `/admin/users/${id}`, { token });

  it('refuses a bad id (400), an unknown user (404) and the operator itself (400)', async () => {
    expectError(await remove('1'), 400, 'id must be a valid id');
    expectError(await remove(randomUUID()), 404, MSG.userNotFound);
    expectError(await remove(u.global_admin.id), 400, MSG.cannotDeleteSelf);
    expectError(await remove(u.super_admin.id, u.super_admin.token), 400, MSG.cannotDeleteSelf);
    expectOk(await getUser(u.global_admin.id));
  });

  it('soft-deletes: its sessions end, it cannot sign in, reads are 404, a second delete is 404', async () => {
    const t = tag();
    const customer = await createCustomer({ last_name: `Doomed${t}` });
    const session = await login(customer.email, PASSWORD);
    expectOk(session, MSG.loginSuccess);

    const res = await remove(customer._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: MSG.deleteSuccess, data: null });

    expectError(await app.call('GET', '/users/info', { token: session.body.data.token }), 401, MSG.tokenInvalid);
    // Like an unknown user.
    expectError(await login(customer.email, PASSWORD), 400, MSG.invalidCredentials);
    expectError(await login(`nobody-${t}@customers.example`, PASSWORD), 400, MSG.invalidCredentials);
    expectError(await getUser(customer._id), 404, MSG.userNotFound);
    expectError(await putUser(customer._id, { first_name: 'Back' }), 404, MSG.userNotFound);
    expectError(await remove(customer._id), 404, MSG.userNotFound);

    expect((await list(`name=doomed${t}`)).body.data).toEqual({ list: [], total_num: 0 });
    const deleted = await list(`name=doomed${t}&is_deleted=true`);
    expect(deleted.body.data.list.map((r) => r._id)).toEqual([customer._id]);
  });
});
