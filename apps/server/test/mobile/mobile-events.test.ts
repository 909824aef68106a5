/**
 * The mobile widget's events (POST /widget/events with widget_type 'mobile'): they name a published mobile
 * instance; each is counted for its product's brand (a launch, naming no product, for the nil brand), so a brand's
 * product statistics with widget_type=mobile show them. Real HTTP against an app with the demo data, on PGlite and
 * PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import {
  type DayPoint,
  type MobilePlayerInstance,
  type PlayerEvents,
  retailerEndpoints,
  STATISTICS_BASE,
  utcToday,
} from '@atk/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ID, playerEvents } from '../../src/db/schema.ts';
import { type DemoApp, startDemoApp } from '../support/demo-app.ts';
import { backdated } from '../support/visitors.ts';

let demo: DemoApp;
let mobile: MobilePlayerInstance;
let desktopId: string;
let brandId: string;
let atk: string;

const json = async <T>(res: Response) => ({ status: res.status, body: (await res.json()) as { msg: string; data: T } });
const get = async <T>(p: string, token?: string) =>
  json<T>(await fetch(`${demo.base}${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
const post = async (batch: unknown) =>
  json<{ accepted: number; token: string | null }>(
    await fetch(`${demo.base}/widget/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    }),
  );

beforeAll(async () => {
  demo = await startDemoApp();
  await demo.process();
  const landing = await get<{ content: { instance: { _id: string } } }>('/widget/settings/mobile_landing_instance');
  mobile = (await get<MobilePlayerInstance>(`/widget/mobile_instances/${landing.body.data.content.instance._id}`)).body
    .data;
  desktopId = (await get<{ content: { instance: { _id: string } } }>('/widget/settings/landing_instance')).body.data
    .content.instance._id;
  const admin = await demo.token('global@demo.atkplayer.com');
  const brands = await get<{ list: { _id: string; name: string }[] }>('/admin/brands?name=Demo%20Audio', admin);
  brandId = brands.body.data.list.find((b) => b.name === 'Demo Audio')?._id as string;
  atk = await demo.token('atk@demo.atkplayer.com');
}, 120_000);
afterAll(() => demo?.close());

const day = utcToday();
const statistics = (kind: 'play' | 'listening_time', widget: string) =>
  fetch(
    `${demo.origin}${STATISTICS_BASE}/admin/statistics/product/${kind}?start=${day}&end=${day}&brand_id=${brandId}&widget_type=${widget}`,
    { headers: { authorization: `Bearer ${atk}` } },
  ).then((res) => json<{ series: DayPoint[]; total_num: number }>(res));

describe('mobile events', () => {
  it("are stored with the product's brand (a launch with the nil brand) and counted in the mobile product statistics", async () => {
    expect(brandId).toBeTruthy();
    const visitor = randomUUID();
    const [song] = mobile.songs;
    const [source] = song.sources;
    const [p1, p2] = mobile.slots;
    const target = { instance_id: mobile._id, song_id: song._id, source_id: source._id };
    const launch = await post({
      visitor_id: visitor,
      widget_type: 'mobile',
      page_url: 'https://example.com/mobile',
      events: [{ type: 'launch', instance_id: mobile._id }],
    });
    expect(launch.body.data).toEqual({ accepted: 1, token: expect.any(String) });
    // The next batch carries the launch's token (as it was a minute later, so 12.5 s of listening fit).
    const batch: PlayerEvents = {
      privacy: 'standard',
      visitor_id: visitor,
      widget_type: 'mobile',
      token: backdated({ widget: 'mobile', instance: mobile._id, visitor }, 60),
      events: [
        { type: 'play', product_id: p1, ...target },
        { type: 'play', product_id: p2, ...target },
        { type: 'listen', product_id: p1, seconds: 12.5, ...target },
      ],
    };
    const res = await post(batch);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ accepted: 3, token: expect.any(String) });

    const rows = await demo.database.db
      .select()
      .from(playerEvents)
      .where(eq(playerEvents.visitorId, visitor))
      .orderBy(asc(playerEvents.type));
    expect(rows.map((r) => [r.type, r.brandId, r.widgetType])).toEqual([
      ['launch', NO_ID, 'mobile'],
      ['listen', brandId, 'mobile'],
      ['play', brandId, 'mobile'],
      ['play', brandId, 'mobile'],
    ]);

    const plays = await statistics('play', 'mobile');
    expect(plays.status).toBe(200);
    expect(plays.body.data.total_num).toBe(2);
    expect((await statistics('listening_time', 'mobile')).body.data.total_num).toBe(12.5);
    // Not counted as the desktop player's.
    expect((await statistics('play', 'desktop')).body.data.total_num).toBe(0);
  });

  it('drops events naming a desktop instance, a product or source the mobile instance does not offer', async () => {
    const [song] = mobile.songs;
    const [source] = song.sources;
    const target = { song_id: song._id, source_id: source._id };
    const events = (instance: string, product = mobile.slots[0]) => [
      { type: 'play' as const, instance_id: instance, product_id: product, ...target },
    ];
    // Each with a valid token for its visitor and instance: dropped for what they name.
    const batch = (widget: 'mobile' | 'desktop', list: PlayerEvents['events']) => {
      const visitor = randomUUID();
      const token = backdated({ widget, instance: list[0].instance_id, visitor }, 60);
      return { visitor_id: visitor, widget_type: widget, token, events: list };
    };
    const none = { accepted: 0, token: expect.any(String) };
    // A mobile batch naming a brand's instance, and a desktop batch naming the mobile instance.
    expect((await post(batch('mobile', events(desktopId)))).body.data).toEqual({ accepted: 0, token: null });
    expect((await post(batch('desktop', events(mobile._id)))).body.data).toEqual({ accepted: 0, token: null });
    // Unknown instance, product and source.
    expect((await post(batch('mobile', events(randomUUID())))).body.data).toEqual({ accepted: 0, token: null });
    expect((await post(batch('mobile', events(mobile._id, randomUUID())))).body.data).toEqual(none);
    expect(
      (
        await post(
          batch('mobile', [
            {
              type: 'play',
              instance_id: mobile._id,
              product_id: mobile.slots[0],
              song_id: song._id,
              source_id: randomUUID(),
            },
          ]),
        )
      ).body.data,
    ).toEqual(none);
    // The desktop player's own events still count for its instance's brand.
    expect((await post(batch('desktop', [{ type: 'launch', instance_id: desktopId }]))).body.data).toEqual({
      accepted: 1,
      token: expect.any(String),
    });
  });

  it('sees at once that the mobile instance was unpublished (its remembered scope is dropped) and republished', async () => {
    const launch = () =>
      post({ visitor_id: randomUUID(), widget_type: 'mobile', events: [{ type: 'launch', instance_id: mobile._id }] });
    const instance = `${demo.origin}${STATISTICS_BASE}/mobile/instances/${mobile._id}`;
    const headers = { authorization: `Bearer ${atk}`, 'content-type': 'application/json' };
    const { general } = (await json<{ general: { name: string } }>(await fetch(instance, { headers }))).body.data;
    const publish = async (is_published: 0 | 1) => {
      const body = JSON.stringify({ general: { name: general.name, is_published } });
      expect((await fetch(instance, { method: 'PUT', headers, body })).status).toBe(200);
    };
    // Twice: the second batch is checked against the scope this process remembers.
    const one = { accepted: 1, token: expect.any(String) };
    expect((await launch()).body.data).toEqual(one);
    expect((await launch()).body.data).toEqual(one);
    await publish(0);
    try {
      expect((await launch()).body.data).toEqual({ accepted: 0, token: null });
    } finally {
      await publish(1);
    }
    expect((await launch()).body.data).toEqual(one);
  });

  it("counts a DEALS retailer's buy click for its product's brand, in the mobile figures", async () => {
    const as = { authorization: `Bearer ${atk}`, 'content-type': 'application/json' };
    const made = await json<{ _id: string }>(
      await fetch(`${demo.origin}${retailerEndpoints.create.path}`, { method: 'POST', headers: as, body: '{}' }),
    );
    const retailer = made.body.data._id;
    const saved = await fetch(`${demo.origin}${retailerEndpoints.save.path.replace(':id', retailer)}`, {
      method: 'PUT',
      headers: as,
      body: JSON.stringify({ name: 'Deals Shop', status: '1' }),
    });
    expect(saved.status).toBe(200);
    const visitor = randomUUID();
    const click = { type: 'buy_click', instance_id: mobile._id, product_id: mobile.slots[0] };
    const res = await post({
      visitor_id: visitor,
      widget_type: 'mobile',
      token: backdated({ widget: 'mobile', instance: mobile._id, visitor }, 60),
      events: [
        { ...click, retailer_id: retailer, currency: 'EUR' },
        { ...click, retailer_id: randomUUID() },
      ],
    });
    expect(res.body.data).toEqual({ accepted: 1, token: expect.any(String) });
    // Read by an operator (the atk operator reads no per-product totals), of the product's brand.
    const admin = await demo.token('global@demo.atkplayer.com');
    const read = async (widget: string) => {
      const r = await fetch(
        `${demo.origin}${STATISTICS_BASE}/admin/statistics/products?start=${day}&end=${day}&brand_id=${brandId}&widget_type=${widget}`,
        { headers: { authorization: `Bearer ${admin}` } },
      ).then((x) => json<{ list: { product_id: string; clicks: number }[] }>(x));
      expect(r.status).toBe(200);
      return r.body.data.list.find((p) => p.product_id === mobile.slots[0])?.clicks ?? 0;
    };
    expect(await read('mobile')).toBe(1);
    expect(await read('desktop')).toBe(0);
  });

  it('refuses an unknown widget type with 400', async () => {
    const res = await post({
      visitor_id: randomUUID(),
      widget_type: 'tablet',
      events: [{ type: 'launch', instance_id: mobile._id }],
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('widget_type must be one of desktop, mobile');
  });
});
