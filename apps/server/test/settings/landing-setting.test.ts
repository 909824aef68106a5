/**
 * The landing page's instance (docs/api.md "Client guide and the player's public read"): operators choose it; the
 * landing pages read it.
 */
import { randomUUID } from 'node:crypto';
import { type Instance, MSG } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminOnly, expectError, expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { makeBrand, startTestApp, type TestApp } from '../support/harness.ts';

type AdminLanding = {
  type: 'landing_instance';
  content: { instance: { _id: string; name: string; brand_name: string } | null };
};
type PublicLanding = { type: 'landing_instance'; content: { instance: { _id: string } | null } };

let app: TestApp;
let users: Users;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  users = await usersOfEveryRole(app);
  token = users.global_admin.token;
});
afterAll(() => app.close());

const PATH = '/admin/settings/landing_instance';
const put = (body: unknown, as = token) => app.call<AdminLanding>('PUT', PATH, { token: as, body });
const choose = (id: string | null, as = token) => put({ content: { instance: id === null ? null : { _id: id } } }, as);
const adminRead = () => app.call<AdminLanding>('GET', PATH, { token });
const publicRead = () => app.call<PublicLanding>('GET', '/widget/settings/landing_instance');

async function newInstance(brandId: string, name: string, isPublished: 0 | 1) {
  const res = await app.call<Instance>('POST', '/admin/instances', {
    token,
    body: { general: { name, brand_id: brandId, is_published: isPublished } },
  });
  expectOk(res, MSG.createInstanceSuccess);
  return res.body.data._id;
}

const setPublished = async (id: string, name: string, isPublished: 0 | 1) =>
  expectOk(
    await app.call('PUT', `/admin/instances/${id}`, { token, body: { general: { name, is_published: isPublished } } }),
    MSG.updateSuccess,
  );

describe('GET/PUT /admin/settings/landing_instance', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(app, users, 'GET', PATH);
    const brand = await makeBrand(app.db);
    await expectAdminOnly(app, users, 'PUT', PATH, {
      content: { instance: { _id: await newInstance(brand.id, 'Any', 1) } },
    });
    expect((await adminRead()).body.data.content.instance).toBeNull();
  });

  it('refuses an unknown or deleted instance with 404, a pending one and a malformed body with 400', async () => {
    const brand = await makeBrand(app.db);
    expectError(await choose(randomUUID()), 404, MSG.instanceNotFound);
    const pending = await newInstance(brand.id, 'Pending', 0);
    expectError(await choose(pending), 400, MSG.landingInstanceNotPublished);
    const deleted = await newInstance(brand.id, 'Deleted', 1);
    expectOk(await app.call('DELETE', `/admin/instances/${deleted}`, { token }), MSG.deleteSuccess);
    expectError(await choose(deleted), 404, MSG.instanceNotFound);
    expectError(await put({}), 400, 'content is required');
    expectError(await put({ content: {} }), 400, 'content.instance is required');
    expectError(await put({ content: { instance: { _id: 'x1' } } }), 400, 'content.instance._id must be a valid id');
    expectError(await put({ content: { instance: 'x1' } }), 400, 'content.instance must be a JSON object');
    expect((await adminRead()).body.data.content.instance).toBeNull();
  });

  it('refuses an unknown setting type with 400', async () => {
    const msg =
      "Unknown setting type 'homepage': type must be one of guide, infos, freq_graph, landing_instance, mobile_infos, mobile_freq_graph, mobile_menu, mobile_landing_instance";
    expectError(await app.call('GET', '/admin/settings/homepage', { token }), 400, msg);
    expectError(await app.call('PUT', '/admin/settings/homepage', { token, body: { content: {} } }), 400, msg);
    expectError(await app.call('GET', '/admin/settings/homepage'), 401, MSG.unauthorized);
  });

  it('saves a published instance, read back by operators with its names and by the landing pages', async () => {
    const brand = await makeBrand(app.db);
    const id = await newInstance(brand.id, 'Landing Player', 1);
    const res = await choose(id);
    expectOk(res, MSG.updateSuccess);
    const chosen = { _id: id, name: 'Landing Player', brand_name: brand.name };
    expect(res.body.data).toEqual({ type: 'landing_instance', content: { instance: chosen } });
    expect((await adminRead()).body.data).toEqual({ type: 'landing_instance', content: { instance: chosen } });
    const pub = await publicRead();
    expectOk(pub);
    expect(pub.body.data).toEqual({ type: 'landing_instance', content: { instance: { _id: id } } });

    // Renamed: the names follow the instance.
    await setPublished(id, 'Landing Player 2', 1);
    expect((await adminRead()).body.data.content.instance?.name).toBe('Landing Player 2');

    // Cleared.
    expectOk(await choose(null), MSG.updateSuccess);
    expect((await adminRead()).body.data.content.instance).toBeNull();
    expect((await publicRead()).body.data.content.instance).toBeNull();
  });

  it('the landing pages read none while the instance is unpublished, deleted or its brand deleted', async () => {
    const brand = await makeBrand(app.db);
    const id = await newInstance(brand.id, 'Landing', 1);
    expectOk(await choose(id), MSG.updateSuccess);

    await setPublished(id, 'Landing', 0);
    expect((await publicRead()).body.data.content.instance).toBeNull();
    // The operator still sees the choice (to change it).
    expect((await adminRead()).body.data.content.instance?._id).toBe(id);
    await setPublished(id, 'Landing', 1);
    expect((await publicRead()).body.data.content.instance).toEqual({ _id: id });

    expectOk(await app.call('DELETE', `/admin/brands/${brand.id}`, { token }), MSG.deleteSuccess);
    expect((await publicRead()).body.data.content.instance).toBeNull();

    const other = await makeBrand(app.db);
    const kept = await newInstance(other.id, 'Kept', 1);
    expectOk(await choose(kept), MSG.updateSuccess);
    expectOk(await app.call('DELETE', `/admin/instances/${kept}`, { token }), MSG.deleteSuccess);
    expect((await publicRead()).body.data.content.instance).toBeNull();
    expect((await adminRead()).body.data.content.instance).toBeNull();
  });
});
