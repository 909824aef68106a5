/**
 * The statistics API under /api/v1/atk (docs/api.md "Statistics"): who may read what, the range rules, and numbers
 * that come through the product: the player's events (POST /widget/events) of published instances.
 */
import { randomUUID } from 'node:crypto';
import {
  type DayPoint,
  type Instance,
  type LaunchPoint,
  MSG,
  type Product,
  type ProductTotals,
  STATISTICS_BASE,
  utcToday,
  type Visitor,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { instanceShowing, publishedProduct, startWithTenants, type Tenants } from '../support/tenants.ts';
import { backdated } from '../support/visitors.ts';

let app: TestApp;
let t: Tenants;
/** Brand content made through the endpoints: a published instance showing two products (A), one (B). */
let a: { instance: Instance; idle: Instance; p1: Product; p2: Product };
let b: { instance: Instance; p1: Product };

beforeAll(async () => {
  ({ app, t } = await startWithTenants());
  const [p1, p2, idle, bp1] = await Promise.all([
    product(t.a.token, 'Alpha U47'),
    product(t.a.token, 'Alpha C12'),
    instance(t.a.token, 'Alpha Idle', []),
    product(t.b.token, 'Beta Ribbon'),
  ]);
  const [instA, instB] = await Promise.all([
    instance(t.a.token, 'Alpha Player', [p1, p2]),
    instance(t.b.token, 'Beta Player', [bp1]),
  ]);
  a = { instance: instA, idle, p1, p2 };
  b = { instance: instB, p1: bp1 };
});
afterAll(() => app.close());

const product = (token: string, name: string) => publishedProduct(app, t, token, name);
const instance = (token: string, name: string, shown: Product[]) => instanceShowing(app, t, token, name, shown);

const S = STATISTICS_BASE;
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The consoles' default range: 13 days back to today, 14 points. */
const range = () => `start=${dayOffset(-13)}&end=${utcToday()}`;
const get = <T>(path: string, token?: string) => app.call<T>('GET', `${S}${path}`, { token });

/** Every statistics read, with a query that is valid for brand A (admin paths) or the customer's own brand. */
const adminBrandPaths = () => [
  `/admin/player/brand/visitors?brand_id=${t.brandA.id}`,
  `/admin/statistics/instance/launch/daily?${range()}&brand_id=${t.brandA.id}`,
  `/admin/statistics/brand/visitors/daily?${range()}&brand_id=${t.brandA.id}`,
  `/admin/statistics/product/play?${range()}&brand_id=${t.brandA.id}`,
  `/admin/statistics/product/listening_time?${range()}&brand_id=${t.brandA.id}`,
  `/admin/statistics/products?${range()}&brand_id=${t.brandA.id}`,
];
const platformPaths = () => ['/admin/player/visitors', `/admin/statistics/visitors/daily?${range()}`];
const clientPaths = () => [
  '/player/brand/visitors',
  `/statistics/instance/launch/daily?${range()}`,
  `/statistics/brand/visitors/daily?${range()}`,
  `/statistics/product/play?${range()}`,
  `/statistics/product/listening_time?${range()}`,
  `/statistics/products?${range()}`,
];
/** The series reads, without their dates (the range rules apply to each). */
const seriesPaths = () => [
  '/admin/statistics/visitors/daily?',
  `/admin/statistics/instance/launch/daily?brand_id=${t.brandA.id}&`,
  `/admin/statistics/brand/visitors/daily?brand_id=${t.brandA.id}&`,
  `/admin/statistics/product/play?brand_id=${t.brandA.id}&`,
  `/admin/statistics/product/listening_time?brand_id=${t.brandA.id}&`,
  `/admin/statistics/products?brand_id=${t.brandA.id}&`,
  '/statistics/instance/launch/daily?',
  '/statistics/brand/visitors/daily?',
  '/statistics/product/play?',
  '/statistics/product/listening_time?',
  '/statistics/products?',
];
const isAtkReadable = (path: string) => path.startsWith('/admin/statistics/product/');

describe('statistics: access', () => {
  it('401 without a token on every path', async () => {
    for (const path of [...platformPaths(), ...adminBrandPaths(), ...clientPaths()])
      expectError(await get(path), 401, MSG.unauthorized);
  });

  it('403 for a customer on the admin paths, and for atk but on the product statistics', async () => {
    for (const path of [...platformPaths(), ...adminBrandPaths()])
      expectError(await get(path, t.a.token), 403, MSG.forbidden);
    for (const path of [...platformPaths(), ...adminBrandPaths(), ...clientPaths()]) {
      const res = await get(path, t.users.atk.token);
      if (isAtkReadable(path)) expectOk(res);
      else expectError(res, 403, MSG.forbidden);
    }
  });

  it('both admin roles read every admin path', async () => {
    for (const token of [t.users.global_admin.token, t.users.super_admin.token])
      for (const path of [...platformPaths(), ...adminBrandPaths()]) expectOk(await get(path, token));
  });

  it('admin paths name the brand: missing → 400, not an id → 400, unknown or deleted → 404', async () => {
    const admin = t.users.global_admin.token;
    const paths = [...adminBrandPaths()];
    const { id } = t.brandA;
    for (const path of paths) {
      expectError(await get(path.replace(`brand_id=${id}`, ''), admin), 400, 'brand_id is required');
      expectError(await get(path.replace(`brand_id=${id}`, 'brand_id='), admin), 400, 'brand_id is required');
      expectError(await get(path.replace(id, 'x'), admin), 400, 'brand_id must be a valid id');
      expectError(await get(path.replace(id, randomUUID()), admin), 404, MSG.brandNotFound);
    }
    // The atk operator too names an existing brand.
    const play = `/admin/statistics/product/play?${range()}`;
    expectError(await get(play, t.users.atk.token), 400, 'brand_id is required');
    expectError(await get(`${play}&brand_id=${randomUUID()}`, t.users.atk.token), 404, MSG.brandNotFound);
    const gone = await app.call('POST', '/admin/brands', { token: admin, body: { name: 'Gone', is_published: 1 } });
    const goneId = (gone.body.data as { _id: string })._id;
    expectOk(await app.call('DELETE', `/admin/brands/${goneId}`, { token: admin }), MSG.deleteSuccess);
    for (const path of paths) expectError(await get(path.replace(id, goneId), admin), 404, MSG.brandNotFound);
  });

  it('an instance or product of another brand (or none) is a 404, for an operator and for a customer', async () => {
    const admin = t.users.global_admin.token;
    const inst = `instance_id=${b.instance._id}`;
    const prod = `product_id=${b.p1._id}`;
    const cases = [
      ['/statistics/instance/launch/daily', inst, MSG.instanceNotFound],
      ['/statistics/product/play', inst, MSG.instanceNotFound],
      ['/statistics/product/listening_time', inst, MSG.instanceNotFound],
      ['/statistics/products', inst, MSG.instanceNotFound],
      ['/statistics/product/play', prod, MSG.productNotFound],
      ['/statistics/product/listening_time', prod, MSG.productNotFound],
      ['/statistics/products', prod, MSG.productNotFound],
    ] as const;
    for (const [path, filter, msg] of cases) {
      expectError(await get(`${path}?${range()}&${filter}`, t.a.token), 404, msg);
      // A brand_id a customer sends is ignored: naming B does not open B's records.
      expectError(await get(`${path}?${range()}&${filter}&brand_id=${t.brandB.id}`, t.a.token), 404, msg);
      expectError(await get(`/admin${path}?${range()}&${filter}&brand_id=${t.brandA.id}`, admin), 404, msg);
      // The same filter is fine with its own brand.
      expectOk(await get(`${path}?${range()}&${filter}`, t.b.token));
      expectOk(await get(`/admin${path}?${range()}&${filter}&brand_id=${t.brandB.id}`, admin));
    }
    const none = randomUUID();
    expectError(
      await get(`/statistics/product/play?${range()}&product_id=${none}`, t.a.token),
      404,
      MSG.productNotFound,
    );
    expectError(
      await get(`/statistics/instance/launch/daily?${range()}&instance_id=${none}`, t.a.token),
      404,
      MSG.instanceNotFound,
    );
    // An empty filter is the console's "All".
    expectOk(await get(`/statistics/instance/launch/daily?${range()}&instance_id=`, t.a.token));
  });

  it('a customer without a master brand has no statistics', async () => {
    for (const path of clientPaths()) expectError(await get(path, t.users.customer.token), 404, MSG.noMasterBrand);
  });
});

describe('statistics: ranges', () => {
  const admin = () => t.users.global_admin.token;

  it('start and end are required days YYYY-MM-DD that exist', async () => {
    for (const path of seriesPaths()) {
      const token = path.startsWith('/admin') ? admin() : t.a.token;
      expectError(await get(`${path}end=${utcToday()}`, token), 400, 'start is required');
      expectError(await get(`${path}start=${utcToday()}`, token), 400, 'end is required');
      expectError(
        await get(`${path}start=2025-02-30&end=${utcToday()}`, token),
        400,
        'start must be a date YYYY-MM-DD',
      );
      expectError(await get(`${path}start=yesterday&end=${utcToday()}`, token), 400, 'start must be a date YYYY-MM-DD');
      expectError(await get(`${path}start=${dayOffset(-3)}&end=1/1/2025`, token), 400, 'end must be a date YYYY-MM-DD');
      // Days that are no day at all (month 13, day 32, month 0) were a 500, whichever side they are on.
      for (const bad of ['2026-13-01', '2026-00-10', '2026-01-32', '2026-02-30']) {
        expectError(await get(`${path}start=${bad}&end=2026-12-31`, token), 400, 'start must be a date YYYY-MM-DD');
        expectError(await get(`${path}start=2026-01-01&end=${bad}`, token), 400, 'end must be a date YYYY-MM-DD');
      }
    }
    expect(seriesPaths()).toHaveLength(11);
  });

  it('refuses an end in the future, a start after the end and more than 366 days', async () => {
    for (const path of seriesPaths()) {
      const token = path.startsWith('/admin') ? admin() : t.a.token;
      expectError(
        await get(`${path}start=${utcToday()}&end=${dayOffset(1)}`, token),
        400,
        `end ${MSG.statisticsFutureEnd}`,
      );
      expectError(
        await get(`${path}start=${dayOffset(-1)}&end=${dayOffset(-2)}`, token),
        400,
        `start ${MSG.statisticsStartAfterEnd}`,
      );
      expectError(
        await get(`${path}start=${dayOffset(-366)}&end=${utcToday()}`, token),
        400,
        `start ${MSG.statisticsRangeTooLong}`,
      );
      expectOk(await get(`${path}start=${dayOffset(-365)}&end=${utcToday()}`, token));
    }
  });

  it('one point per day of the range, zeros included (366 days, and a single day)', async () => {
    const long = await get<{ series: LaunchPoint[] }>(
      `/statistics/instance/launch/daily?start=${dayOffset(-365)}&end=${utcToday()}&instance_id=${a.idle._id}`,
      t.a.token,
    );
    expectOk(long);
    expect(long.body.data.series).toHaveLength(366);
    expect(long.body.data.series[0]).toEqual({ date: dayOffset(-365), total: 0, unique: 0 });
    expect(long.body.data.series.at(-1)?.date).toBe(utcToday());
    expect(long.body.data.series.every((p) => p.total === 0 && p.unique === 0)).toBe(true);
    // Consecutive days across a leap day and month ends.
    const leap = await get<{ series: DayPoint[] }>(
      '/admin/statistics/visitors/daily?start=2024-02-27&end=2024-03-02',
      admin(),
    );
    expect(leap.body.data.series).toEqual(
      ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02'].map((date) => ({ date, total: 0 })),
    );
    const one = await get<{ series: DayPoint[]; total_num: number }>(
      `/statistics/product/play?start=${utcToday()}&end=${utcToday()}&widget_type=mobile`,
      t.a.token,
    );
    expect(one.body.data).toEqual({ series: [{ date: utcToday(), total: 0 }], total_num: 0, dropped: 0 });
  });

  it('widget_type is desktop or mobile; paging is checked', async () => {
    expectError(
      await get(`/statistics/product/play?${range()}&widget_type=tablet`, t.a.token),
      400,
      'widget_type must be one of desktop, mobile',
    );
    expectError(await get('/admin/player/visitors?page_num=0', admin()), 400, 'page_num must be at least 1');
    expectError(await get('/player/brand/visitors?page_size=x', t.a.token), 400, 'page_size must be a number');
  });
});

// ── Numbers through the product ──────────────────────────────────────────────────────────────────────

describe('statistics: from the player events', () => {
  const v1 = randomUUID();
  const v2 = randomUUID();
  const v3 = randomUUID();
  const send = async (body: unknown) => {
    const res = await app.call<{ accepted: number }>('POST', '/widget/events', { body });
    expectOk(res);
    return res.body.data.accepted;
  };
  const today = () => utcToday();
  /** A 14-day series: zeros, and `last` on today. */
  const zerosThen = <P extends DayPoint>(series: P[], last: Omit<P, 'date'>, zero: Omit<P, 'date'>) => {
    expect(series.map((p) => p.date)).toEqual(Array.from({ length: 14 }, (_, i) => dayOffset(i - 13)));
    expect(series.slice(0, 13)).toEqual(series.slice(0, 13).map((p) => ({ ...zero, date: p.date })));
    expect(series[13]).toEqual({ ...last, date: today() });
  };

  beforeAll(async () => {
    const inst = a.instance._id;
    const play = (p: Product) => ({ type: 'play', instance_id: inst, product_id: p._id });
    const listen = (p: Product, seconds: number) => ({ type: 'listen', instance_id: inst, product_id: p._id, seconds });
    // As a player: the launch first, then the events with its token (here the one it had two minutes ago, so the
    // listening sent fits the time that passed). Two visitors of brand A's player from a shop's page; one of B's.
    const session = async (visitor: string, page_url: string, instance: string, events: unknown[]) => {
      expect(await send({ visitor_id: visitor, page_url, events: [{ type: 'launch', instance_id: instance }] })).toBe(
        1,
      );
      const token = backdated({ widget: 'desktop', instance, visitor }, 120);
      return send({ visitor_id: visitor, page_url, token, events });
    };
    expect(
      await session(v1, 'https://shop.example/mics/u47?ref=ad#top', inst, [play(a.p1), play(a.p1), listen(a.p1, 12.5)]),
    ).toBe(3);
    expect(
      await session(v2, 'https://other.example/', inst, [play(a.p1), listen(a.p1, 30), play(a.p2), listen(a.p2, 7.25)]),
    ).toBe(4);
    expect(
      await session(v3, 'https://beta.example/player', b.instance._id, [
        { type: 'play', instance_id: b.instance._id, product_id: b.p1._id },
        { type: 'listen', instance_id: b.instance._id, product_id: b.p1._id, seconds: 3 },
      ]),
    ).toBe(2);
  });

  it("Daily Launches: today's total 2 and unique 2, zeros on the other days, per instance too", async () => {
    const zero = { total: 0, unique: 0 };
    for (const [path, token] of [
      [`/admin/statistics/instance/launch/daily?${range()}&brand_id=${t.brandA.id}`, t.users.global_admin.token],
      [`/statistics/instance/launch/daily?${range()}`, t.a.token],
      [`/statistics/instance/launch/daily?${range()}&instance_id=${a.instance._id}`, t.a.token],
    ]) {
      const res = await get<{ series: LaunchPoint[] }>(path, token);
      expectOk(res);
      zerosThen(res.body.data.series, { total: 2, unique: 2 }, zero);
    }
    const idle = await get<{ series: LaunchPoint[] }>(
      `/statistics/instance/launch/daily?${range()}&instance_id=${a.idle._id}`,
      t.a.token,
    );
    zerosThen(idle.body.data.series, zero, zero);
    const beta = await get<{ series: LaunchPoint[] }>(`/statistics/instance/launch/daily?${range()}`, t.b.token);
    zerosThen(beta.body.data.series, { total: 1, unique: 1 }, zero);
  });

  it('a visitor launching again the same day adds a launch, not a unique visitor', async () => {
    expect(await send({ visitor_id: v2, events: [{ type: 'launch', instance_id: a.instance._id }] })).toBe(1);
    const res = await get<{ series: LaunchPoint[] }>(`/statistics/instance/launch/daily?${range()}`, t.a.token);
    expect(res.body.data.series.at(-1)).toEqual({ date: today(), total: 3, unique: 2 });
    const daily = await get<{ series: DayPoint[] }>(`/statistics/brand/visitors/daily?${range()}`, t.a.token);
    expect(daily.body.data.series.at(-1)).toEqual({ date: today(), total: 2 });
  });

  it('Daily New Users: the brand counts its own, the platform all', async () => {
    const brandA = await get<{ series: DayPoint[] }>(`/statistics/brand/visitors/daily?${range()}`, t.a.token);
    zerosThen(brandA.body.data.series, { total: 2 }, { total: 0 });
    const admin = await get<{ series: DayPoint[] }>(
      `/admin/statistics/brand/visitors/daily?${range()}&brand_id=${t.brandB.id}`,
      t.users.super_admin.token,
    );
    zerosThen(admin.body.data.series, { total: 1 }, { total: 0 });
    const platform = await get<{ series: DayPoint[] }>(
      `/admin/statistics/visitors/daily?${range()}`,
      t.users.global_admin.token,
    );
    zerosThen(platform.body.data.series, { total: 3 }, { total: 0 });
  });

  it('Total Users: the platform lists every visitor, a brand its own, with the host page as sign-up URL', async () => {
    const all = await get<{ list: Visitor[]; total_num: number }>('/admin/player/visitors', t.users.global_admin.token);
    expectOk(all);
    expect(all.body.data.total_num).toBe(3);
    expect(new Set(all.body.data.list.map((v) => v._id))).toEqual(new Set([v1, v2, v3]));
    const byId = new Map(all.body.data.list.map((v) => [v._id, v]));
    expect(byId.get(v1)).toMatchObject({
      sign_in_count: 1,
      sign_up_url: 'https://shop.example/mics/u47',
      country_name: '',
      state_prov: '',
      city: '',
    });
    const created = all.body.data.list.map((v) => v.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    for (const v of all.body.data.list) expect(Date.now() - Date.parse(v.created_at)).toBeLessThan(120_000);

    const paged = await get<{ list: Visitor[]; total_num: number }>(
      '/admin/player/visitors?page_num=2&page_size=2',
      t.users.global_admin.token,
    );
    expect(paged.body.data.total_num).toBe(3);
    expect(paged.body.data.list.map((v) => v._id)).toEqual([all.body.data.list[2]._id]);

    const mine = await get<{ list: Visitor[]; total_num: number }>(
      `/player/brand/visitors?brand_id=${t.brandB.id}`,
      t.a.token,
    );
    expect(mine.body.data.total_num).toBe(2);
    expect(new Set(mine.body.data.list.map((v) => v._id))).toEqual(new Set([v1, v2]));
    expect(mine.body.data.list.find((v) => v._id === v2)?.sign_up_url).toBe('https://other.example/');
    const theirs = await get<{ list: Visitor[]; total_num: number }>('/player/brand/visitors', t.b.token);
    expect(theirs.body.data).toMatchObject({
      total_num: 1,
      list: [{ _id: v3, sign_up_url: 'https://beta.example/player' }],
    });
    const admin = await get<{ list: Visitor[]; total_num: number }>(
      `/admin/player/brand/visitors?brand_id=${t.brandA.id}`,
      t.users.global_admin.token,
    );
    expect(admin.body.data).toEqual(mine.body.data);
  });

  it('product statistics: plays and listening seconds per day, per product, of the brand only', async () => {
    type Series = { series: DayPoint[]; total_num: number; dropped: number };
    const plays = await get<Series>(`/statistics/product/play?${range()}`, t.a.token);
    zerosThen(plays.body.data.series, { total: 4 }, { total: 0 });
    expect(plays.body.data.total_num).toBe(4);
    expect(plays.body.data.dropped).toBe(0);
    const p1 = await get<Series>(`/statistics/product/play?${range()}&product_id=${a.p1._id}`, t.a.token);
    expect(p1.body.data.total_num).toBe(3);
    const listened = await get<Series>(`/statistics/product/listening_time?${range()}`, t.a.token);
    zerosThen(listened.body.data.series, { total: 49.75 }, { total: 0 });
    expect(listened.body.data.total_num).toBe(49.75);
    const p2 = await get<Series>(
      `/statistics/product/listening_time?${range()}&product_id=${a.p2._id}&instance_id=${a.instance._id}`,
      t.a.token,
    );
    expect(p2.body.data.total_num).toBe(7.25);
    // The idle instance, and the mobile widget, played nothing.
    const idle = await get<Series>(`/statistics/product/play?${range()}&instance_id=${a.idle._id}`, t.a.token);
    expect(idle.body.data.total_num).toBe(0);
    const mobile = await get<Series>(`/statistics/product/play?${range()}&widget_type=mobile`, t.a.token);
    expect(mobile.body.data.total_num).toBe(0);
    // Operators (the atk operator too) read the same for the brand they name.
    for (const token of [t.users.global_admin.token, t.users.atk.token]) {
      const res = await get<Series>(`/admin/statistics/product/play?${range()}&brand_id=${t.brandA.id}`, token);
      expect(res.body.data).toEqual(plays.body.data);
    }
    const beta = await get<Series>(`/statistics/product/listening_time?${range()}`, t.b.token);
    expect(beta.body.data.total_num).toBe(3);
  });

  it('per-product totals, most played first; the customer sees its brand only', async () => {
    const res = await get<{ list: ProductTotals[] }>(`/statistics/products?${range()}`, t.a.token);
    expectOk(res);
    expect(res.body.data.list).toEqual([
      { product_id: a.p1._id, name: 'Alpha U47', plays: 3, listening_time: 42.5, clicks: 0 },
      { product_id: a.p2._id, name: 'Alpha C12', plays: 1, listening_time: 7.25, clicks: 0 },
    ]);
    const admin = await get<{ list: ProductTotals[] }>(
      `/admin/statistics/products?${range()}&brand_id=${t.brandA.id}&instance_id=${a.instance._id}`,
      t.users.global_admin.token,
    );
    expect(admin.body.data).toEqual(res.body.data);
    const idle = await get<{ list: ProductTotals[] }>(
      `/statistics/products?${range()}&instance_id=${a.idle._id}`,
      t.a.token,
    );
    expect(idle.body.data.list).toEqual([]);
    const beta = await get<{ list: ProductTotals[] }>(
      `/statistics/products?${range()}&brand_id=${t.brandA.id}`,
      t.b.token,
    );
    expect(beta.body.data.list).toEqual([
      { product_id: b.p1._id, name: 'Beta Ribbon', plays: 1, listening_time: 3, clicks: 0 },
    ]);
    // A range before today holds nothing.
    const before = await get<{ list: ProductTotals[] }>(
      `/statistics/products?start=${dayOffset(-5)}&end=${dayOffset(-1)}`,
      t.a.token,
    );
    expect(before.body.data.list).toEqual([]);
  });
});
