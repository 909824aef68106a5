/**
 * Buy clicks (docs/api.md "How hard the statistics are to inflate"): a `buy_click` event of the player counts with the
 * launch's token, for a product its instance offers, through the buy button or an active retailer, at most
 * STATS_CAPS.clicksPerVisitorInstanceDay per visitor × instance a UTC day; what is forged or over the cap is dropped
 * and counted. The per-product totals (GET …/statistics/products) read the clicks beside plays and listening.
 */
import { randomUUID } from 'node:crypto';
import {
  API_BASE,
  type Instance,
  MSG,
  type Product,
  type ProductTotalsList,
  retailerEndpoints,
  statisticsEndpoints,
  utcToday,
} from '@atk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../src/db/client.ts';
import { NO_ID, playerEvents, statsDailyClicks } from '../../src/db/schema.ts';
import { STATS_CAPS } from '../../src/modules/statistics/ingest-caps.ts';
import { closeMonths } from '../../src/modules/statistics/months.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { instanceShowing, publishedProduct, startWithTenants, type Tenants } from '../support/tenants.ts';
import { backdated, launched, sendAs } from '../support/visitors.ts';

let app: TestApp;
let t: Tenants;
let p1: Product;
let p2: Product;
let other: Product;
let retailer: string;

beforeAll(async () => {
  // Behind one trusted proxy, so each test is its own address (X-Forwarded-For).
  ({ app, t } = await startWithTenants({ trustProxy: 1 }));
  [p1, p2, other] = await Promise.all([
    publishedProduct(app, t, t.a.token, 'Click U47'),
    publishedProduct(app, t, t.a.token, 'Click C12'),
    publishedProduct(app, t, t.b.token, 'Beta Click'),
  ]);
  retailer = await activeRetailer('Mic Shop');
});
afterAll(() => app.close());

/** A retailer as the atk operator makes one on its Retailers screen: added, then named and set Active. */
async function activeRetailer(name: string, status: '0' | '1' = '1') {
  const as = { token: t.users.atk.token };
  const made = await app.send(retailerEndpoints.create, { ...as, body: {} });
  expectOk(made, MSG.createSuccess);
  const saved = await app.send(retailerEndpoints.save, {
    ...as,
    params: { id: made.body.data._id },
    body: { name, status },
  });
  expectOk(saved, MSG.saveRetailerSuccess);
  return made.body.data._id;
}

const today = utcToday();
const fresh = (name: string): Promise<Instance> => instanceShowing(app, t, t.a.token, name, [p1, p2]);
const click = (i: Instance, p: Product, more: Record<string, unknown> = {}) => ({
  type: 'buy_click',
  instance_id: i._id,
  product_id: p._id,
  ...more,
});

/** Brand A's per-product totals of today, for one instance, as its customer reads them. */
async function totals(i: Instance): Promise<ProductTotalsList> {
  const res = await app.send(statisticsEndpoints.productTotals.own, {
    query: { start: today, end: today, instance_id: i._id },
    token: t.a.token,
  });
  expectOk(res);
  return res.body.data;
}
const clicksOf = async (i: Instance) =>
  Object.fromEntries((await totals(i)).list.map((p) => [p.name, { plays: p.plays, clicks: p.clicks }]));

/** A raw batch from `address`, as a script would send it (no launch, no token unless given). */
async function post(address: string, body: Record<string, unknown>) {
  const res = await fetch(`${app.url}${API_BASE}/widget/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: { accepted: number } } };
}

describe('buy clicks', () => {
  it('count once per click, by the buy button or a retailer, and list a product clicked but never played', async () => {
    const shop = await fresh('Clicks');
    const v = await launched(app.url, shop._id, { address: '203.0.113.1' });
    expect((await sendAs(v, [click(shop, p1)])).accepted).toBe(1);
    expect((await sendAs(v, [click(shop, p2, { retailer_id: retailer, currency: 'EUR' })])).accepted).toBe(1);
    expect((await sendAs(v, [click(shop, p2, { retailer_id: retailer, currency: 'EUR' })])).accepted).toBe(1);
    expect(await clicksOf(shop)).toEqual({
      'Click C12': { plays: 0, clicks: 2 },
      'Click U47': { plays: 0, clicks: 1 },
    });
    expect((await totals(shop)).dropped.clicks).toBe(0);
    // Kept per retailer (the buy button under the nil id) and currency ('' when none): no endpoint reads that
    // detail yet, so the rollup itself is looked at.
    const rows = await app.db
      .select({
        product: statsDailyClicks.productId,
        retailer: statsDailyClicks.retailerId,
        currency: statsDailyClicks.currency,
        clicks: statsDailyClicks.clicks,
      })
      .from(statsDailyClicks)
      .where(and(eq(statsDailyClicks.instanceId, shop._id), eq(statsDailyClicks.day, today)))
      .orderBy(statsDailyClicks.clicks);
    expect(rows).toEqual([
      { product: p1._id, retailer: NO_ID, currency: '', clicks: 1 },
      { product: p2._id, retailer, currency: 'EUR', clicks: 2 },
    ]);
    // The raw events keep what each click named.
    const raw = await app.db
      .select({ product: playerEvents.productId, retailer: playerEvents.retailerId, currency: playerEvents.currency })
      .from(playerEvents)
      .where(and(eq(playerEvents.visitorId, v.visitor), eq(playerEvents.type, 'buy_click')));
    expect(raw).toHaveLength(3);
    expect(raw).toContainEqual({ product: p1._id, retailer: null, currency: null });
    expect(raw).toContainEqual({ product: p2._id, retailer, currency: 'EUR' });
    // A play counts beside the clicks, and leaves them as they were.
    const play = { type: 'play', instance_id: shop._id, product_id: p1._id };
    expect((await sendAs(v, [play])).accepted).toBe(1);
    expect((await clicksOf(shop))['Click U47']).toEqual({ plays: 1, clicks: 1 });
  });

  it('are capped per visitor and instance a UTC day: the click over the cap is dropped and counted', async () => {
    const shop = await fresh('Capped');
    const cap = STATS_CAPS.clicksPerVisitorInstanceDay;
    const v = await launched(app.url, shop._id, { address: '203.0.113.2' });
    // The cap is the instance's, whatever the products: split over two of them, in two batches.
    const first = Array.from({ length: cap - 5 }, () => click(shop, p1));
    expect((await sendAs(v, first)).accepted).toBe(cap - 5);
    const rest = Array.from({ length: 6 }, () => click(shop, p2));
    expect((await sendAs(v, rest)).accepted).toBe(5);
    const after = await totals(shop);
    expect(after.list.reduce((n, p) => n + p.clicks, 0)).toBe(cap);
    expect(after.dropped.clicks).toBe(1);
    // Another visitor of the same instance has a cap of its own.
    const w = await launched(app.url, shop._id, { address: '203.0.113.3' });
    expect((await sendAs(w, [click(shop, p1)])).accepted).toBe(1);
  });

  it('without a valid token are dropped and counted: none, forged, another instance’s', async () => {
    const shop = await fresh('Untrusted');
    const elsewhere = await fresh('Untrusted other');
    const v = await launched(app.url, shop._id, { address: '203.0.113.4' });
    const tokens = [undefined, 'garbage', backdated({ ...v, instance: elsewhere._id }, 60)];
    for (const token of tokens) {
      const sent = await post(v.address, { visitor_id: v.visitor, token, events: [click(shop, p1)] });
      expect(sent.body.data.accepted).toBe(0);
    }
    const after = await totals(shop);
    expect(after.list).toEqual([]);
    expect(after.dropped.clicks).toBe(tokens.length);
  });

  it('naming a product the instance does not offer, or a retailer that is not active, count nowhere', async () => {
    const shop = await fresh('Unknown');
    const v = await launched(app.url, shop._id, { address: '203.0.113.5' });
    const inactive = await activeRetailer('Closed Shop', '0');
    const removed = await activeRetailer('Gone Shop');
    expectOk(
      await app.send(retailerEndpoints.remove, { params: { id: removed }, token: t.users.atk.token }),
      MSG.deleteSuccess,
    );
    for (const e of [
      click(shop, other),
      { ...click(shop, p1), product_id: randomUUID() },
      click(shop, p1, { retailer_id: inactive }),
      click(shop, p1, { retailer_id: removed }),
      click(shop, p1, { retailer_id: randomUUID() }),
    ])
      expect((await sendAs(v, [e])).accepted).toBe(0);
    expect(await totals(shop)).toEqual({ list: [], dropped: { plays: 0, listening_time: 0, clicks: 0 } });
    // The same visitor's click through the active retailer counts.
    expect((await sendAs(v, [click(shop, p1, { retailer_id: retailer })])).accepted).toBe(1);
  });

  it('are refused without the product they clicked, or with a currency that is no code', async () => {
    const shop = await fresh('Refused');
    const v = await launched(app.url, shop._id, { address: '203.0.113.6' });
    const bad = async (event: Record<string, unknown>, msg: string) => {
      const res = await app.call('POST', '/widget/events', {
        body: { visitor_id: v.visitor, token: v.token, events: [event] },
        headers: { 'x-forwarded-for': v.address },
      });
      expectError(res, 400, msg);
    };
    await bad({ type: 'buy_click', instance_id: shop._id }, 'events.0.product_id is required for a buy click');
    await bad(click(shop, p1, { currency: 'euro' }), 'events.0.currency must be a 3-letter currency code');
  });

  it('are read on the customer’s and the admins’ paths; another brand’s instance is refused', async () => {
    const shop = await fresh('Read back');
    const v = await launched(app.url, shop._id, { address: '203.0.113.7' });
    expect((await sendAs(v, [click(shop, p1), click(shop, p1)])).accepted).toBe(2);
    const own = await totals(shop);
    expect(own.list).toEqual([{ product_id: p1._id, name: 'Click U47', plays: 0, listening_time: 0, clicks: 2 }]);
    for (const token of [t.users.global_admin.token, t.users.super_admin.token]) {
      const admin = await app.send(statisticsEndpoints.productTotals.admin, {
        query: { start: today, end: today, brand_id: t.brandA.id, instance_id: shop._id },
        token,
      });
      expectOk(admin);
      expect(admin.body.data).toEqual(own);
      // All of the brand's instances, and all brands, hold them too.
      for (const brand_id of [t.brandA.id, 'all']) {
        const wide = await app.send(statisticsEndpoints.productTotals.admin, {
          query: { start: today, end: today, brand_id, product_id: p1._id },
          token,
        });
        expectOk(wide);
        expect(wide.body.data.list.find((p) => p.product_id === p1._id)?.clicks).toBeGreaterThanOrEqual(2);
      }
    }
    // The mobile widget's figures are apart: these were the desktop player's.
    const mobile = await app.send(statisticsEndpoints.productTotals.own, {
      query: { start: today, end: today, instance_id: shop._id, widget_type: 'mobile' },
      token: t.a.token,
    });
    expect(mobile.body.data.list).toEqual([]);
    // Brand B's customer cannot name brand A's instance, even naming brand A.
    for (const query of [
      { start: today, end: today, instance_id: shop._id },
      { start: today, end: today, instance_id: shop._id, brand_id: t.brandA.id },
    ])
      expectError(
        await app.send(statisticsEndpoints.productTotals.own, { query, token: t.b.token }),
        404,
        MSG.instanceNotFound,
      );
  });

  it('count in strict privacy mode too, under the day’s visitor', async () => {
    const shop = await fresh('Strict clicks');
    const send = async (body: Record<string, unknown>) => {
      const res = await fetch(`${app.url}${API_BASE}/widget/events`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-forwarded-for': '203.0.113.8', 'user-agent': 'Strict' },
        body: JSON.stringify({ privacy: 'strict', ...body }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { accepted: number; token: string | null } }).data;
    };
    const launch = await send({ events: [{ type: 'launch', instance_id: shop._id }] });
    expect(launch.token).toBeTruthy();
    expect((await send({ token: launch.token, events: [click(shop, p2)] })).accepted).toBe(1);
    expect(await clicksOf(shop)).toEqual({ 'Click C12': { plays: 0, clicks: 1 } });
  });

  // Last: it closes this month, which only a test can do before the month has ended.
  it("are summed into the month's totals when it closes, as the plays are", async () => {
    const shop = await fresh('Monthly');
    const v = await launched(app.url, shop._id, { address: '203.0.113.9' });
    expect(
      (await sendAs(v, [click(shop, p1), click(shop, p2, { retailer_id: retailer, currency: 'USD' })])).accepted,
    ).toBe(2);
    const month = today.slice(0, 7);
    const sums = async (table: 'stats_daily_clicks' | 'stats_monthly_clicks') =>
      resultRows<{ k: string; clicks: number }>(
        await app.db.execute(sql`
          select brand_id || widget_type || instance_id || product_id || retailer_id || currency as k,
                 sum(clicks)::int as clicks
          from ${sql.identifier(table)}
          where ${sql.raw(table === 'stats_daily_clicks' ? 'left(day, 7)' : 'month')} = ${month}
          group by 1 having sum(clicks) > 0 order by 1`),
      );
    const daily = await sums('stats_daily_clicks');
    expect(daily.length).toBeGreaterThanOrEqual(2);
    const [y, m] = month.split('-').map(Number);
    expect(await closeMonths(app.db, new Date(Date.UTC(y, m, 1, 2)))).toEqual([month]);
    expect(await sums('stats_monthly_clicks')).toEqual(daily);
  });
});
