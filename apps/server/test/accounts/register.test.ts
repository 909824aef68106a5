import { randomBytes } from 'node:crypto';
import { type Brand, hashPassword, type ListData, MSG, type UserInfo } from '@atk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/db/schema.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import { mailsTo, makeUser, startTestApp, type TestApp } from '../support/harness.ts';

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

const register = (body: unknown) => app.call<null>('POST', '/users/register', { body });

async function brandsNamed(name: string) {
  const res = await app.call<ListData<Brand>>('GET', `/admin/brands?name=${encodeURIComponent(name)}`, {
    token: admin.token,
  });
  return res.body.data;
}

describe('POST /users/register', () => {
  it('creates a customer with a new pending master brand, answers no session and mails a welcome', async () => {
    const body = form({
      email: `  ${freshEmail().toUpperCase()}`,
      first_name: 'Grace',
      last_name: 'Hopper',
      company_name: 'Compiler Audio',
      country: 'United States',
    });
    const email = body.email.trim().toLowerCase();
    // Public: no token needed. No session in the answer: a known email's answer could not carry one.
    const res = await register(body);
    expectOk(res, MSG.registerReceived);
    expect(res.body.data).toBeNull();
    const [welcome] = await mailsTo(app, email);
    expect(welcome.text).toContain('http://portal.test/login');
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
    // The password works for signing in.
    const login = await app.call<{ token: string; user_info: UserInfo }>('POST', '/users/login', {
      body: { email, password: hashPassword(PASSWORD) },
    });
    expectOk(login, MSG.loginSuccess);
    expect(login.body.data.user_info).toMatchObject(expected);

    // The master brand exists, unpublished, and is the user's.
    const brandId = login.body.data.user_info.master_brand_id ?? '';
    const brand = await app.call<Brand>('GET', `/admin/brands/${brandId}`, { token: admin.token });
    expectOk(brand);
    expect(brand.body.data).toMatchObject({ _id: brandId, name: body.brand_name, is_published: 0, is_deleted: false });
  });

  it('answers a known email as a new one (no 409), makes nothing and mails the owner instead', async () => {
    const first = form();
    const fresh = await register(first);
    expectOk(fresh, MSG.registerReceived);
    await mailsTo(app, first.email);
    const operator = await makeUser(app, 'atk');
    for (const email of [first.email, first.email.toUpperCase(), operator.email]) {
      const again = form({
        email,
        password: hashPassword('Intruder!2345'),
        password_confirm: hashPassword('Intruder!2345'),
      });
      const known = await register(again);
      // Exactly the new email's answer: status, msg and shape.
      expect({ status: known.status, body: known.body }).toEqual({ status: fresh.status, body: fresh.body });
      expect(await brandsNamed(again.brand_name)).toEqual({ list: [], total_num: 0 });
      // The intruder's password signs nobody in.
      const login = await app.call('POST', '/users/login', {
        body: { email: email.toLowerCase(), password: hashPassword('Intruder!2345') },
      });
      expectError(login, 400, MSG.invalidCredentials);
    }
    const toOwner = await mailsTo(app, first.email, 3);
    expect(toOwner.slice(1).map((m) => m.subject)).toEqual([
      'Someone tried to sign up to ATK Player with your address',
      'Someone tried to sign up to ATK Player with your address',
    ]);
    expect(toOwner[1].text).toContain('http://portal.test/recover');
    const [toOperator] = await mailsTo(app, operator.email);
    expect(toOperator.subject).toBe('Someone tried to sign up to ATK Player with your address');
    // The owner's own password still works.
    expectOk(
      await app.call('POST', '/users/login', { body: { email: first.email, password: hashPassword(PASSWORD) } }),
      MSG.loginSuccess,
    );
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
