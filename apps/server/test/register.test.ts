import { randomBytes } from 'node:crypto';
import { type Brand, hashPassword, type ListData, MSG, type UserInfo } from '@atk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema.ts';
import { makeUser, startTestApp, type TestApp } from './harness.ts';
import { expectError, expectOk } from './support.ts';

const PASSWORD = 'Signup!2345';

let app: TestApp;
let admin: { token: string };
beforeAll(async () => {
  app = await startTestApp();
  admin = await makeUser(app, 'global_admin');
});
afterAll(() => app.close());
// Every request comes from 127.0.0.1: start each test with empty rate-limit windows.
beforeEach(async () => {
  await app.db.delete(rateLimits);
});

const freshEmail = () => `signup-${randomBytes(4).toString('hex')}@register.example`;

const form = (overrides: Record<string, unknown> = {}) => ({
  email: freshEmail(),
  password: hashPassword(PASSWORD),
  password_confirm: hashPassword(PASSWORD),
  brand_name: `Signup Brand ${randomBytes(3).toString('hex')}`,
  ...overrides,
});

const register = (body: unknown) =>
  app.call<{ token: string; user_info: UserInfo }>('POST', '/users/register', { body });

async function brandsNamed(name: string) {
  const res = await app.call<ListData<Brand>>('GET', `/admin/brands?name=${encodeURIComponent(name)}`, {
    token: admin.token,
  });
  return res.body.data;
}

describe('POST /users/register', () => {
  it('creates a customer with a new pending master brand and answers a working token', async () => {
    const body = form({
      email: `  ${freshEmail().toUpperCase()}`,
      first_name: 'Grace',
      last_name: 'Hopper',
      company_name: 'Compiler Audio',
      country: 'United States',
    });
    const email = body.email.trim().toLowerCase();
    // Public: no token needed.
    const res = await register(body);
    expectOk(res);
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    const expected = {
      email,
      role: 'customer',
      register_type: 'self_signup',
      master_brand_name: body.brand_name,
      master_brand_status: 'pending',
      brand_name: body.brand_name,
      first_name: 'Grace',
      last_name: 'Hopper',
      company_name: 'Compiler Audio',
      country: 'United States',
      city: null,
    };
    expect(res.body.data.user_info).toMatchObject(expected);

    const info = await app.call<UserInfo>('GET', '/users/info', { token: res.body.data.token });
    expectOk(info);
    expect(info.body.data).toMatchObject({ ...expected, _id: res.body.data.user_info._id });

    // The master brand exists, unpublished, and is the user's.
    const brandId = info.body.data.master_brand_id ?? '';
    const brand = await app.call<Brand>('GET', `/admin/brands/${brandId}`, { token: admin.token });
    expectOk(brand);
    expect(brand.body.data).toMatchObject({ _id: brandId, name: body.brand_name, is_published: 0, is_deleted: false });

    // The password works for signing in.
    const login = await app.call<{ token: string }>('POST', '/users/login', {
      body: { email, password: hashPassword(PASSWORD) },
    });
    expectOk(login, MSG.loginSuccess);
  });

  it('refuses an email that already has an account with 409, and makes no brand', async () => {
    const first = form();
    expectOk(await register(first));
    for (const email of [first.email, first.email.toUpperCase()]) {
      const again = form({ email });
      expectError(await register(again), 409, MSG.emailTaken);
      expect(await brandsNamed(again.brand_name)).toEqual({ list: [], total_num: 0 });
    }
    const operator = await makeUser(app, 'atk');
    expectError(await register(form({ email: operator.email })), 409, MSG.emailTaken);
  });

  it('names the field of bad input', async () => {
    const { brand_name: _, ...noBrand } = form();
    expectError(await register(noBrand), 400, 'brand_name is required');
    expectError(await register(form({ brand_name: '   ' })), 400, 'brand_name is required');
    expectError(await register(form({ brand_name: 5 })), 400, 'brand_name must be text');
    expectError(
      await register(form({ brand_name: 'b'.repeat(201) })),
      400,
      'brand_name must be at most 200 characters',
    );
    expectError(await register(form({ email: undefined })), 400, 'email is required');
    expectError(await register(form({ email: 'not-an-email' })), 400, 'email must be a valid email');
    expectError(await register(form({ password: PASSWORD })), 400, 'password must be the SHA-256 hex of the password');
    expectError(await register(form({ password_confirm: undefined })), 400, 'password_confirm is required');
    expectError(await register(form({ first_name: 5 })), 400, 'first_name must be text');
  });

  it('refuses a confirmation that does not match, and makes nothing', async () => {
    const body = form({ password_confirm: hashPassword('Other!2345') });
    expectError(await register(body), 400, MSG.passwordMismatch);
    expect(await brandsNamed(body.brand_name)).toEqual({ list: [], total_num: 0 });
    const login = await app.call('POST', '/users/login', {
      body: { email: body.email, password: hashPassword(PASSWORD) },
    });
    expectError(login, 400, MSG.invalidCredentials);
  });

  it('limits sign-ups per address with 429', async () => {
    const mismatch = () => form({ password_confirm: hashPassword('Other!2345') });
    for (let i = 0; i < 10; i++) expectError(await register(mismatch()), 400, MSG.passwordMismatch);
    expectError(await register(form()), 429, MSG.tooManyAttempts);
  });
});
