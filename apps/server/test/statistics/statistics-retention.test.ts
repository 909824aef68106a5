/**
 * Raw events are kept STATS_RAW_DAYS (docs/api.md "What the statistics store, and for how long"): the daily upkeep
 * drops the months wholly past it and deletes the older rows of the rest; the statistics, read from the rollups,
 * stay as they were. The listening bounds of a visitor are forgotten after two idle days.
 */
import { randomUUID } from 'node:crypto';
import { API_BASE, statisticsEndpoints, utcToday } from '@atk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATS_RAW_DAYS, loadConfig } from '../../src/config.ts';
import { resultRows } from '../../src/db/client.ts';
import { dropExpiredEvents, ensureEventPartitions, monthPartition } from '../../src/modules/statistics/partitions.ts';
import { forgetIdleListeners } from '../../src/modules/statistics/upkeep.ts';
import { makeBrand, makeUser, startTestApp, type TestApp } from '../support/harness.ts';
import { type PublishedInstance, publishedInstance } from '../support/published-instance.ts';

let app: TestApp;
let shop: PublishedInstance;
let customer: { token: string };

beforeAll(async () => {
  app = await startTestApp();
  const brand = await makeBrand(app.db, 'Retention Mics');
  customer = await makeUser(app, 'customer', { brandId: brand.id });
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
  it('forgets the listening bound of a visitor idle two days, and keeps one idle less', async () => {
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
      ],
    });
    const listeners = async () =>
      resultRows<{ n: number }>(
        await app.db.execute(sql`select count(*)::int as n from stats_listeners where visitor_id = ${visitor}`),
      )[0].n;
    expect(await listeners()).toBe(1);
    await forgetIdleListeners(app.db, new Date(Date.now() + 47 * 3_600_000));
    expect(await listeners()).toBe(1);
    await forgetIdleListeners(app.db, new Date(Date.now() + 49 * 3_600_000));
    expect(await listeners()).toBe(0);
  });
});
