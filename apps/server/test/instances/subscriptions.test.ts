import { randomUUID } from 'node:crypto';
import {
  type AdminUser,
  DEFAULT_SUBSCRIPTION,
  hashPassword,
  MSG,
  NO_LIMIT,
  type Subscription,
  type UserInfo,
} from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { expectAdminOnly, expectError, expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { makeBrand, makeUser, PASSWORD, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
let u: Users;
let brandId: string;
let customer: { id: string; email: string; token: string };
beforeAll(async () => {
  app = await startTestApp();
  u = await usersOfEveryRole(app);
  brandId = (await makeBrand(app.db)).id;
  customer = await makeUser(app, 'customer', { brandId });
});
afterAll(() => app.close());

const admin = () => u.global_admin.token;
const getUser = (id: string, token = admin()) => app.call<AdminUser>('GET', `/admin/users/${id}`, { token });
const putUser = (id: string, body: unknown, token = admin()) =>
  app.call<AdminUser>('PUT', `/admin/users/${id}`, { token, body });

const richer: Subscription = {
  ...DEFAULT_SUBSCRIPTION,
  discography: { is_enable: 1 },
  my_audio: { is_enable: 1 },
  products_in_player: { max_num: NO_LIMIT },
};

describe('operators: GET/PUT /admin/users/{id}', () => {
  it('admins only: 401, 403 for customer and atk', async () => {
    await expectAdminOnly(app, u, 'GET', `/admin/users/${customer.id}`);
    await expectAdminOnly(app, u, 'PUT', `/admin/users/${customer.id}`, { subscription: richer });
    expect((await getUser(customer.id, u.super_admin.token)).status).toBe(200);
  });

  it('reads the user with its subscription, the default plan until one is saved', async () => {
    const res = await getUser(customer.id);
    expectOk(res);
    expect(res.body.data).toMatchObject({
      _id: customer.id,
      email: customer.email,
      role: 'customer',
      master_brand_id: brandId,
      master_brand_status: 'active',
      subscription: DEFAULT_SUBSCRIPTION,
    });
  });

  it('saves a subscription; the customer sees it in /users/info', async () => {
    const res = await putUser(customer.id, { subscription: richer });
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data.subscription).toEqual(richer);
    expect((await getUser(customer.id)).body.data.subscription).toEqual(richer);
    const info = await app.call<UserInfo>('GET', '/users/info', { token: customer.token });
    expect(info.body.data.subscription).toEqual(richer);
    // Admins have none in their info.
    const mine = await app.call<UserInfo>('GET', '/users/info', { token: admin() });
    expect(mine.body.data.subscription).toBeUndefined();
  });

  it('several customers of one brand: the brand is held to the most permissive of theirs', async () => {
    const second = await makeUser(app, 'customer', { brandId });
    expectOk(
      await putUser(second.id, {
        subscription: { ...DEFAULT_SUBSCRIPTION, tech_specs: { is_enable: 1 }, atk_songs: { max_num: NO_LIMIT } },
      }),
      MSG.updateSuccess,
    );
    const info = await app.call<UserInfo>('GET', '/users/info', { token: second.token });
    expect(info.body.data.subscription).toEqual({
      ...richer,
      tech_specs: { is_enable: 1 },
      atk_songs: { max_num: NO_LIMIT },
    });
    // Its own stays its own.
    expect((await getUser(second.id)).body.data.subscription.discography).toEqual({ is_enable: 0 });
    await app.db.update(users).set({ isDeleted: true }).where(eq(users.id, second.id));
    const after = await app.call<UserInfo>('GET', '/users/info', { token: customer.token });
    expect(after.body.data.subscription).toEqual(richer);
  });

  it('confirms a pending brand, edits profile fields, leaves the rest alone', async () => {
    await app.db.update(users).set({ masterBrandStatus: 'pending' }).where(eq(users.id, customer.id));
    const res = await putUser(customer.id, { master_brand_status: 'active' });
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data.master_brand_status).toBe('active');
    const edited = await putUser(customer.id, { first_name: 'Ada', company_name: 'Analog Co' });
    expectOk(edited, MSG.updateSuccess);
    expect(edited.body.data).toMatchObject({
      first_name: 'Ada',
      company_name: 'Analog Co',
      master_brand_status: 'active',
      subscription: richer,
    });
    const other = await makeBrand(app.db);
    const moved = await putUser(customer.id, { master_brand_id: other.id });
    expect(moved.body.data).toMatchObject({ master_brand_id: other.id, master_brand_name: other.name });
    expectOk(await putUser(customer.id, { master_brand_id: brandId }), MSG.updateSuccess);
  });

  it('resets a password: needs the confirmation, ends the sessions', async () => {
    const victim = await makeUser(app, 'customer', { brandId });
    const fresh = hashPassword('N3w!password');
    expectError(await putUser(victim.id, { password: fresh }), 400, MSG.passwordMismatch);
    expectError(
      await putUser(victim.id, { password: fresh, password_confirm: hashPassword(PASSWORD) }),
      400,
      MSG.passwordMismatch,
    );
    expectOk(await putUser(victim.id, { password: fresh, password_confirm: fresh }), MSG.updateSuccess);
    expectError(await app.call('GET', '/users/info', { token: victim.token }), 401, MSG.tokenInvalid);
    const login = await app.call('POST', '/users/login', { body: { email: victim.email, password: fresh } });
    expectOk(login, MSG.loginSuccess);
  });

  it('refuses bad input naming the field, unknown users, subscriptions for non-customers', async () => {
    expectError(
      await putUser(customer.id, { subscription: { ...richer, products_in_player: { max_num: 7 } } }),
      400,
      'subscription.products_in_player.max_num must be one of 5, 99999',
    );
    expectError(
      await putUser(customer.id, { subscription: { ...richer, my_audio: { is_enable: true } } }),
      400,
      'subscription.my_audio.is_enable must be 0 or 1',
    );
    const { atk_songs: _, ...partial } = richer;
    expectError(await putUser(customer.id, { subscription: partial }), 400, 'subscription.atk_songs is required');
    expectError(
      await putUser(customer.id, { master_brand_status: 'maybe' }),
      400,
      'master_brand_status must be pending or active',
    );
    expectError(await putUser(customer.id, { role: 'global_admin' }), 400, 'Request body has unknown fields: role');
    expectError(await putUser(customer.id, {}), 400, 'Request body must hold at least one field to change');
    expectError(await putUser(customer.id, { master_brand_id: randomUUID() }), 404, MSG.brandNotFound);
    expectError(await putUser(u.atk.id, { subscription: richer }), 400, 'subscription applies to customers only');
    expectError(await getUser(randomUUID()), 404, MSG.userNotFound);
    expectError(await putUser(randomUUID(), { first_name: 'x' }), 404, MSG.userNotFound);
    expectError(await getUser('nope'), 400, 'id must be a valid id');
    const gone = await makeUser(app, 'customer', { brandId });
    await app.db.update(users).set({ isDeleted: true }).where(eq(users.id, gone.id));
    expectError(await getUser(gone.id), 404, MSG.userNotFound);
    // Nothing above changed the subscription.
    expect((await getUser(customer.id)).body.data.subscription).toEqual(richer);
  });
});
