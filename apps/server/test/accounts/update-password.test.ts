import { hashPassword, MSG, type Role, type UserInfo } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/assertions.ts';
import { makeUser, PASSWORD, startTestApp, type TestApp } from '../support/harness.ts';

const NEW_PASSWORD = 'Changed!2345';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const update = (token: string | undefined, body: unknown) =>
  app.call('POST', '/users/update_password', { token, body });

const change = (origin: string, next = NEW_PASSWORD, confirm = next) => ({
  origin_password: origin === '' ? '' : hashPassword(origin),
  new_password: hashPassword(next),
  password_confirm: hashPassword(confirm),
});

const login = (email: string, password: string) =>
  app.call<{ token: string }>('POST', '/users/login', { body: { email, password: hashPassword(password) } });

describe('POST /users/update_password', () => {
  it('needs a valid token', async () => {
    expectError(await update(undefined, change(PASSWORD)), 401, MSG.unauthorized);
    expectError(await update('forged-token-value', change(PASSWORD)), 401, MSG.tokenInvalid);
  });

  it('names the field of bad input', async () => {
    const user = await makeUser(app, 'customer');
    const hash = hashPassword(NEW_PASSWORD);
    expectError(await update(user.token, {}), 400, 'new_password is required');
    expectError(await update(user.token, { new_password: hash }), 400, 'password_confirm is required');
    expectError(
      await update(user.token, { new_password: NEW_PASSWORD, password_confirm: hash }),
      400,
      'new_password must be the SHA-256 hex of the password',
    );
    expectError(
      await update(user.token, { origin_password: PASSWORD, new_password: hash, password_confirm: hash }),
      400,
      'origin_password must be the SHA-256 hex of the password',
    );
    // Nothing changed.
    expectOk(await login(user.email, PASSWORD), MSG.loginSuccess);
  });

  it('refuses a wrong or missing current password', async () => {
    const user = await makeUser(app, 'customer');
    expectError(await update(user.token, change('Wrong!2345')), 400, MSG.originPasswordWrong);
    expectError(await update(user.token, change('')), 400, MSG.originPasswordWrong);
    const { origin_password: _, ...withoutOrigin } = change(PASSWORD);
    expectError(await update(user.token, withoutOrigin), 400, MSG.originPasswordWrong);
    expectOk(await login(user.email, PASSWORD), MSG.loginSuccess);
    expectError(await login(user.email, NEW_PASSWORD), 400, MSG.invalidCredentials);
  });

  it('stops answering after 10 wrong current passwords in 15 minutes, even the right one', async () => {
    const user = await makeUser(app, 'customer');
    for (let i = 0; i < 10; i++)
      expectError(await update(user.token, change(`Wrong!${i}2345`)), 400, MSG.originPasswordWrong);
    expectError(await update(user.token, change(PASSWORD)), 429, MSG.tooManyAttempts);
    expectOk(await login(user.email, PASSWORD), MSG.loginSuccess);
    // Another user is not held back by it.
    const other = await makeUser(app, 'customer');
    expectOk(await update(other.token, change(PASSWORD)), MSG.passwordSet);
  });

  it('refuses a confirmation that does not match', async () => {
    const user = await makeUser(app, 'customer');
    expectError(await update(user.token, change(PASSWORD, NEW_PASSWORD, 'Other!2345')), 400, MSG.passwordMismatch);
    expectOk(await login(user.email, PASSWORD), MSG.loginSuccess);
  });

  it("changes the password, ends the user's other sessions and keeps the calling one", async () => {
    const user = await makeUser(app, 'customer');
    const other = await login(user.email, PASSWORD);
    const bystander = await makeUser(app, 'customer');

    const res = await update(user.token, change(PASSWORD));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: MSG.passwordSet, data: null });

    const info = await app.call<UserInfo>('GET', '/users/info', { token: user.token });
    expectOk(info);
    expect(info.body.data._id).toBe(user.id);
    expectError(await app.call('GET', '/users/info', { token: other.body.data.token }), 401, MSG.tokenInvalid);
    // Another user's session is not touched.
    expectOk(await app.call('GET', '/users/info', { token: bystander.token }));

    expectError(await login(user.email, PASSWORD), 400, MSG.invalidCredentials);
    const fresh = await login(user.email, NEW_PASSWORD);
    expectOk(fresh, MSG.loginSuccess);
    expectOk(await app.call('GET', '/users/info', { token: fresh.body.data.token }));

    // The new password is now the current one.
    expectError(await update(user.token, change(PASSWORD, 'Third!2345')), 400, MSG.originPasswordWrong);
    expectOk(await update(user.token, change(NEW_PASSWORD, 'Third!2345')), MSG.passwordSet);
    expectOk(await login(user.email, 'Third!2345'), MSG.loginSuccess);
  });

  it('works for every role', async () => {
    for (const role of ['global_admin', 'super_admin', 'atk'] as Role[]) {
      const user = await makeUser(app, role);
      expectOk(await update(user.token, change(PASSWORD)), MSG.passwordSet);
      expectOk(await login(user.email, NEW_PASSWORD), MSG.loginSuccess);
    }
  });
});
