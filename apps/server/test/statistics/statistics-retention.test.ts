/**
 * Raw events are kept STATS_RAW_DAYS (docs/api.md "What the statistics store, and for how long"): the daily upkeep
 * drops the months wholly past it and deletes the older rows of the rest; the statistics, read from the rollups,
 * stay as they were. The listening bounds of a visitor are forgotten after two idle days, and a visitor's rows after
 * VISITOR_IDLE_MONTHS idle.
 */
import { randomUUID } from 'node:crypto';
import { API_BASE, statisticsEndpoints, utcToday } from '@atk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATS_RAW_DAYS, DEFAULT_VISITOR_IDLE_MONTHS, loadConfig } from '../../src/config.ts';
import { resultRows } from '../../src/db/client.ts';
import { dropExpiredEvents, ensureEventPartitions, monthPartition } from '../../src/modules/statistics/partitions.ts';
import { forgetIdleListeners, forgetIdleVisitors } from '../../src/modules/statistics/upkeep.ts';
import { makeBrand, makeUser, startTestApp, type TestApp } from '../support/harness.ts';
import { type PublishedInstance, publishedInstance } from '../support/published-instance.ts';

let app: TestApp;
let shop: PublishedInstance;
let customer: { token: string };
let admin: { token: string };

beforeAll(async () => {
  app = await startTestApp();
  const brand = await makeBrand(app.db, 'Retention Mics');
  customer = await makeUser(app, 'customer', { brandId: brand.id });
  admin = await makeUser(app, 'global_admin');
  shop = await publishedInstance(app, customer, brand.id, 'Kept page');
  await ensureEventPartitions(app.db);
});
afterAll(() => app.close());

const DAY = 86_400_000;
const stored = async () =>
  resultRows<{ n: number }>(
    await app.db.execute(sql`select count(*)::int as n from player_events where instance_id = ${shop.id}`),
  )[0].n;
const months = async () =>
  resultRows<{ name: string }>(
    await app.db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent where p.relname = 'player_events' order by 1`),
  ).map((r) => r.name);
const launches = async () => {
  const today = utcToday();
  const res = await app.send(statisticsEndpoints.launchDaily.own, {
    query: { start: today, end: today, instance_id: shop.id },
    token: customer.token,
  });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('raw event retention', () => {
  it('keeps 400 days unless STATS_RAW_DAYS says otherwise, and refuses a value that is not a whole number of days', () => {
    expect(loadConfig({}).statsRawDays).toBe(DEFAULT_STATS_RAW_DAYS);
    expect(DEFAULT_STATS_RAW_DAYS).toBe(400);
    expect(loadConfig({ STATS_RAW_DAYS: '30' }).statsRawDays).toBe(30);
    for (const bad of ['0', '-3', '1.5', 'forever'])
      expect(() => loadConfig({ STATS_RAW_DAYS: bad })).toThrow(/STATS_RAW_DAYS must be a whole number of days/);
  });

  it('deletes the raw events past the limit, months whole, and the statistics read the same after', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${app.url}${API_BASE}/widget/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${i + 1}` },
        body: JSON.stringify({
          page_url: 'https://shop.example/mics',
          visitor_id: randomUUID(),
          events: [{ type: 'launch', instance_id: shop.id }],
        }),
      });
      expect(res.status).toBe(200);
    }
    expect(await stored()).toBe(3);
    const before = await launches();
    expect(before.total_num).toBe(3);

    // Within the limit: nothing goes.
    expect(await dropExpiredEvents(app.db, 400, new Date(Date.now() + 10 * DAY))).toEqual({ dropped: [], deleted: 0 });
    expect(await stored()).toBe(3);

    // Past it, the cutoff inside this month: its older rows go, the partition stays.
    const now = new Date();
    const thisMonth = monthPartition(now.getUTCFullYear(), now.getUTCMonth());
    expect(await dropExpiredEvents(app.db, 400, new Date(Date.now() + 400 * DAY + 60_000))).toEqual({
      dropped: [],
      deleted: 3,
    });
    expect(await stored()).toBe(0);
    expect(await months()).toContain(thisMonth.name);
    expect(await launches()).toEqual(before);

    // The cutoff past this month's end: the partition is dropped whole; the next months stay.
    const later = new Date(new Date(thisMonth.to).getTime() + 400 * DAY);
    expect((await dropExpiredEvents(app.db, 400, later)).dropped).toContain(thisMonth.name);
    expect(await months()).not.toContain(thisMonth.name);
    expect(await months()).toContain(monthPartition(now.getUTCFullYear(), now.getUTCMonth() + 2).name);
    expect(await launches()).toEqual(before);
    // Running again finds nothing more.
    expect(await dropExpiredEvents(app.db, 400, later)).toEqual({ dropped: [], deleted: 0 });
  });
});

describe('idle listeners', () => {
  it('forgets the listening bound and the day’s clicks of a visitor idle two days, and keeps one idle less', async () => {
    const visitor = randomUUID();
    const batch = (body: Record<string, unknown>) =>
      fetch(`${app.url}${API_BASE}/widget/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.1.1' },
        body: JSON.stringify({ page_url: 'https://shop.example/mics', visitor_id: visitor, ...body }),
      }).then(async (res) => {
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { token: string | null } }).data;
      });
    const { token } = await batch({ events: [{ type: 'launch', instance_id: shop.id }] });
    expect(token).toBeTruthy();
    const item = {
      instance_id: shop.id,
      product_id: shop.product.id,
      song_id: shop.product.song,
      source_id: shop.product.source,
    };
    await batch({
      token,
      events: [
        { type: 'play', ...item },
        { type: 'listen', ...item, seconds: 1 },
        { type: 'buy_click', instance_id: shop.id, product_id: shop.product.id },
      ],
    });
    const listeners = async () =>
      resultRows<{ n: number }>(
        await app.db.execute(sql`select count(*)::int as n from stats_listeners where visitor_id = ${visitor}`),
      )[0].n;
    const clicks = async () =>
      resultRows<{ n: number }>(
        await app.db.execute(sql`select count(*)::int as n from stats_click_caps where visitor_id = ${visitor}`),
      )[0].n;
    expect([await listeners(), await clicks()]).toEqual([1, 1]);
    await forgetIdleListeners(app.db, new Date(Date.now() + 47 * 3_600_000));
    expect([await listeners(), await clicks()]).toEqual([1, 1]);
    await forgetIdleListeners(app.db, new Date(Date.now() + 49 * 3_600_000));
    expect(await listeners()).toBe(0);
    // A day's click count goes with the days: once two UTC days have passed since its own.
    await forgetIdleListeners(app.db, new Date(Date.now() + 72 * 3_600_000));
    expect(await clicks()).toBe(0);
  });
});

describe('idle visitors', () => {
  it('keep 25 months unless VISITOR_IDLE_MONTHS says otherwise, and refuse a value that is not a whole number of months', () => {
    expect(loadConfig({}).visitorIdleMonths).toBe(DEFAULT_VISITOR_IDLE_MONTHS);
    expect(DEFAULT_VISITOR_IDLE_MONTHS).toBe(25);
    expect(loadConfig({ VISITOR_IDLE_MONTHS: '13' }).visitorIdleMonths).toBe(13);
    for (const bad of ['0', '-1', '2.5', 'never'])
      expect(() => loadConfig({ VISITOR_IDLE_MONTHS: bad })).toThrow(
        /VISITOR_IDLE_MONTHS must be a whole number of months/,
      );
  });

  it('are deleted by the daily upkeep once idle that long, not while their raw events are kept', async () => {
    const launch = async (address: string) => {
      const visitor = randomUUID();
      const res = await fetch(`${app.url}${API_BASE}/widget/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({
          page_url: 'https://shop.example/mics',
          visitor_id: visitor,
          events: [{ type: 'launch', instance_id: shop.id }],
        }),
      });
      expect(res.status).toBe(200);
      return visitor;
    };
    const [idle, recent] = [await launch('10.9.2.1'), await launch('10.9.2.2')];
    // No endpoint makes a visitor last seen 26 months ago: its rows are backdated here.
    await app.db.execute(sql`
      with v as (update visitors set last_seen_at = now() - interval '26 months' where id = ${idle}::uuid)
      update brand_visitors set last_seen_at = now() - interval '26 months' where visitor_id = ${idle}::uuid`);
    const listed = async () => {
      const query = { page_num: 1, page_size: 100 };
      const [all, brand] = await Promise.all([
        app.send(statisticsEndpoints.visitors, { query, token: admin.token }),
        app.send(statisticsEndpoints.brandVisitors.own, { query, token: customer.token }),
      ]);
      expect([all.status, brand.status]).toEqual([200, 200]);
      const ids = (list: { _id: string }[]) => [idle, recent].filter((id) => list.some((v) => v._id === id));
      return { platform: ids(all.body.data.list), brand: ids(brand.body.data.list) };
    };
    expect(await listed()).toEqual({ platform: [idle, recent], brand: [idle, recent] });
    // Raw events kept longer than that (1,000 days): the rows stay, so an erasure still finds the events.
    expect(await forgetIdleVisitors(app.db, { rawDays: 1000, visitorIdleMonths: 25 })).toBe(0);
    // Idle 26 months with the defaults: its visitor and brand visitor go; the recent one stays.
    expect(await forgetIdleVisitors(app.db, { rawDays: 400, visitorIdleMonths: 25 })).toBe(2);
    expect(await listed()).toEqual({ platform: [recent], brand: [recent] });
    // Idle a day: stays under a one-month setting too, and goes once a month has passed.
    expect(await forgetIdleVisitors(app.db, { rawDays: 1, visitorIdleMonths: 1 })).toBe(0);
    const later = new Date(Date.now() + 32 * DAY);
    expect(await forgetIdleVisitors(app.db, { rawDays: 1, visitorIdleMonths: 1 }, later)).toBeGreaterThanOrEqual(2);
    expect(await listed()).toEqual({ platform: [], brand: [] });
  });
});
