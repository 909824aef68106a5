/**
 * Retailers (docs/api.md "Retailers and mobile settings"): the atk operator's list, "Add", save and
 * delete under /api/v1/admin/retailers, and the logo's signed upload with its 2 MB limit.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_MAX_BYTES, type ListData, MSG, type Retailer } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETAILER_MSG } from '../../src/modules/retailers/service.ts';
import { expectError, expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { startTestApp, type TestApp } from '../support/harness.ts';
import { FILES } from '../support/uploads.ts';

let app: TestApp;
let dataDir: string;
let users: Users;
let token: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atk-retailers-'));
  app = await startTestApp({ dataDir });
  users = await usersOfEveryRole(app);
  token = users.atk.token;
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const BASE = '/api/v1/admin/retailers';
interface Presigned {
  presigned_url: string;
  url: string;
  key: string;
  headers: Record<string, string>;
}

const list = (query = '', as = token) => app.call<ListData<Retailer>>('GET', `${BASE}${query}`, { token: as });
const save = (id: string, body: unknown, as = token) => app.call<Retailer>('PUT', `${BASE}/${id}`, { token: as, body });
async function add(): Promise<Retailer> {
  const res = await app.call<Retailer>('POST', BASE, { token, body: {} });
  expectOk(res, MSG.createSuccess);
  return res.body.data;
}
async function named(name: string, status: '0' | '1' = '1'): Promise<Retailer> {
  const r = await add();
  const res = await save(r._id, { name, status });
  expectOk(res, MSG.saveRetailerSuccess);
  return res.body.data;
}

/** The console's logo upload: a signed link for a key of this retailer, then the PUT of the file to it. */
async function upload(retailerId: string, file: Buffer, ext = 'png') {
  const link = await app.call<Presigned>('POST', '/api/v1/admin/aws/presigned', {
    token,
    body: { key: `images/origin/retailers/${retailerId}_${Date.now()}.${ext}` },
  });
  expectOk(link);
  const put = await fetch(link.body.data.presigned_url.replace('http://portal.test', app.url), {
    method: 'PUT',
    headers: link.body.data.headers,
    body: file,
  });
  return { link: link.body.data, put };
}
const image = (p: Presigned) => ({ url: p.url, key: p.key, createdAt: new Date().toISOString() });

describe('access', () => {
  it('every retailer path: 401 without a token, 403 for customers and admins (atk only)', async () => {
    const r = await add();
    const paths: [string, string, unknown][] = [
      ['GET', BASE, undefined],
      ['POST', BASE, {}],
      ['PUT', `${BASE}/${r._id}`, { name: 'Hijack', status: '1' }],
      ['DELETE', `${BASE}/${r._id}`, undefined],
    ];
    for (const [method, p, body] of paths) {
      expectError(await app.call(method, p, { body }), 401, MSG.unauthorized);
      for (const role of ['customer', 'global_admin', 'super_admin'] as const)
        expectError(await app.call(method, p, { body, token: users[role].token }), 403, MSG.forbidden);
    }
    // Nothing of the refused calls took effect.
    const found = (await list('?page_size=100')).body.data.list.find((x) => x._id === r._id);
    expect(found?.name).toBe('');
  });
});

describe('POST /admin/retailers', () => {
  it('makes an empty, Inactive retailer, listed first', async () => {
    const r = await add();
    expect(r).toMatchObject({ name: '', status: '0', retailer_image: null, website: null });
    expect((await list()).body.data.list[0]._id).toBe(r._id);
  });

  it('refuses a body with fields with 400', async () => {
    const res = await app.call('POST', BASE, { token, body: { name: 'x' } });
    expect(res.status).toBe(400);
  });
});

describe('GET /admin/retailers', () => {
  it('searches by name, filters by status, pages, newest change first', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await named(`Alpha ${tag}`, '1');
    const b = await named(`Beta ${tag}`, '0');
    const c = await named(`alphabet ${tag}`, '1');
    const all = await list(`?page_num=1&page_size=10&name=${tag}`);
    expectOk(all);
    expect(all.body.data.total_num).toBe(3);
    expect(all.body.data.list.map((r) => r._id)).toEqual([c._id, b._id, a._id]);
    // Saving moves a retailer to the top.
    expectOk(await save(a._id, { name: `Alpha ${tag}`, status: '1' }), MSG.saveRetailerSuccess);
    expect((await list(`?name=${tag}`)).body.data.list[0]._id).toBe(a._id);
    const alpha = await list(`?name=ALPHA ${tag}`);
    expect(alpha.body.data.list.map((r) => r.name).sort()).toEqual([`Alpha ${tag}`]);
    const active = await list(`?name=${tag}&status=1`);
    expect(active.body.data.list.map((r) => r._id).sort()).toEqual([a._id, c._id].sort());
    const inactive = await list(`?name=${tag}&status=0`);
    expect(inactive.body.data.list.map((r) => r._id)).toEqual([b._id]);
    const page2 = await list(`?name=${tag}&page_num=2&page_size=2`);
    expect(page2.body.data).toMatchObject({ total_num: 3 });
    expect(page2.body.data.list).toHaveLength(1);
    // `%` and `_` are searched as themselves.
    expect((await list('?name=%25')).body.data.total_num).toBe(0);
  });

  it('refuses malformed filters with 400', async () => {
    expectError(await list('?status=2'), 400, "status must be '1' (Active) or '0' (Inactive)");
    expectError(await list('?page_num=abc'), 400, 'page_num must be a number');
  });
});

describe('PUT /admin/retailers/{id}', () => {
  it('saves name, status and website, read back in the list', async () => {
    const r = await add();
    const res = await save(r._id, { name: '  Hifi Shop  ', status: '1', website: 'https://hifi.example/deals' });
    expectOk(res, MSG.saveRetailerSuccess);
    expect(res.body.data).toMatchObject({ name: 'Hifi Shop', status: '1', website: 'https://hifi.example/deals' });
    // Leaving the website out keeps it; null clears it.
    expect((await save(r._id, { name: 'Hifi Shop', status: '0' })).body.data.website).toBe(
      'https://hifi.example/deals',
    );
    expect((await save(r._id, { name: 'Hifi Shop', status: '0', website: null })).body.data.website).toBeNull();
    const listed = (await list('?name=Hifi Shop')).body.data.list.find((x) => x._id === r._id);
    expect(listed).toMatchObject({ name: 'Hifi Shop', status: '0', website: null });
  });

  it('refuses bad input with 400 naming the field, and an unknown id with 404', async () => {
    const r = await add();
    expectError(await save(r._id, { status: '1' }), 400, 'name is required');
    expectError(await save(r._id, { name: '   ', status: '1' }), 400, 'name is required');
    expectError(
      await save(r._id, { name: 'x', status: 'active' }),
      400,
      "status must be '1' (Active) or '0' (Inactive)",
    );
    expectError(
      await save(r._id, { name: 'x', status: '1', website: 'javascript:alert(1)' }),
      400,
      'website must be a web address (http:// or https://)',
    );
    expectError(await save('nope', { name: 'x', status: '1' }), 400, 'id must be a valid id');
    expectError(await save(randomUUID(), { name: 'x', status: '1' }), 404, RETAILER_MSG.notFound);
  });

  it('keeps a logo uploaded for this retailer, at its storage address', async () => {
    const r = await add();
    const { link, put } = await upload(r._id, FILES.png);
    expect(put.status).toBe(200);
    const res = await save(r._id, { name: 'Logo', status: '1', retailer_image: image(link) });
    expectOk(res, MSG.saveRetailerSuccess);
    expect(res.body.data.retailer_image).toMatchObject({ url: `http://portal.test/files/${link.key}`, key: link.key });
    const got = await fetch(link.url.replace('http://portal.test', app.url));
    expect(Buffer.from(await got.arrayBuffer()).equals(FILES.png)).toBe(true);
    // Leaving the image out keeps it; null removes it.
    expect((await save(r._id, { name: 'Logo', status: '1' })).body.data.retailer_image?.key).toBe(link.key);
    expect(
      (await save(r._id, { name: 'Logo', status: '1', retailer_image: null })).body.data.retailer_image,
    ).toBeNull();
  });

  it("refuses another retailer's key, a foreign url, and a file never uploaded", async () => {
    const r = await add();
    const other = await add();
    const { link } = await upload(other._id, FILES.png);
    expectError(await save(r._id, { name: 'x', status: '1', retailer_image: image(link) }), 400, RETAILER_MSG.imageKey);
    const own = (await upload(r._id, FILES.png)).link;
    expectError(
      await save(r._id, {
        name: 'x',
        status: '1',
        retailer_image: { ...image(own), url: 'https://evil.example/x.png' },
      }),
      400,
      RETAILER_MSG.imageUrl,
    );
    const never = `images/origin/retailers/${r._id}_${Date.now() + 5}.png`;
    expectError(
      await save(r._id, {
        name: 'x',
        status: '1',
        retailer_image: { url: `http://portal.test/files/${never}`, key: never, createdAt: '' },
      }),
      400,
      MSG.uploadMissing,
    );
    expectError(
      await save(r._id, { name: 'x', status: '1', retailer_image: { url: 'ftp://x', key: own.key, createdAt: '' } }),
      400,
      'retailer_image.url must be a web address (http:// or https://)',
    );
    expect((await list('?page_size=100')).body.data.list.find((x) => x._id === r._id)?.retailer_image).toBeNull();
  });

  it('refuses a file that is not an image by its bytes, whatever its name, and removes it', async () => {
    const r = await add();
    const { link, put } = await upload(r._id, Buffer.from('just some text, renamed logo.png\n'));
    expect(put.status).toBe(200);
    expectError(await save(r._id, { name: 'x', status: '1', retailer_image: image(link) }), 400, MSG.notImage);
    expect((await fetch(link.url.replace('http://portal.test', app.url))).status).toBe(404);
    expect((await list('?page_size=100')).body.data.list.find((x) => x._id === r._id)?.retailer_image).toBeNull();
    // A real image under a name of another kind is an image.
    const jpeg = (await upload(r._id, FILES.png, 'jpg')).link;
    expectOk(await save(r._id, { name: 'x', status: '1', retailer_image: image(jpeg) }), MSG.saveRetailerSuccess);
  });

  it('refuses a logo over 2 MB at the upload itself (the signed PUT answers 413, nothing is stored)', async () => {
    const r = await add();
    const big = Buffer.concat([FILES.png, Buffer.alloc(IMAGE_MAX_BYTES + 1 - FILES.png.length, 1)]);
    const { link, put } = await upload(r._id, big);
    expect(put.status).toBe(413);
    expect(((await put.json()) as { msg: string }).msg).toBe(MSG.pictureTooLarge);
    expect((await fetch(link.url.replace('http://portal.test', app.url))).status).toBe(404);
    expectError(await save(r._id, { name: 'x', status: '1', retailer_image: image(link) }), 400, MSG.uploadMissing);
    // Exactly 2 MB is accepted.
    const max = (await upload(r._id, big.subarray(0, IMAGE_MAX_BYTES))).link;
    expectOk(await save(r._id, { name: 'x', status: '1', retailer_image: image(max) }), MSG.saveRetailerSuccess);
  });
});

describe('DELETE /admin/retailers/{id}', () => {
  it('soft-deletes: gone from the list, then 404 for every path', async () => {
    const r = await named(`Gone ${randomUUID().slice(0, 8)}`);
    expectOk(await app.call('DELETE', `${BASE}/${r._id}`, { token }), MSG.deleteSuccess);
    expect((await list(`?name=${r.name}`)).body.data.total_num).toBe(0);
    // not even when asked for deleted ones
    expect((await list(`?name=${r.name}&is_deleted=true`)).body.data.total_num).toBe(0);
    expectError(await app.call('DELETE', `${BASE}/${r._id}`, { token }), 404, RETAILER_MSG.notFound);
    expectError(await save(r._id, { name: 'Back', status: '1' }), 404, RETAILER_MSG.notFound);
    expectError(await app.call('DELETE', `${BASE}/${randomUUID()}`, { token }), 404, RETAILER_MSG.notFound);
    expectError(await app.call('DELETE', `${BASE}/nope`, { token }), 400, 'id must be a valid id');
  });
});
