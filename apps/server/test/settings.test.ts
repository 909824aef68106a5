import { LANDING_SETTINGS, type LandingSetting, MSG } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSetting } from '../src/modules/settings/service.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { expectError, expectOk } from './support.ts';

type Setting = { type: LandingSetting; content: { instance: { _id: string } | null } };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
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
    await writeSetting(app.db, 'landing_instance', { instance: { _id: 'desktop-instance-1' } });
    expect((await read('landing_instance')).body.data).toEqual({
      type: 'landing_instance',
      content: { instance: { _id: 'desktop-instance-1' } },
    });
    expect((await read('mobile_landing_instance')).body.data.content).toEqual({ instance: null });

    await writeSetting(app.db, 'mobile_landing_instance', { instance: { _id: 'mobile-instance-1' } });
    await writeSetting(app.db, 'landing_instance', { instance: { _id: 'desktop-instance-2' } });
    expect((await read('landing_instance')).body.data.content).toEqual({ instance: { _id: 'desktop-instance-2' } });
    const mobile = await read('mobile_landing_instance');
    expectOk(mobile);
    expect(mobile.body.data).toEqual({
      type: 'mobile_landing_instance',
      content: { instance: { _id: 'mobile-instance-1' } },
    });

    // Cleared again by an operator.
    await writeSetting(app.db, 'landing_instance', { instance: null });
    expect((await read('landing_instance')).body.data.content).toEqual({ instance: null });
  });

  it('refuses an unknown type with 400', async () => {
    const msg = 'type must be one of landing_instance, mobile_landing_instance';
    expectError(await read('homepage_instance'), 400, msg);
    expectError(await read('LANDING_INSTANCE'), 400, msg);
  });
});
