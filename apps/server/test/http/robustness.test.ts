import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, hashPassword, MSG } from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { sessions, users as usersTable } from '../../src/db/schema.ts';
import { expectError, startWithEveryRole, type Users } from '../support/assertions.ts';
import { type CallOptions, makeBrand, makeUser, type TestApp } from '../support/harness.ts';

const UNSUPPORTED = 'Unsupported content type, send application/json';

let app: TestApp;
let users: Users;
beforeAll(async () => ({ app, users } = await startWithEveryRole()));
afterAll(() => app.close());

describe('bad bodies never give a 500', () => {
  it('malformed JSON is 400', async () => {
    for (const raw of ['{"email":', '{email: "a@b.co"}', "{'a':1}", '{"a":1}}', ''])
      expectError(await app.call('POST', '/users/login', { raw }), 400, MSG.malformedJson);
    // Also behind a token.
    expectError(
      await app.call('POST', '/admin/brands', { raw: '{"name":', token: users.global_admin.token }),
      400,
      MSG.malformedJson,
    );
  });

  it('a JSON value that is not an object is 400', async () => {
    for (const raw of ['[]', '[{"email":"a@b.co"}]', '"a@b.co"', '42', 'true', 'null'])
      expectError(await app.call('POST', '/users/login', { raw }), 400, 'Request body must be a JSON object');
    expectError(
      await app.call('PUT', '/users/profile', { raw: '["city"]', token: users.customer.token }),
      400,
      'Request body must be a JSON object',
    );
  });

  it('a 10 MB body is 413', async () => {
    const raw = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(10 * 1024 * 1024) });
    expectError(await app.call('POST', '/users/login', { raw }), 413, MSG.payloadTooLarge);
    expectError(
      await app.call('PUT', '/users/profile', { raw, token: users.customer.token }),
      413,
      MSG.payloadTooLarge,
    );
    // The server is still fine afterwards.
    expect((await app.call('GET', '/users/info', { token: users.customer.token })).status).toBe(200);
  });

  it('a body that is not JSON is 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/html',
    ])
      expectError(
        await app.call('POST', '/users/login', { raw: 'email=a@b.co', headers: { 'content-type': type } }),
        415,
        UNSUPPORTED,
      );
    expectError(
      await app.call('POST', '/admin/brands', {
        raw: 'name=x',
        headers: { 'content-type': 'text/plain' },
        token: users.global_admin.token,
      }),
      415,
      UNSUPPORTED,
    );
  });

  it('a JSON body with a charset is accepted', async () => {
    const res = await app.call('POST', '/users/login', {
      raw: JSON.stringify({ email: users.atk.email, password: hashPassword('Wrong!2345') }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expectError(res, 400, MSG.invalidCredentials);
  });
});

describe('unknown paths', () => {
  it('answer a 404 envelope, with or without a token', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/users/nope'],
      ['DELETE', '/users/info'],
      ['PATCH', '/admin/brands'],
      ['GET', '/api/v2/anything'],
      ['GET', '/api/'],
    ]) {
      const opts: CallOptions = method === 'GET' || method === 'DELETE' ? {} : { body: {} };
      expectError(await app.call(method, path, opts), 404, MSG.routeNotFound);
      expectError(await app.call(method, path, { ...opts, token: users.customer.token }), 404, MSG.routeNotFound);
    }
  });
});

describe('bad URLs', () => {
  it('a broken percent-encoding is a 400 envelope', async () => {
    expectError(await app.call('GET', '/invitations/%E0%A4%A'), 400, 'Request URL is not valid');
    expectError(
      await app.call('GET', '/admin/brands/%C0', { token: users.global_admin.token }),
      400,
      'Request URL is not valid',
    );
  });

  it('an over-long path parameter is a 414 envelope', async () => {
    // (A GET of it can fall through to the console's wildcard route when a console is built: then it is a 404.)
    expectError(
      await app.call('PUT', `/admin/brands/${'a'.repeat(200)}`, { token: users.global_admin.token, body: {} }),
      414,
      'Request URL is too long',
    );
  });
});

describe('tokens', () => {
  it('a missing, malformed or forged token is 401', async () => {
    expectError(await app.call('GET', '/users/info'), 401, MSG.unauthorized);
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Token abc'])
      expectError(await app.call('GET', '/users/info', { headers: { authorization } }), 401, MSG.unauthorized);
    expectError(await app.call('GET', '/users/info', { token: 'forged-token-value' }), 401, MSG.tokenInvalid);
    // A real token with one character changed.
    const token = users.customer.token;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expectError(await app.call('GET', '/users/info', { token: tampered }), 401, MSG.tokenInvalid);
  });

  it('an expired token is 401', async () => {
    const user = await makeUser(app, 'customer');
    expect((await app.call('GET', '/users/info', { token: user.token })).status).toBe(200);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expectError(await app.call('GET', '/users/info', { token: user.token }), 401, MSG.tokenInvalid);
    expectError(await app.call('GET', '/brands', { token: user.token }), 401, MSG.tokenInvalid);
  });

  it("a deleted user's token is 401", async () => {
    const user = await makeUser(app, 'global_admin');
    await app.db.update(usersTable).set({ isDeleted: true }).where(eq(usersTable.id, user.id));
    expectError(await app.call('GET', '/admin/brands', { token: user.token }), 401, MSG.tokenInvalid);
  });

  it('a token is checked before the role and before the body', async () => {
    expectError(await app.call('POST', '/admin/brands', { raw: '{"name":' }), 401, MSG.unauthorized);
    expectError(
      await app.call('POST', '/admin/brands', { raw: '{"name":', token: users.customer.token }),
      403,
      MSG.forbidden,
    );
  });
});

describe('every answer is the envelope', () => {
  it('has exactly code, msg and data, and code is the HTTP status, never 500', async () => {
    const brand = await makeBrand(app.db);
    const admin = users.global_admin.token;
    const customer = users.customer.token;
    const hash = hashPassword('Sweep!2345');
    const requests: [string, string, CallOptions?][] = [
      ['POST', '/users/login', { body: { email: users.atk.email, password: hashPassword('Wrong!2345') } }],
      ['POST', '/users/login', { body: { email: [], password: {} } }],
      ['POST', '/users/register', { body: { email: 'x@y.co', password: 1, password_confirm: null, brand_name: [] } }],
      ['POST', '/users/logout'],
      ['GET', '/users/info', { token: customer }],
      ['PUT', '/users/profile', { token: customer, body: { city: { nested: true } } }],
      ['POST', '/users/update_password', { token: customer, body: { new_password: hash, password_confirm: 'x' } }],
      ['POST', '/users/reset_password', { body: { email: 'a'.repeat(300) } }],
      ['PUT', '/users/reset_password/update', { body: { uuid: randomUUID(), password: hash, password_confirm: hash } }],
      ['GET', '/brands?page_num=-1', { token: customer }],
      ['GET', '/brands?page_size=1e9', { token: customer }],
      ['GET', '/brands?name[]=x', { token: customer }],
      ['GET', '/admin/brands', { token: customer }],
      ['GET', '/admin/brands?is_published=maybe', { token: admin }],
      ['POST', '/admin/brands', { token: admin, body: { name: null } }],
      ['GET', `/admin/brands/${brand.id}`, { token: admin }],
      ['GET', `/admin/brands/${brand.id}'--`, { token: admin }],
      ['PUT', `/admin/brands/${randomUUID()}`, { token: admin, body: {} }],
      ['DELETE', '/admin/brands/%00', { token: admin }],
      ['GET', '/admin/invitations?email=%25%5F', { token: admin }],
      ['POST', '/admin/invitations', { token: admin, body: { email: 'a@b.co', brand_id: randomUUID() } }],
      ['GET', `/invitations/${randomUUID()}`],
      ['GET', '/invitations/%E0%A4%A'],
      ['GET', `/invitations/${'9'.repeat(500)}`],
      ['GET', '/widget/settings/landing_instance'],
      ['GET', '/widget/settings/..%2F..%2Fetc'],
      ['GET', '/admin/roles', { token: users.atk.token }],
      ['GET', '/nothing-here'],
      ['POST', '/users/login', { raw: '{' }],
      ['POST', '/users/login', { raw: 'x', headers: { 'content-type': 'text/plain' } }],
    ];
    for (const [method, path, opts] of requests) {
      const res = await app.call(method, path, opts);
      const seen = {
        request: `${method} ${path}`,
        status: res.status,
        code: res.body.code,
        keys: Object.keys(res.body).sort(),
      };
      expect(seen).toEqual({
        request: `${method} ${path}`,
        status: res.status,
        code: res.status,
        keys: ['code', 'data', 'msg'],
      });
      expect(res.status, `${method} ${path}`).not.toBe(500);
      expect(typeof res.body.msg).toBe('string');
      expect(res.body.msg.length).toBeGreaterThan(0);
      // A refusal carries no data, except a 400's list of refused fields (docs/api.md).
      if (res.status === 400 && res.body.data !== null) {
        expect(res.body.data, `${method} ${path}`).toEqual({ errors: expect.any(Array) });
      } else if (res.status !== 200) {
        expect(res.body.data, `${method} ${path}`).toBeNull();
      }
    }
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/docs/json and lists the API', async () => {
    const res = await fetch(`${app.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; info: { title: string }; paths: Record<string, object> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('ATK Player API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        `${API_BASE}/users/login`,
        `${API_BASE}/users/register`,
        `${API_BASE}/admin/brands/{id}`,
        `${API_BASE}/admin/invitations`,
        `${API_BASE}/invitations/{uuid}`,
        `${API_BASE}/widget/settings/{type}`,
        '/api/v1/atk/mobile/instances/{id}',
        '/api/v1/admin/mobile_instances/sync_products',
      ]),
    );
    expect(Object.keys(doc.paths[`${API_BASE}/users/login`])).toEqual(['post']);
  });
});

describe('the console', () => {
  it('serves its files and client routes without a token, while the API stays closed', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'atk-console-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>ATK console</title>');
    await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log("atk")');
    // A second app on the same database, with a built console to serve.
    const config = { ...loadConfig({}), publicUrl: 'http://portal.test', consoleDist: dist };
    const server = await buildApp({ config, db: app.db, mailer: { send: async () => {} }, logger: false });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const page of ['/', '/index.html', '/client/products', '/login?redirect=%2Fglobal']) {
        const res = await fetch(`${url}${page}`);
        expect([page, res.status, await res.text()]).toEqual([page, 200, '<!doctype html><title>ATK console</title>']);
      }
      const asset = await fetch(`${url}/assets/app-1234.js`);
      expect([asset.status, await asset.text()]).toEqual([200, 'console.log("atk")']);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const api = await fetch(`${url}${API_BASE}/users/info`);
      expect([api.status, await api.json()]).toEqual([401, { code: 401, msg: MSG.unauthorized, data: null }]);
      const missing = await fetch(`${url}${API_BASE}/nope`);
      expect([missing.status, await missing.json()]).toEqual([404, { code: 404, msg: MSG.routeNotFound, data: null }]);
    } finally {
      await server.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
