import {
  type GuideContent,
  type Instance,
  LANDING_SETTINGS,
  type LandingSetting,
  MSG,
  RICH_TEXT_MAX,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GUIDE } from '../../src/modules/settings/guide-default.ts';
import { writeSetting } from '../../src/modules/settings/service.ts';
import { expectAdminOnly, expectError, expectOk, startWithEveryRole, type Users } from '../support/assertions.ts';
import { makeBrand, type TestApp } from '../support/harness.ts';

type Setting = { type: LandingSetting; content: { instance: { _id: string } | null } };

let app: TestApp;
let users: Users;
beforeAll(async () => ({ app, users } = await startWithEveryRole()));
afterAll(() => app.close());

const read = (type: string, token?: string) => app.call<Setting>('GET', `/widget/settings/${type}`, { token });

describe('GET /widget/settings/{type}', () => {
  it('is public and answers no instance by default', async () => {
    for (const type of LANDING_SETTINGS) {
      const res = await read(type);
      expectOk(res);
      expect(res.body).toEqual({ code: 200, msg: MSG.ok, data: { type, content: { instance: null } } });
      // A stale or forged token does not get in the way of a public page.
      expect((await read(type, 'forged-token-value')).body.data).toEqual({ type, content: { instance: null } });
    }
  });

  it('answers the stored instance of each type, independently', async () => {
    const token = users.global_admin.token;
    const brand = await makeBrand(app.db);
    const published = async (name: string) => {
      const res = await app.call<Instance>('POST', '/admin/instances', {
        token,
        body: { general: { name, brand_id: brand.id, is_published: 1 } },
      });
      expectOk(res, MSG.createInstanceSuccess);
      return res.body.data._id;
    };
    const [desktop1, desktop2, mobile1] = [await published('D1'), await published('D2'), await published('M1')];
    const setLanding = (id: string | null) =>
      app.call('PUT', '/admin/settings/landing_instance', {
        token,
        body: { content: { instance: id && { _id: id } } },
      });
    expectOk(await setLanding(desktop1), MSG.updateSuccess);
    expect((await read('landing_instance')).body.data).toEqual({
      type: 'landing_instance',
      content: { instance: { _id: desktop1 } },
    });
    expect((await read('mobile_landing_instance')).body.data.content).toEqual({ instance: null });

    // The mobile setting names a mobile instance (mobile_instances): a brand's instance stored there is not
    // launched by /mobile (the mobile landing's positive case is in test/mobile-widget.test.ts).
    await writeSetting(app.db, 'mobile_landing_instance', { instance: { _id: mobile1 } });
    expectOk(await setLanding(desktop2), MSG.updateSuccess);
    expect((await read('landing_instance')).body.data.content).toEqual({ instance: { _id: desktop2 } });
    const mobile = await read('mobile_landing_instance');
    expectOk(mobile);
    expect(mobile.body.data).toEqual({ type: 'mobile_landing_instance', content: { instance: null } });

    // Cleared again by an operator.
    expectOk(await setLanding(null), MSG.updateSuccess);
    expect((await read('landing_instance')).body.data.content).toEqual({ instance: null });
  });

  it('refuses an unknown type with 400', async () => {
    const msg = 'type must be one of landing_instance, mobile_landing_instance';
    expectError(await read('homepage_instance'), 400, msg);
    expectError(await read('LANDING_INSTANCE'), 400, msg);
  });
});

type Guide = { type: 'guide'; content: GuideContent };
// Rich text as the console's editor writes it (the allow-list itself: content-settings.test.ts).
const GUIDE: GuideContent = {
  content: '<h3>Products</h3><p>Add products.</p>',
  players: '<h3>Players</h3><p>One, <em>two</em>.</p>',
  audio: '<p><strong>Loudness</strong> is matched.</p>',
  integrate: '<p>Paste &lt;atk-player&gt;&lt;/atk-player&gt;.</p>',
};

describe('the client guide (GET /settings/guide, GET/PUT /admin/settings/guide)', () => {
  it('needs a signed-in customer or admin; the atk role gets 403', async () => {
    expectError(await app.call('GET', '/settings/guide'), 401, MSG.unauthorized);
    expectError(await app.call('GET', '/settings/guide', { token: users.atk.token }), 403, MSG.forbidden);
    await expectAdminOnly(app, users, 'GET', '/admin/settings/guide');
    await expectAdminOnly(app, users, 'PUT', '/admin/settings/guide', { content: GUIDE });
  });

  it('answers the built-in guide until an operator saves one, to customers and admins', async () => {
    for (const role of ['customer', 'global_admin', 'super_admin'] as const) {
      const res = await app.call<Guide>('GET', '/settings/guide', { token: users[role].token });
      expectOk(res);
      expect(res.body.data).toEqual({ type: 'guide', content: DEFAULT_GUIDE });
    }
    const admin = await app.call<Guide>('GET', '/admin/settings/guide', { token: users.super_admin.token });
    expect(admin.body.data).toEqual({ type: 'guide', content: DEFAULT_GUIDE });
    // Real text in every tab: audio formats and alignment, the launch element.
    expect(DEFAULT_GUIDE.audio).toMatch(/WAV.*AIFF.*FLAC.*MP3.*M4A.*Ogg/s);
    expect(DEFAULT_GUIDE.audio).toMatch(/aligned/i);
    expect(DEFAULT_GUIDE.audio).toMatch(/LUFS/);
    expect(DEFAULT_GUIDE.integrate).toContain('&lt;atk-player&gt;&lt;/atk-player&gt;');
  });

  it("saves an operator's guide and reads it back everywhere", async () => {
    const put = await app.call<Guide>('PUT', '/admin/settings/guide', {
      token: users.global_admin.token,
      body: { content: GUIDE },
    });
    expectOk(put, MSG.updateSuccess);
    expect(put.body.data).toEqual({ type: 'guide', content: GUIDE });
    expect(
      (await app.call<Guide>('GET', '/settings/guide', { token: users.customer.token })).body.data.content,
    ).toEqual(GUIDE);
    expect(
      (await app.call<Guide>('GET', '/admin/settings/guide', { token: users.global_admin.token })).body.data.content,
    ).toEqual(GUIDE);

    const next = { ...GUIDE, audio: '<p>Only lossless, please.</p>' };
    expectOk(
      await app.call('PUT', '/admin/settings/guide', { token: users.super_admin.token, body: { content: next } }),
      MSG.updateSuccess,
    );
    expect(
      (await app.call<Guide>('GET', '/settings/guide', { token: users.customer.token })).body.data.content,
    ).toEqual(next);
  });

  it('refuses bad content with 400 naming the field, and keeps what was saved', async () => {
    const token = users.global_admin.token;
    const before = (await app.call<Guide>('GET', '/settings/guide', { token })).body.data.content;
    const put = (body: unknown) => app.call('PUT', '/admin/settings/guide', { token, body });
    expectError(await put({}), 400, 'content is required');
    expectError(await put({ content: { ...GUIDE, players: undefined } }), 400, 'content.players must be text');
    expectError(await put({ content: { ...GUIDE, audio: 12 } }), 400, 'content.audio must be text');
    expectError(
      await put({ content: { ...GUIDE, integrate: 'x'.repeat(RICH_TEXT_MAX + 1) } }),
      400,
      `content.integrate must be at most ${RICH_TEXT_MAX} characters`,
    );
    expect((await app.call<Guide>('GET', '/settings/guide', { token })).body.data.content).toEqual(before);
  });
});
