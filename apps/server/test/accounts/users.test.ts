import { hashPassword, MSG, type UserInfo } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeUser, PASSWORD, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('POST /users/login', () => {
  it('signs in with the hashed password and answers the token and the user', async () => {
    const user = await makeUser(app, 'customer');
    const res = await app.call<{ token: string; user_info: UserInfo }>('POST', '/users/login', {
      body: { email: user.email.toUpperCase(), password: hashPassword(PASSWORD) },
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(MSG.loginSuccess);
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.user_info.email).toBe(user.email);
    const info = await app.call<UserInfo>('GET', '/users/info', { token: res.body.data.token });
    expect(info.body.data.role).toBe('customer');
  });

  it('refuses a wrong password with a clear msg', async () => {
    const user = await makeUser(app, 'customer');
    const res = await app.call('POST', '/users/login', {
      body: { email: user.email, password: hashPassword('Wrong!2345') },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: MSG.invalidCredentials, data: null });
  });

  it('names the field of bad input', async () => {
    const missing = await app.call('POST', '/users/login', { body: { email: 'a@b.co' } });
    expect(missing.body).toEqual({
      code: 400,
      msg: 'password is required',
      data: { errors: [{ path: ['password'], reason: 'required', message: 'is required' }] },
    });
    const plain = await app.call('POST', '/users/login', { body: { email: 'a@b.co', password: 'Demo!2345' } });
    expect(plain.body.msg).toBe('password must be the SHA-256 hex of the password');
    const badEmail = await app.call('POST', '/users/login', { body: { email: 'nope', password: hashPassword('x') } });
    expect(badEmail.body.msg).toBe('email must be a valid email');
  });

  it('limits failed sign-ins per (email, address) pair with 429', async () => {
    const user = await makeUser(app, 'customer');
    const wrong = { email: user.email, password: hashPassword('Wrong!2345') };
    for (let i = 0; i < 10; i++) expect((await app.call('POST', '/users/login', { body: wrong })).status).toBe(400);
    const limited = await app.call('POST', '/users/login', { body: wrong });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe(MSG.tooManyAttempts);
    // From the same address even the right password waits for the pair's window to pass (other addresses and
    // the owner's known addresses: sign-in-limits.test.ts).
    const right = await app.call('POST', '/users/login', {
      body: { email: user.email, password: hashPassword(PASSWORD) },
    });
    expect(right.status).toBe(429);
  });
});

describe('GET /users/info', () => {
  it('needs a token', async () => {
    const res = await app.call('GET', '/users/info');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('refuses a forged token', async () => {
    const res = await app.call('GET', '/users/info', { token: 'forged-token-value' });
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe(MSG.tokenInvalid);
  });

  it("reads the user with the master brand's name", async () => {
    const brand = await makeBrand(app.db, 'Info Brand');
    const user = await makeUser(app, 'customer', { brandId: brand.id });
    const res = await app.call<UserInfo>('GET', '/users/info', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: user.id, email: user.email, master_brand_name: 'Info Brand' });
  });
});

describe('POST /users/logout', () => {
  it('needs a token', async () => {
    expect((await app.call('POST', '/users/logout')).status).toBe(401);
  });

  it('revokes the token', async () => {
    const user = await makeUser(app, 'atk');
    expect((await app.call('POST', '/users/logout', { token: user.token })).status).toBe(200);
    expect((await app.call('GET', '/users/info', { token: user.token })).status).toBe(401);
  });
});

describe('PUT /users/profile', () => {
  const profile = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_name: 'Analytical Audio',
    company_website: 'https://analytical.example',
    company_phone: '+44 20 0000 0000',
    phone: '+44 7000 000000',
    brand_name: 'Analytical',
    brand_website: 'https://brand.example',
    address_line_1: '1 Engine Street',
    address_line_2: 'Floor 2',
    city: 'London',
    state_province_region: 'Greater London',
    postal_code: 'N1 1AA',
    country: 'United Kingdom',
  };

  it('needs a token', async () => {
    expect((await app.call('PUT', '/users/profile', { body: profile })).status).toBe(401);
  });

  it('saves every field and reads them back', async () => {
    const user = await makeUser(app, 'customer');
    const res = await app.call<UserInfo>('PUT', '/users/profile', {
      token: user.token,
      body: { ...profile, email: 'ignored@x.co' },
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(MSG.profileUpdated);
    const info = await app.call<UserInfo>('GET', '/users/info', { token: user.token });
    expect(info.body.data).toMatchObject({ ...profile, email: user.email });
  });

  it('refuses wrong types and over-long text', async () => {
    const user = await makeUser(app, 'customer');
    const wrongType = await app.call('PUT', '/users/profile', { token: user.token, body: { city: 42 } });
    expect(wrongType.body).toEqual({
      code: 400,
      msg: 'city must be text',
      data: { errors: [{ path: ['city'], reason: 'type', message: 'must be text' }] },
    });
    const long = await app.call('PUT', '/users/profile', { token: user.token, body: { city: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/^city /);
  });
});
