/**
 * Statistics that agree with themselves (docs/api.md "Statistics" → "The figures"): played through
 * POST /widget/events as the player sends (launch, its token, play, listening, a switch of product while playing),
 * then read back: a product heard counts a play, per-product plays sum to the instance's and the brand's plays,
 * unique ≤ total on every day and over the range, All brands, the brand filter's activity order, readable visitors.
 */
import { randomUUID } from 'node:crypto';
import {
  ALL_BRANDS,
  type BrandActivity,
  type Instance,
  type LaunchPoint,
  type ListData,
  MSG,
  type Product,
  type ProductTotals,
  STATISTICS_BASE,
  utcToday,
  type Visitor as VisitorRow,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARD_GAP_SECONDS } from '../../src/modules/statistics/ingest-caps.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { instanceShowing, publishedProduct, startWithTenants, type Tenants } from '../support/tenants.ts';
import { backdated, launched, sendAs, type Visitor } from '../support/visitors.ts';

let app: TestApp;
let t: Tenants;
let a: { instance: Instance; p1: Product; p2: Product; p3: Product };
let b: { instance: Instance; p1: Product };

beforeAll(async () => {
  ({ app, t } = await startWithTenants({ trustProxy: 1 }));
  const [p1, p2, p3, bp1] = await Promise.all([
    product(t.a.token, 'Alpha U47'),
    product(t.a.token, 'Alpha C12'),
    product(t.a.token, 'Alpha M49'),
    product(t.b.token, 'Beta Ribbon'),
  ]);
  const [instA, instB] = await Promise.all([
    instance(t.a.token, 'Alpha Player', [p1, p2, p3]),
    instance(t.b.token, 'Beta Player', [bp1]),
  ]);
  a = { instance: instA, p1, p2, p3 };
  b = { instance: instB, p1: bp1 };
});
afterAll(() => app.close());

const product = (token: string, name: string) => publishedProduct(app, t, token, name);
const instance = (token: string, name: string, shown: Product[]) => instanceShowing(app, t, token, name, shown);

const S = STATISTICS_BASE;
const today = utcToday();
const range = `start=${new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10)}&end=${today}`;
const get = <T>(path: string, token?: string) => app.call<T>('GET', `${S}${path}`, { token });
const admin = () => t.users.global_admin.token;

/** What the player sends for a product: song and source left out (a product with none still plays). */
const play = (instanceId: string, p: Product) => ({ type: 'play', instance_id: instanceId, product_id: p._id });
const listen = (instanceId: string, p: Product, seconds: number) => ({
  ...play(instanceId, p),
  type: 'listen',
  seconds,
});

/** A visitor of `i` that launched through the endpoint; its token stands in for one a minute old (real time). */
async function visitor(i: Instance, address: string): Promise<Visitor> {
  const v = await launched(app.url, i._id, { address });
  v.token = backdated(v, 60);
  return v;
}

const playsOf = async (q: string, token = admin()) => {
  const res = await get<{ total_num: number }>(`/admin/statistics/product/play?${range}&${q}`, token);
  expectOk(res);
  return res.body.data.total_num;
};
const productsOf = async (q: string) => {
  const res = await get<{ list: ProductTotals[] }>(`/admin/statistics/products?${range}&${q}`, admin());
  expectOk(res);
  return res.body.data.list;
};
const sum = (list: ProductTotals[]) => list.reduce((n, p) => n + p.plays, 0);

describe('plays: a product heard counts a play', () => {
  it('a switch to a product while playing is a play of it, once; the products sum to the instance and the brand', async () => {
    const id = a.instance._id;
    const v = await visitor(a.instance, '10.1.0.1');
    // Pressed play on the first product, heard it 5 s, switched to the second while playing: no play sent for it.
    expect((await sendAs(v, [play(id, a.p1), listen(id, a.p1, 5), listen(id, a.p2, 7)])).accepted).toBe(3);
    // The next batch goes on listening to the second product: the same play.
    await sendAs(v, [listen(id, a.p2, 10)]);

    const list = await productsOf(`brand_id=${t.brandA.id}&instance_id=${id}`);
    expect(list.map((p) => [p.name, p.plays])).toEqual([
      ['Alpha C12', 1],
      ['Alpha U47', 1],
    ]);
    // (the second batch's listening is bounded by the real time since the first: milliseconds here)
    expect(list[0].listening_time).toBeGreaterThanOrEqual(7);
    const instancePlays = await playsOf(`brand_id=${t.brandA.id}&instance_id=${id}`);
    expect(instancePlays).toBe(2);
    expect(sum(list)).toBe(instancePlays);
    expect(sum(await productsOf(`brand_id=${t.brandA.id}`))).toBe(await playsOf(`brand_id=${t.brandA.id}`));
    // Each product's own series says the same.
    expect(await playsOf(`brand_id=${t.brandA.id}&product_id=${a.p2._id}`)).toBe(1);
  });

  it('a play sent and listening in one batch is one play; a product heard again after a pause sends its own play', async () => {
    const id = a.instance._id;
    const v = await visitor(a.instance, '10.1.0.2');
    const before = await playsOf(`brand_id=${t.brandA.id}&product_id=${a.p3._id}`);
    await sendAs(v, [play(id, a.p3), listen(id, a.p3, 4)]);
    await sendAs(v, [play(id, a.p3), listen(id, a.p3, 3)]);
    expect(await playsOf(`brand_id=${t.brandA.id}&product_id=${a.p3._id}`)).toBe(before + 2);
    expect(HEARD_GAP_SECONDS).toBeGreaterThan(15); // the player's batches come every 15 s while it plays
  });

  it('listening without a valid token is no play: the trust caps hold for heard plays', async () => {
    const id = a.instance._id;
    const v = await visitor(a.instance, '10.1.0.3');
    const before = await playsOf(`brand_id=${t.brandA.id}&product_id=${a.p3._id}`);
    expect((await sendAs(v, [listen(id, a.p3, 5)], 'forged.token')).accepted).toBe(0);
    expect((await sendAs(v, [listen(id, a.p3, 5)], '')).accepted).toBe(0);
    expect(await playsOf(`brand_id=${t.brandA.id}&product_id=${a.p3._id}`)).toBe(before);
  });
});

describe('launches: unique ≤ total on every row, the Total row included', () => {
  it('two launches of one visitor and one of another: 3 launches, 2 unique on the day and over the range', async () => {
    const id = b.instance._id;
    const first = await launched(app.url, id, { address: '10.2.0.1' });
    await launched(app.url, id, { address: '10.2.0.1', visitor: first.visitor });
    await launched(app.url, id, { address: '10.2.0.2' });
    for (const q of [`brand_id=${t.brandB.id}`, `brand_id=${t.brandB.id}&instance_id=${id}`]) {
      const res = await get<{ series: LaunchPoint[]; total_num: number; unique_num: number }>(
        `/admin/statistics/instance/launch/daily?${range}&${q}`,
        admin(),
      );
      expectOk(res);
      const { series, total_num, unique_num } = res.body.data;
      expect(series.at(-1)).toEqual({ date: today, total: 3, unique: 2 });
      for (const p of series) expect(p.unique).toBeLessThanOrEqual(p.total);
      expect([total_num, unique_num]).toEqual([3, 2]);
    }
    // The customer reads the same of its own brand.
    const own = await get<{ total_num: number; unique_num: number }>(
      `/statistics/instance/launch/daily?${range}`,
      t.b.token,
    );
    expect([own.body.data.total_num, own.body.data.unique_num]).toEqual([3, 2]);
  });
});

describe('All brands', () => {
  it("an operator's brand_id=all reads every brand together; a visitor of two brands is one unique", async () => {
    const both = randomUUID();
    await launched(app.url, a.instance._id, { address: '10.3.0.1', visitor: both });
    await launched(app.url, b.instance._id, { address: '10.3.0.1', visitor: both });
    const launches = async (brand: string) =>
      (
        await get<{ series: LaunchPoint[]; total_num: number; unique_num: number }>(
          `/admin/statistics/instance/launch/daily?${range}&brand_id=${brand}`,
          admin(),
        )
      ).body.data;
    const [all, ofA, ofB] = await Promise.all([launches(ALL_BRANDS), launches(t.brandA.id), launches(t.brandB.id)]);
    expect(all.total_num).toBe(ofA.total_num + ofB.total_num);
    expect(all.unique_num).toBe(ofA.unique_num + ofB.unique_num - 1);
    expect(all.unique_num).toBeLessThanOrEqual(all.total_num);
    const day = all.series.at(-1) as LaunchPoint;
    expect(day.total).toBe(all.total_num);
    expect(day.unique).toBe(all.unique_num);

    // Plays: every brand's; per product they sum to it.
    const plays = await playsOf(`brand_id=${ALL_BRANDS}`);
    expect(plays).toBe((await playsOf(`brand_id=${t.brandA.id}`)) + (await playsOf(`brand_id=${t.brandB.id}`)));
    expect(sum(await productsOf(`brand_id=${ALL_BRANDS}`))).toBe(plays);
    // The atk operator reads them too (the mobile screens).
    expect(await playsOf(`brand_id=${ALL_BRANDS}&widget_type=mobile`, t.users.atk.token)).toBe(0);

    // New users and Total Users: the platform's.
    const fresh = await get<{ series: { total: number }[] }>(
      `/admin/statistics/brand/visitors/daily?${range}&brand_id=${ALL_BRANDS}`,
      admin(),
    );
    const platform = await get<{ series: { total: number }[] }>(`/admin/statistics/visitors/daily?${range}`, admin());
    expect(fresh.body.data.series).toEqual(platform.body.data.series);
    const users = await get<ListData<VisitorRow>>(`/admin/player/brand/visitors?brand_id=${ALL_BRANDS}`, admin());
    const everyone = await get<ListData<VisitorRow>>('/admin/player/visitors', admin());
    expect(users.body.data).toEqual(everyone.body.data);
  });

  it('a customer cannot read all brands: its brand_id is ignored, its own brand read', async () => {
    const own = await get<{ total_num: number }>(`/statistics/product/play?${range}&brand_id=${ALL_BRANDS}`, t.b.token);
    expectOk(own);
    expect(own.body.data.total_num).toBe(await playsOf(`brand_id=${t.brandB.id}`));
    expectError(
      await get(`/admin/statistics/product/play?${range}&brand_id=${ALL_BRANDS}`, t.b.token),
      403,
      MSG.forbidden,
    );
  });
});

describe('the brand filter: brands by activity', () => {
  const path = `/admin/statistics/brands?${range}`;

  it('401 without a token, 403 for a customer, 400 without a range', async () => {
    expectError(await get(path), 401, MSG.unauthorized);
    expectError(await get(path, t.a.token), 403, MSG.forbidden);
    expectError(await get('/admin/statistics/brands', admin()), 400, 'start is required');
    expectError(await get(`${path}&widget_type=tablet`, admin()), 400, 'widget_type must be one of desktop, mobile');
  });

  it('most active first (launches and plays in the range), then by name; the atk operator reads it too', async () => {
    for (const token of [admin(), t.users.super_admin.token, t.users.atk.token]) {
      const res = await get<{ list: BrandActivity[] }>(path, token);
      expectOk(res);
      const { list } = res.body.data;
      const activity = (x: BrandActivity) => x.launches + x.plays;
      for (let i = 1; i < list.length; i++) expect(activity(list[i - 1])).toBeGreaterThanOrEqual(activity(list[i]));
      const ofA = list.find((x) => x._id === t.brandA.id) as BrandActivity;
      const ofB = list.find((x) => x._id === t.brandB.id) as BrandActivity;
      expect(ofA.plays).toBe(await playsOf(`brand_id=${t.brandA.id}`));
      expect(ofB.launches).toBe(4);
      expect(list[0]._id).toBe(activity(ofA) >= activity(ofB) ? t.brandA.id : t.brandB.id);
    }
  });
});

describe('visitors read as people', () => {
  it('each visitor carries its launches beside its sign ins, of the brand and of the platform', async () => {
    const v = await launched(app.url, b.instance._id, { address: '10.4.0.1' });
    await launched(app.url, b.instance._id, { address: '10.4.0.1', visitor: v.visitor });
    const of = async (path: string) =>
      (await get<ListData<VisitorRow>>(path, admin())).body.data.list.find((x) => x._id === v.visitor) as VisitorRow;
    for (const row of [
      await of(`/admin/player/brand/visitors?brand_id=${t.brandB.id}`),
      await of('/admin/player/visitors'),
    ])
      expect([row.launches, row.sign_in_count]).toEqual([2, 1]);
  });
});
