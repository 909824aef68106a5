/** Small assertions shared by the API tests. */
import { fieldErrorsData, MSG, type Role } from '@atk/contract';
import { expect } from 'vitest';
import { makeUser, type Reply, startTestApp, type TestApp } from './harness.ts';

/**
 * An error answer: the status, and exactly `{code: status, msg, data}`: data null, or for input that failed
 * validation the refused fields (`data.errors`, checked in error-handler.test.ts), the first one being the msg's.
 */
export function expectError(res: Reply<unknown>, status: number, msg: string) {
  const data = fieldErrorsData.safeParse(res.body.data).success ? res.body.data : null;
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { code: status, msg, data } });
  if (data) {
    const first = fieldErrorsData.parse(data).errors[0];
    expect(msg.endsWith(` ${first.message}`)).toBe(true);
  }
}

/** A success answer: HTTP 200 and the envelope with code 200 and the given msg. */
export function expectOk(res: Reply<unknown>, msg: string = MSG.ok) {
  expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ status: 200, code: 200, msg });
  expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'msg']);
}

export type Users = Record<Role, { id: string; email: string; token: string }>;

/** One signed-in user of every role. */
/** A test file's start: the app and a user of every role; the file closes the app after. */
export async function startWithEveryRole(): Promise<{ app: TestApp; users: Users }> {
  const app = await startTestApp();
  return { app, users: await usersOfEveryRole(app) };
}

export async function usersOfEveryRole(app: TestApp): Promise<Users> {
  const [global_admin, super_admin, customer, atk] = await Promise.all([
    makeUser(app, 'global_admin'),
    makeUser(app, 'super_admin'),
    makeUser(app, 'customer'),
    makeUser(app, 'atk'),
  ]);
  return { global_admin, super_admin, customer, atk };
}

/**
 * An admin-only route: 401 without a token, 403 for a customer and for atk. The body is
 * sent too, so the refusal is shown to come before validation and before any effect.
 */
export async function expectAdminOnly(app: TestApp, users: Users, method: string, path: string, body?: unknown) {
  expectError(await app.call(method, path, { body }), 401, MSG.unauthorized);
  expectError(await app.call(method, path, { body, token: users.customer.token }), 403, MSG.forbidden);
  expectError(await app.call(method, path, { body, token: users.atk.token }), 403, MSG.forbidden);
}
