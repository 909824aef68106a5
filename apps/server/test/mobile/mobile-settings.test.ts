/**
 * The mobile widget's settings (docs/api.md "Retailers and mobile settings"): GET/PUT /admin/settings/{mobile_infos|
 * mobile_freq_graph|mobile_menu|mobile_landing_instance}, the atk operator's only, and the public read of the mobile
 * landing instance.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_FREQUENCY_BANDS, DEFAULT_MOBILE_MENU, type FrequencyBands, MOBILE_MENU, MSG } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_LANDING_MSG } from '../../src/modules/settings/service.ts';
import { sanitizeRichText } from '../../src/platform/html.ts';
import { expectError, expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
let users: Users;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  users = await usersOfEveryRole(app);
  token = users.atk.token;
});
afterAll(() => app.close());

type Answer<C> = { type: string; content: C };
const read = <C>(type: string, as = token) => app.call<Answer<C>>('GET', `/admin/settings/${type}`, { token: as });
const write = <C>(type: string, content: unknown, as = token) =>
  app.call<Answer<C>>('PUT', `/admin/settings/${type}`, { token: as, body: { content } });

const INFOS = { listening_tips: '<p>Tips</p>', about_us: '<p>About</p>', faq: '<p>FAQ</p>' };
const BANDS: FrequencyBands = Object.fromEntries(
  Object.entries(DEFAULT_FREQUENCY_BANDS).map(([band, b]) => [band, { ...b, desc: `Mobile ${band}` }]),
) as FrequencyBands;

/** A mobile instance made as the operator makes one (POST /api/v1/admin/mobile_instances). */
async function mobileInstance(name: string, isPublished: 0 | 1) {
  const res = await app.call<{ _id: string }>('POST', '/api/v1/admin/mobile_instances', {
    token,
    body: { general: { name, is_published: isPublished } },
  });
  expectOk(res, MSG.createInstanceSuccess);
  return res.body.data._id;
}
const setPublished = async (id: string, name: string, isPublished: 0 | 1) =>
  expectOk(
    await app.call('PUT', `/api/v1/atk/mobile/instances/${id}`, {
      token,
      body: { general: { name, is_published: isPublished } },
    }),
    MSG.updateSuccess,
  );
const publicLanding = () =>
  app.call<Answer<{ instance: { _id: string } | null }>>('GET', '/widget/settings/mobile_landing_instance');

describe('access', () => {
  it('every mobile setting: 401 without a token, 403 for customers and admins; nothing saved', async () => {
    const bodies = {
      mobile_infos: INFOS,
      mobile_freq_graph: BANDS,
      mobile_menu: ['DEALS'],
      mobile_landing_instance: { instance: null },
    };
    for (const [type, content] of Object.entries(bodies)) {
      for (const method of ['GET', 'PUT']) {
        const body = method === 'PUT' ? { content } : undefined;
        const p = `/admin/settings/${type}`;
        expectError(await app.call(method, p, { body }), 401, MSG.unauthorized);
        for (const role of ['customer', 'global_admin', 'super_admin'] as const)
          expectError(await app.call(method, p, { body, token: users[role].token }), 403, MSG.forbidden);
      }
    }
    expect((await read<string[]>('mobile_menu')).body.data.content).toEqual(DEFAULT_MOBILE_MENU);
  });
});

describe('mobile_infos', () => {
  it('is empty until saved; saves rich text sanitised as the desktop info pages', async () => {
    const fresh = await read('mobile_infos');
    expectOk(fresh);
    expect(fresh.body.data).toEqual({ type: 'mobile_infos', content: { listening_tips: '', about_us: '', faq: '' } });
    const dirty = '<p>Hi <b>there</b></p><script>window.hacked = 1</script><img src=x onerror="window.hacked = 2">';
    const put = await write('mobile_infos', { ...INFOS, faq: dirty });
    expectOk(put, MSG.updateSuccess);
    const saved = { ...INFOS, faq: sanitizeRichText(dirty) };
    expect(saved.faq).not.toMatch(/script|onerror/);
    expect(put.body.data).toEqual({ type: 'mobile_infos', content: saved });
    expect((await read('mobile_infos')).body.data.content).toEqual(saved);
    // The desktop player's info pages are a setting of their own, untouched.
    const desktop = await app.call<Answer<Record<string, string>>>('GET', '/admin/settings/infos', {
      token: users.global_admin.token,
    });
    expect(desktop.body.data.content.faq).toBe('');
  });

  it('refuses a missing page or a body that is not text with 400', async () => {
    expectError(await write('mobile_infos', { ...INFOS, faq: undefined }), 400, 'content.faq must be text');
    expectError(await write('mobile_infos', 'text'), 400, 'content must be a JSON object');
    expectError(await app.call('PUT', '/admin/settings/mobile_infos', { token, body: {} }), 400, 'content is required');
  });
});

describe('mobile_freq_graph', () => {
  it('is the default bands until saved; saves all seven bands, read back', async () => {
    expect((await read('mobile_freq_graph')).body.data).toEqual({
      type: 'mobile_freq_graph',
      content: DEFAULT_FREQUENCY_BANDS,
    });
    const put = await write('mobile_freq_graph', BANDS);
    expectOk(put, MSG.updateSuccess);
    expect(put.body.data.content).toEqual(BANDS);
    expect((await read('mobile_freq_graph')).body.data.content).toEqual(BANDS);
    const desktop = await app.call<Answer<FrequencyBands>>('GET', '/admin/settings/freq_graph', {
      token: users.global_admin.token,
    });
    expect(desktop.body.data.content).toEqual(DEFAULT_FREQUENCY_BANDS);
  });

  it('refuses a band out of order or out of range with 400', async () => {
    expectError(
      await write('mobile_freq_graph', { ...BANDS, low: { min: 300, max: 100, desc: '' } }),
      400,
      `content.low.max ${MSG.frequencyMaxAboveMin}`,
    );
    expectError(
      await write('mobile_freq_graph', { ...BANDS, sub: { min: 0, max: 100, desc: '' } }),
      400,
      `content.sub.min ${MSG.frequencyHzRange}`,
    );
    expectError(await write('mobile_freq_graph', { sub: BANDS.sub }), 400, 'content.low is required');
  });
});

describe('mobile_menu', () => {
  it('is every entry until saved; saves the entries in the order given', async () => {
    expect((await read('mobile_menu')).body.data).toEqual({ type: 'mobile_menu', content: [...MOBILE_MENU] });
    const put = await write('mobile_menu', ['DEALS', 'FREQUENCY GRAPHS']);
    expectOk(put, MSG.updateSuccess);
    expect(put.body.data.content).toEqual(['DEALS', 'FREQUENCY GRAPHS']);
    expect((await read('mobile_menu')).body.data.content).toEqual(['DEALS', 'FREQUENCY GRAPHS']);
    expectOk(await write('mobile_menu', []), MSG.updateSuccess);
    expect((await read('mobile_menu')).body.data.content).toEqual([]);
  });

  it('refuses an unknown or repeated entry with 400', async () => {
    expectError(await write('mobile_menu', ['HOME']), 400, `content.0 must be one of ${MOBILE_MENU.join(', ')}`);
    expectError(await write('mobile_menu', ['DEALS', 'DEALS']), 400, 'content must name each entry once');
    expectError(await write('mobile_menu', 'DEALS'), 400, 'content must be a list of menu entries');
  });
});

describe('mobile_landing_instance', () => {
  it('is none until saved; must name an existing, published mobile instance (400 otherwise)', async () => {
    expect((await read('mobile_landing_instance')).body.data).toEqual({
      type: 'mobile_landing_instance',
      content: { instance: null },
    });
    expect((await publicLanding()).body.data.content.instance).toBeNull();
    expectError(
      await write('mobile_landing_instance', { instance: { _id: randomUUID() } }),
      400,
      MOBILE_LANDING_MSG.unknown,
    );
    const pending = await mobileInstance('Pending mobile', 0);
    expectError(
      await write('mobile_landing_instance', { instance: { _id: pending } }),
      400,
      MOBILE_LANDING_MSG.unpublished,
    );
    // A desktop instance is not a mobile one.
    expectError(
      await write('mobile_landing_instance', { instance: { _id: 'x1' } }),
      400,
      'content.instance._id must be a valid id',
    );
    expectError(await write('mobile_landing_instance', {}), 400, 'content.instance is required');
    expect(
      (await read<{ instance: { _id: string } | null }>('mobile_landing_instance')).body.data.content.instance,
    ).toBeNull();
  });

  it('saves a published one, read back with its name by the operator and by the public widget read', async () => {
    const id = await mobileInstance('Mobile landing', 1);
    const put = await write('mobile_landing_instance', { instance: { _id: id } });
    expectOk(put, MSG.updateSuccess);
    expect(put.body.data).toEqual({
      type: 'mobile_landing_instance',
      content: { instance: { _id: id, name: 'Mobile landing' } },
    });
    expect(
      (await read<{ instance: { _id: string } | null }>('mobile_landing_instance')).body.data.content.instance,
    ).toEqual({
      _id: id,
      name: 'Mobile landing',
    });
    const pub = await publicLanding();
    expectOk(pub);
    expect(pub.body.data).toEqual({ type: 'mobile_landing_instance', content: { instance: { _id: id } } });
    // The desktop landing setting is another one.
    const desktop = await app.call<Answer<{ instance: unknown }>>('GET', '/widget/settings/landing_instance');
    expect(desktop.body.data.content.instance).toBeNull();
    // Unpublished later: the widget reads none, the operator still sees the choice.
    await setPublished(id, 'Mobile landing', 0);
    expect((await publicLanding()).body.data.content.instance).toBeNull();
    expect(
      (await read<{ instance: { _id: string } | null }>('mobile_landing_instance')).body.data.content.instance?._id,
    ).toBe(id);
    await setPublished(id, 'Mobile landing', 1);
    expect((await publicLanding()).body.data.content.instance).toEqual({ _id: id });
    // Cleared with null.
    expectOk(await write('mobile_landing_instance', { instance: null }), MSG.updateSuccess);
    expect((await publicLanding()).body.data.content.instance).toBeNull();
  });
});
