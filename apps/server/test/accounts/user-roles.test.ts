/**
 * Who manages whom through /admin/users (docs/api.md "Who manages whom"): every cell of the matrix, operator role ×
 * target role × action, over real HTTP. A refused action leaves the account as it was (it still signs in with its
 * password, its name and brand unchanged); an allowed one is read back.
 */
import { randomBytes } from 'node:crypto';
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
import { expectError, expectOk } from '../support/assertions.ts';
import { makeUser, PASSWORD, startTestApp, type TestApp } from '../support/harness.ts';

type Operator = 'global_admin' | 'super_admin';
type Target = 'global_admin' | 'super_admin' | 'customer' | 'atk' | 'self';
type Action = 'list' | 'read' | 'edit' | 'reset_password' | 'delete' | 'brand' | 'role';
type Account = { id: string; email: string; token: string };
/** 200, or the refusal's status and msg. */
type Outcome = { status: 200 } | { status: 400 | 404; msg: string };

const OK: Outcome = { status: 200 };
const HIDDEN: Outcome = { status: 404, msg: MSG.userNotFound };
const SELF: Outcome = { status: 400, msg: MSG.cannotChangeSelf };
const CUSTOMERS_ONLY: Outcome = { status: 400, msg: 'master_brand_id applies to customers only' };
/** No path changes a role: the field is unknown to PUT /admin/users, for every target. */
const ROLE: Outcome = { status: 400, msg: 'Request body has unknown fields: role_id' };

const all = (outcome: Outcome): Record<Exclude<Action, 'role'>, Outcome> => ({
  list: outcome,
  read: outcome,
  edit: outcome,
  reset_password: outcome,
  delete: outcome,
  brand: outcome,
});
const ownAccount = { ...all(SELF), list: OK, read: OK, delete: { status: 400, msg: MSG.cannotDeleteSelf } } as const;

/** The matrix of docs/api.md, cell for cell. `list`: whether the account is in the operator's list. */
const MATRIX: Record<Operator, Record<Target, Record<Action, Outcome>>> = {
  global_admin: {
    global_admin: { ...all(HIDDEN), role: ROLE },
    super_admin: { ...all(OK), brand: CUSTOMERS_ONLY, role: ROLE },
    customer: { ...all(OK), role: ROLE },
    atk: { ...all(OK), brand: CUSTOMERS_ONLY, role: ROLE },
    self: { ...ownAccount, role: ROLE },
  },
  super_admin: {
    global_admin: { ...all(HIDDEN), role: ROLE },
    super_admin: { ...all(HIDDEN), role: ROLE },
    customer: { ...all(OK), role: ROLE },
    atk: { ...all(HIDDEN), role: ROLE },
    self: { ...ownAccount, role: ROLE },
  },
};

let app: TestApp;
let operators: Record<Operator, Account>;
let brand: Brand;
let customerRoleId: string;
beforeAll(async () => {
  app = await startTestApp();
  operators = {
    global_admin: await makeUser(app, 'global_admin'),
    super_admin: await makeUser(app, 'super_admin'),
  };
  const made = await app.call<Brand>('POST', '/admin/brands', {
    token: operators.global_admin.token,
    body: { name: `Roles ${tag()}`, is_published: 1 },
  });
  expectOk(made, MSG.createBrandSuccess);
  brand = made.body.data;
  const roles = await app.call<ListData<{ _id: string; name: string }>>('GET', '/admin/roles', {
    token: operators.global_admin.token,
  });
  customerRoleId = roles.body.data.list.find((r) => r.name === 'customer')?._id ?? '';
});
afterAll(() => app.close());
// Every request comes from 127.0.0.1: the sign-in limits start empty in each test.
beforeEach(async () => {
  await app.db.delete(rateLimits);
});

const tag = () => randomBytes(4).toString('hex');
const NEW_PASSWORD = 'Changed!6789';
const login = (email: string, plain: string) =>
  app.call<{ token: string; user_info: UserInfo }>('POST', '/users/login', {
    body: { email, password: hashPassword(plain) },
  });
const info = async (account: Account) => {
  const res = await app.call<UserInfo>('GET', '/users/info', { token: account.token });
  expectOk(res);
  return res.body.data;
};

/** A new account of the role, signed in. Customers are made as the product makes them; other roles have no endpoint. */
async function newAccount(role: Exclude<Target, 'self'>): Promise<Account> {
  if (role !== 'customer') return makeUser(app, role);
  const email = `customer-${tag()}@roles.example`;
  const res = await app.call<AdminUser>('POST', '/admin/users', {
    token: operators.global_admin.token,
    body: { email, password: hashPassword(PASSWORD), password_confirm: hashPassword(PASSWORD) },
  });
  expectOk(res, MSG.createCustomerSuccess);
  const signedIn = await login(email, PASSWORD);
  expectOk(signedIn, MSG.loginSuccess);
  return { id: res.body.data._id, email, token: signedIn.body.data.token };
}

function expectOutcome(res: { status: number; body: { code: number; msg: string; data: unknown } }, want: Outcome) {
  if (want.status === 200) expect({ status: res.status, msg: res.body.msg }).toMatchObject({ status: 200 });
  else expectError(res, want.status, want.msg);
}

/** Does the action as `operator` on `target`, checks the answer, then checks its effect (or that there was none). */
async function act(operator: Account, target: Account, action: Action, want: Outcome) {
  const token = operator.token;
  const path = `/admin/users/${target.id}`;
  const allowed = want.status === 200;
  switch (action) {
    case 'list': {
      for (const is_deleted of [false, true]) {
        const res = await app.call<ListData<AdminUserRow>>(
          'GET',
          `/admin/users?email=${encodeURIComponent(target.email)}&is_deleted=${is_deleted}`,
          { token },
        );
        expectOk(res);
        // A listed account is shown only while not deleted; the deleted list shows none of these.
        const listed = allowed && !is_deleted;
        expect(res.body.data).toMatchObject({ total_num: listed ? 1 : 0 });
        expect(res.body.data.list.map((r) => r._id)).toEqual(listed ? [target.id] : []);
      }
      return;
    }
    case 'read': {
      const res = await app.call<AdminUser>('GET', path, { token });
      expectOutcome(res, want);
      if (allowed) expect(res.body.data).toMatchObject({ _id: target.id, email: target.email });
      return;
    }
    case 'edit': {
      const res = await app.call<AdminUser>('PUT', path, { token, body: { first_name: 'Renamed' } });
      expectOutcome(res, want);
      expect((await info(target)).first_name).toBe(allowed ? 'Renamed' : null);
      return;
    }
    case 'reset_password': {
      const body = { password: hashPassword(NEW_PASSWORD), password_confirm: hashPassword(NEW_PASSWORD) };
      expectOutcome(await app.call('PUT', path, { token, body }), want);
      expectError(await login(target.email, allowed ? PASSWORD : NEW_PASSWORD), 400, MSG.invalidCredentials);
      expectOk(await login(target.email, allowed ? NEW_PASSWORD : PASSWORD), MSG.loginSuccess);
      return;
    }
    case 'delete': {
      const res = await app.call('DELETE', path, { token });
      expectOutcome(res, want);
      if (allowed) expectError(await login(target.email, PASSWORD), 400, MSG.invalidCredentials);
      else expectOk(await login(target.email, PASSWORD), MSG.loginSuccess);
      return;
    }
    case 'brand': {
      const before = (await info(target)).master_brand_id;
      expectOutcome(await app.call('PUT', path, { token, body: { master_brand_id: brand._id } }), want);
      expect((await info(target)).master_brand_id).toBe(allowed ? brand._id : before);
      return;
    }
    case 'role': {
      // The role left unchanged is checked by the cell itself.
      expectOutcome(await app.call('PUT', path, { token, body: { role_id: customerRoleId } }), want);
      return;
    }
  }
}

const cells = (Object.keys(MATRIX) as Operator[]).flatMap((operator) =>
  (Object.keys(MATRIX[operator]) as Target[]).flatMap((target) =>
    (Object.keys(MATRIX[operator][target]) as Action[]).map((action) => ({
      operator,
      target,
      action,
      want: MATRIX[operator][target][action],
    })),
  ),
);

describe('/admin/users: the role matrix (docs/api.md "Who manages whom")', () => {
  it('covers every operator, target and action', () => {
    expect(cells).toHaveLength(2 * 5 * 7);
  });

  it.each(cells)('$operator → $target: $action answers $want.status', async ({ operator, target, action, want }) => {
    const account = target === 'self' ? operators[operator] : await newAccount(target);
    const roleBefore = (await info(account)).role;
    await act(operators[operator], account, action, want);
    // No action changes a role; a deleted account has no session left to ask with.
    if (!(action === 'delete' || action === 'reset_password') || want.status !== 200)
      expect((await info(account)).role).toBe(roleBefore);
  });
});

describe('/admin/users: the reproductions of the security review', () => {
  it('a super_admin cannot delete the global_admin: 404, and the global_admin still signs in', async () => {
    const global = await newAccount('global_admin');
    expectError(
      await app.call('DELETE', `/admin/users/${global.id}`, { token: operators.super_admin.token }),
      404,
      MSG.userNotFound,
    );
    expectOk(await login(global.email, PASSWORD), MSG.loginSuccess);
    // The refusal does not sign the operator out.
    expectOk(await app.call('GET', '/users/info', { token: operators.super_admin.token }));
  });

  it("a super_admin cannot set the global_admin's password: 404, and the old password still works", async () => {
    const global = await newAccount('global_admin');
    const body = { password: hashPassword(NEW_PASSWORD), password_confirm: hashPassword(NEW_PASSWORD) };
    expectError(
      await app.call('PUT', `/admin/users/${global.id}`, { token: operators.super_admin.token, body }),
      404,
      MSG.userNotFound,
    );
    expectOk(await login(global.email, PASSWORD), MSG.loginSuccess);
    expectError(await login(global.email, NEW_PASSWORD), 400, MSG.invalidCredentials);
  });

  it('the atk operator is given no master brand: 400 naming the field', async () => {
    const atk = await newAccount('atk');
    expectError(
      await app.call('PUT', `/admin/users/${atk.id}`, {
        token: operators.global_admin.token,
        body: { master_brand_id: brand._id },
      }),
      400,
      'master_brand_id applies to customers only',
    );
    expect((await info(atk)).master_brand_id).toBeNull();
  });
});

describe('/admin/users: fields that belong to customers', () => {
  const fields = {
    master_brand_id: () => brand._id,
    master_brand_status: () => 'active',
    subscription: () => DEFAULT_SUBSCRIPTION,
    plan_id: () => null,
  };
  const targets = ['super_admin', 'atk'] as const;
  it.each(targets.flatMap((target) => Object.keys(fields).map((field) => ({ target, field }))))(
    '$field on a $target → 400 naming it',
    async ({ target, field }) => {
      const account = await newAccount(target);
      const value = fields[field as keyof typeof fields]();
      // plan_id alone is refused by its own rule (it goes with a subscription, which is then the field named).
      const body = field === 'plan_id' ? { plan_id: value } : { [field]: value };
      const res = await app.call('PUT', `/admin/users/${account.id}`, { token: operators.global_admin.token, body });
      const msg = field === 'plan_id' ? 'plan_id must be sent with subscription' : `${field} applies to customers only`;
      expectError(res, 400, msg);
      expect(await info(account)).toMatchObject({ master_brand_id: null, master_brand_status: null });
    },
  );

  it('are accepted on a customer', async () => {
    const customer = await newAccount('customer');
    const res = await app.call<AdminUser>('PUT', `/admin/users/${customer.id}`, {
      token: operators.super_admin.token,
      body: { master_brand_id: brand._id, master_brand_status: 'active', subscription: DEFAULT_SUBSCRIPTION },
    });
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data).toMatchObject({ master_brand_id: brand._id, master_brand_status: 'active' });
  });
});

describe('/admin/users: deleted accounts follow the matrix too', () => {
  it("a global_admin's deleted super_admin is in its deleted list, not in a super_admin's", async () => {
    const other = await newAccount('super_admin');
    expectOk(
      await app.call('DELETE', `/admin/users/${other.id}`, { token: operators.global_admin.token }),
      MSG.deleteSuccess,
    );
    const deleted = (token: string) =>
      app.call<ListData<AdminUserRow>>('GET', `/admin/users?is_deleted=true&email=${encodeURIComponent(other.email)}`, {
        token,
      });
    expect((await deleted(operators.global_admin.token)).body.data.total_num).toBe(1);
    expect((await deleted(operators.super_admin.token)).body.data.total_num).toBe(0);
  });
});
