/**
 * The signed-in preview of the player read: GET /widget/instances/{id} of a pending instance
 * answers the visitors' 404 to everyone except a user who may edit the instance (its brand's customer, an admin),
 * who gets the read marked `preview: 1`, never cacheable and never remembered. A published instance's read is the
 * same for everyone, token or not, and stays remembered.
 */
import { API_BASE, type Instance, MSG, type PlayerInstance } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeed } from '../../src/db/changes.ts';
import { products } from '../../src/db/schema.ts';
import { playerAnswer } from '../../src/modules/player/cache.ts';
import { expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { until } from '../support/audio.ts';
import { makeBrand, makeUser, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
let users: Users;
let own: { token: string };
let foreign: { token: string };
let brandId: string;
let productId: string;

beforeAll(async () => {
  app = await startTestApp();
  const [brand, other] = await Promise.all([makeBrand(app.db, 'Preview Mics'), makeBrand(app.db, 'Other Audio')]);
  brandId = brand.id;
  users = await usersOfEveryRole(app);
  own = await makeUser(app, 'customer', { brandId: brand.id });
  foreign = await makeUser(app, 'customer', { brandId: other.id });
  const [row] = await app.db
    .insert(products)
    .values({ brandId: brand.id, name: 'Preview Condenser', model: 'PC-1', isPublished: 1 })
    .returning();
  productId = row.id;
  // Answers are remembered only while the change feed is live.
  await until(async () => changeFeed(app.db).live || undefined);
});
afterAll(() => app.close());

/** A new instance of the brand, made by its customer as the console does (pending), with the product active. */
async function pendingInstance(name = 'Preview Shootout'): Promise<string> {
  const made = await app.call<Instance>('POST', '/instances', { token: own.token, body: { general: { name } } });
  expectOk(made, MSG.createInstanceSuccess);
  expect(made.body.data.general.is_published).toBe(0);
  const id = made.body.data._id;
  const products = await app.call('PUT', `/instances/${id}`, {
    token: own.token,
    body: { products: [{ product_id: productId, brand_id: brandId, is_active: 1, order: 1 }], other_products: [] },
  });
  expectOk(products, MSG.updateSuccess);
  return id;
}

async function read(id: string, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${API_BASE}/widget/instances/${id}`, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: text ? (JSON.parse(text) as { code: number; msg: string; data: PlayerInstance | null }) : null,
  };
}

const notAvailable = { code: 404, msg: MSG.instanceNotFound, data: null };

async function setPublished(id: string, name: string, is_published: 0 | 1) {
  expectOk(
    await app.call('PUT', `/instances/${id}`, { token: own.token, body: { general: { name, is_published } } }),
    MSG.updateSuccess,
  );
}

describe('GET /widget/instances/{id} of a pending instance', () => {
  it('is not available to visitors: no token, a forged one, another brand, the atk role', async () => {
    const id = await pendingInstance();
    for (const token of [undefined, 'forged-token-value', foreign.token, users.atk.token]) {
      const res = await read(id, token);
      expect({ status: res.status, body: res.body }, String(token)).toEqual({ status: 404, body: notAvailable });
      // the same answer a visitor gets, CORS included
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it("is previewed by its brand's customer: the read marked preview, not cacheable, not remembered", async () => {
    const id = await pendingInstance('Own Preview');
    const res = await read(id, own.token);
    expect(res.status).toBe(200);
    expect(res.body?.code).toBe(200);
    const data = res.body?.data as PlayerInstance;
    expect(data.preview).toBe(1);
    expect(data._id).toBe(id);
    expect(data.name).toBe('Own Preview');
    expect(data.brand_name).toBe('Preview Mics');
    expect(data.products.map((p) => p.name)).toEqual(['Preview Condenser']);
    expect(data.featured).toEqual([productId]);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/authorization/i);

    // Nothing of it reached the visitors' side: still 404 without a token, and not in the process's memory.
    expect((await read(id)).status).toBe(404);
    await expect(playerAnswer(app.db, id, () => 'read')).rejects.toMatchObject({ code: 404 });

    // Every preview is read afresh: an edit shows at once.
    await setPublished(id, 'Own Preview Renamed', 0);
    expect((await read(id, own.token)).body?.data?.name).toBe('Own Preview Renamed');
  });

  it('is previewed by admins (global and super)', async () => {
    const id = await pendingInstance();
    for (const admin of [users.global_admin, users.super_admin]) {
      const res = await read(id, admin.token);
      expect(res.status).toBe(200);
      expect(res.body?.data?.preview).toBe(1);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('is a 404 for everyone once deleted, and for a malformed id', async () => {
    const id = await pendingInstance();
    expectOk(await app.call('DELETE', `/instances/${id}`, { token: own.token }), MSG.deleteSuccess);
    expect(await read(id, own.token)).toMatchObject({ status: 404, body: notAvailable });
    expect(await read(id, users.global_admin.token)).toMatchObject({ status: 404, body: notAvailable });
    expect(await read('not-a-uuid', own.token)).toMatchObject({ status: 404, body: notAvailable });
  });
});

describe('GET /widget/instances/{id} of a published instance', () => {
  it('answers the same bytes with or without a token, without the preview mark, and stays remembered', async () => {
    const id = await pendingInstance('Published Shootout');
    await setPublished(id, 'Published Shootout', 1);

    const visitor = await read(id);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=60');
    expect(visitor.body?.data).not.toHaveProperty('preview');
    const etag = visitor.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    for (const token of [own.token, users.global_admin.token, foreign.token]) {
      const signedIn = await read(id, token);
      expect(signedIn.status).toBe(200);
      expect(signedIn.text).toBe(visitor.text);
      expect(signedIn.headers.get('etag')).toBe(etag);
      expect(signedIn.headers.get('cache-control')).toBe('public, max-age=60');
      expect((await read(id, token, { 'if-none-match': etag })).status).toBe(304);
    }
    // Answered from the process's memory: the read is not made again.
    const remembered = await playerAnswer(app.db, id, () => {
      throw new Error('read again instead of remembered');
    });
    expect(remembered.etag).toBe(etag);

    // Unpublished again: visitors get the 404 at once, the brand its preview.
    await setPublished(id, 'Published Shootout', 0);
    expect(await read(id)).toMatchObject({ status: 404, body: notAvailable });
    expect((await read(id, own.token)).body?.data?.preview).toBe(1);
  });
});
