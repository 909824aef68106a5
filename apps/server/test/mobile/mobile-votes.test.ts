/**
 * Listener votes on a mobile instance (docs/api.md "Listener verdicts"): the atk operator's General tab switch
 * (`general.listener_votes`, off by default) is saved and read back, the mobile widget's read carries it, and a blind
 * vote sent by the mobile widget counts only while it is on, at the platform level (widget_type mobile), where the
 * operators' preferences read shows it. Real HTTP against an app with the demo data.
 */
import {
  type MobileInstance,
  type MobilePlayerInstance,
  MSG,
  type Preferences,
  STATISTICS_BASE,
  utcToday,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoApp, startDemoApp } from '../support/demo-app.ts';
import { backdated, launched, sendAs } from '../support/visitors.ts';

let demo: DemoApp;
let mobile: MobilePlayerInstance;
let atk: string;

const json = async <T>(res: Response) => ({ status: res.status, body: (await res.json()) as { msg: string; data: T } });
const call = async <T>(method: string, url: string, token?: string, body?: unknown) =>
  json<T>(
    await fetch(url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
const widgetRead = async () =>
  (await call<MobilePlayerInstance>('GET', `${demo.base}/widget/mobile_instances/${mobile._id}`)).body.data;
const adminRead = async () =>
  (await call<MobileInstance>('GET', `${demo.origin}/api/v1/atk/mobile/instances/${mobile._id}`, atk)).body.data;
const setVotes = (listener_votes: 0 | 1) =>
  call<MobileInstance>('PUT', `${demo.origin}/api/v1/atk/mobile/instances/${mobile._id}`, atk, {
    general: { name: mobile.name, is_published: 1, listener_votes },
  });

beforeAll(async () => {
  demo = await startDemoApp();
  await demo.process();
  const landing = await call<{ content: { instance: { _id: string } } }>(
    'GET',
    `${demo.base}/widget/settings/mobile_landing_instance`,
  );
  mobile = (
    await call<MobilePlayerInstance>(
      'GET',
      `${demo.base}/widget/mobile_instances/${landing.body.data.content.instance._id}`,
    )
  ).body.data;
  atk = await demo.token('atk@demo.atkplayer.com');
}, 120_000);
afterAll(() => demo?.close());

const day = utcToday();
/** A mobile visitor who launched 30 s ago, heard the first two slots 6 s each and voted for the first: accepted votes. */
async function listenAndVote(): Promise<number> {
  const [song] = mobile.songs;
  const [source] = song.sources;
  const [a, b] = mobile.slots;
  const target = { instance_id: mobile._id, song_id: song._id, source_id: source._id };
  const v = await launched(demo.origin, mobile._id, { widget: 'mobile' });
  const sent = await sendAs(
    v,
    [
      { type: 'listen', product_id: a, seconds: 6, ...target },
      { type: 'listen', product_id: b, seconds: 6, ...target },
      { type: 'vote', ...target, products: [a, b], product_id: a, heard: [6, 6], level_matched: true },
    ],
    backdated(v, 30),
  );
  expect(sent.status).toBe(200);
  return sent.accepted - 2;
}
const preferences = async () =>
  (
    await call<Preferences>(
      'GET',
      `${demo.origin}${STATISTICS_BASE}/admin/statistics/preferences?start=${day}&end=${day}&widget_type=mobile&instance_id=${mobile._id}`,
      atk,
    )
  ).body.data;

describe('mobile listener votes', () => {
  it('are off by default: the read carries 0 and a vote is dropped', async () => {
    expect(mobile.slots.length).toBeGreaterThanOrEqual(2);
    expect(mobile.listener_votes).toBe(0);
    expect((await adminRead()).general.listener_votes).toBe(0);
    expect(await listenAndVote()).toBe(0);
    expect((await preferences()).votes).toBe(0);
  });

  it('switched on by the atk operator, the setting is read back, the widget reads 1 and a vote counts', async () => {
    const saved = await setVotes(1);
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe(MSG.updateSuccess);
    expect(saved.body.data.general).toMatchObject({ is_published: 1, listener_votes: 1 });
    expect((await adminRead()).general.listener_votes).toBe(1);
    expect((await widgetRead()).listener_votes).toBe(1);
    expect(await listenAndVote()).toBe(1);
    const p = await preferences();
    expect(p.votes).toBe(1);
    expect(p.no_preference).toBe(0);
    const byId = new Map(p.products.map((x) => [x.product_id, x]));
    expect(byId.get(mobile.slots[0])).toMatchObject({ votes: 1, wins: 1 });
    expect(byId.get(mobile.slots[1])).toMatchObject({ votes: 1, wins: 0 });
    expect(p.pairs).toHaveLength(1);
    // All the mobile instances together show it too.
    const all = await call<Preferences>(
      'GET',
      `${demo.origin}${STATISTICS_BASE}/admin/statistics/preferences?start=${day}&end=${day}&widget_type=mobile`,
      atk,
    );
    expect(all.body.data.votes).toBe(1);
  });

  it('switched off again, a vote is dropped', async () => {
    expect((await setVotes(0)).body.data.general.listener_votes).toBe(0);
    expect((await widgetRead()).listener_votes).toBe(0);
    expect(await listenAndVote()).toBe(0);
    expect((await preferences()).votes).toBe(1);
  });
});
