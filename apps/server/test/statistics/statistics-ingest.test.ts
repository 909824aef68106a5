/**
 * Ingestion: the player's batches (POST /widget/events) make visitors and fold into the daily
 * rollups the statistics read, in one statement per batch. What is read back here are the rollup rows
 * themselves; the statistics endpoints that serve them are tested in statistics.test.ts.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { API_BASE, utcToday } from '@atk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeed } from '../../src/db/changes.ts';
import { type Db, resultRows } from '../../src/db/client.ts';
import {
  brandVisitors,
  NO_ID,
  playerEvents,
  statsDaily,
  statsDailyCounts,
  statsDailyProducts,
  visitors,
} from '../../src/db/schema.ts';
import { STATS_CAPS } from '../../src/modules/statistics/ingest-caps.ts';
import { closeMonths } from '../../src/modules/statistics/months.ts';
import { ensureEventPartitions, monthPartition } from '../../src/modules/statistics/partitions.ts';
import { until } from '../support/audio.ts';
import { makeBrand, makeUser, startTestApp, TEST_EVENTS_SECRET, type TestApp } from '../support/harness.ts';
import { type PublishedInstance, publishedInstance } from '../support/published-instance.ts';
import { backdated } from '../support/visitors.ts';

let app: TestApp;
let shop: PublishedInstance;
let second: PublishedInstance;

beforeAll(async () => {
  // Behind one trusted proxy: the visitor's address is X-Forwarded-For's last hop.
  app = await startTestApp({ trustProxy: 1 });
  const brand = await makeBrand(app.db, 'Stats Mics');
  const customer = await makeUser(app, 'customer', { brandId: brand.id });
  shop = await publishedInstance(app, customer, brand.id, 'Shop page');
  second = await publishedInstance(app, customer, brand.id, 'Blog page');
});
afterAll(() => app.close());

const HOST_PAGE = 'https://shop.example/mics/condenser';
const UK = '81.2.69.142'; // DB-IP City Lite (the embedded database): United Kingdom, England, London

function send(base: string, batch: Record<string, unknown>, address = '10.0.0.1') {
  return fetch(`${base}${API_BASE}/widget/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ page_url: `${HOST_PAGE}?utm_source=mail#top`, ...batch }),
  });
}
const launch = (i: PublishedInstance) => ({ type: 'launch', instance_id: i.id });
const play = (i: PublishedInstance) => ({
  type: 'play',
  instance_id: i.id,
  product_id: i.product.id,
  song_id: i.product.song,
  source_id: i.product.source,
});
const listen = (i: PublishedInstance, seconds: number) => ({ ...play(i), type: 'listen', seconds });
/** The token a visitor that launched `i` a minute ago holds (test/support/visitors.ts). */
const minuteOld = (i: PublishedInstance, visitor: string) =>
  backdated({ widget: 'desktop', instance: i.id, visitor }, 60);

async function accepted(res: Response) {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { accepted: number } }).data.accepted;
}

const today = utcToday();
const counts = (db: Db, scope: string, instance: string) =>
  db
    .select({
      launches: statsDailyCounts.launches,
      unique: statsDailyCounts.uniqueVisitors,
      fresh: statsDailyCounts.newVisitors,
    })
    .from(statsDailyCounts)
    .where(
      and(
        eq(statsDailyCounts.scopeId, scope),
        eq(statsDailyCounts.day, today),
        eq(statsDailyCounts.instanceId, instance),
      ),
    )
    .then((rows) => rows[0] ?? { launches: 0, unique: 0, fresh: 0 });
const visitor = (db: Db, id: string) =>
  db
    .select()
    .from(visitors)
    .where(eq(visitors.id, id))
    .then((r) => r[0]);

describe('ingestion', () => {
  it('two visitors launch, play and listen: visitors with their page, launches, unique visitors and listening per day', async () => {
    const before = {
      instance: await counts(app.db, shop.brandId, shop.id),
      brand: await counts(app.db, shop.brandId, NO_ID),
      platform: await counts(app.db, NO_ID, NO_ID),
    };
    const [a, b] = [randomUUID(), randomUUID()];
    // Each launches, then sends its events with its token (as a minute later).
    expect(await accepted(await send(app.url, { visitor_id: a, events: [launch(shop)] }, UK))).toBe(1);
    const aToken = minuteOld(shop, a);
    expect(
      await accepted(await send(app.url, { visitor_id: a, token: aToken, events: [play(shop), listen(shop, 30)] }, UK)),
    ).toBe(2);
    expect(await accepted(await send(app.url, { visitor_id: b, events: [launch(shop)] }))).toBe(1);
    expect(
      await accepted(
        await send(app.url, { visitor_id: b, token: minuteOld(shop, b), events: [play(shop), listen(shop, 12.5)] }),
      ),
    ).toBe(2);
    // the same visitor launches again: a launch, but not a new visitor nor a new unique one
    expect(await accepted(await send(app.url, { visitor_id: a, events: [launch(shop)] }, UK))).toBe(1);

    expect(await counts(app.db, shop.brandId, shop.id)).toEqual({
      launches: before.instance.launches + 3,
      unique: before.instance.unique + 2,
      fresh: before.instance.fresh,
    });
    expect(await counts(app.db, shop.brandId, NO_ID)).toEqual({
      launches: before.brand.launches + 3,
      unique: before.brand.unique + 2,
      fresh: before.brand.fresh + 2,
    });
    expect((await counts(app.db, NO_ID, NO_ID)).fresh).toBe(before.platform.fresh + 2);

    const played = await app.db
      .select({ plays: statsDaily.plays, seconds: statsDaily.listenSeconds })
      .from(statsDaily)
      .where(
        and(
          eq(statsDaily.instanceId, shop.id),
          eq(statsDaily.day, today),
          eq(statsDaily.productId, shop.product.id),
          eq(statsDaily.sourceId, shop.product.source),
        ),
      );
    expect(played).toEqual([{ plays: 2, seconds: 42.5 }]);
    // and per product: for the instance and for all of the brand's players, for the product and for all products
    const perProduct = await app.db
      .select({
        instance: statsDailyProducts.instanceId,
        product: statsDailyProducts.productId,
        plays: statsDailyProducts.plays,
        seconds: statsDailyProducts.listenSeconds,
      })
      .from(statsDailyProducts)
      .where(and(eq(statsDailyProducts.brandId, shop.brandId), eq(statsDailyProducts.day, today)));
    expect(perProduct.sort((x, y) => `${x.instance}${x.product}`.localeCompare(`${y.instance}${y.product}`))).toEqual(
      [
        { instance: NO_ID, product: NO_ID, plays: 2, seconds: 42.5 },
        { instance: NO_ID, product: shop.product.id, plays: 2, seconds: 42.5 },
        { instance: shop.id, product: NO_ID, plays: 2, seconds: 42.5 },
        { instance: shop.id, product: shop.product.id, plays: 2, seconds: 42.5 },
      ].sort((x, y) => `${x.instance}${x.product}`.localeCompare(`${y.instance}${y.product}`)),
    );

    // the sign-up URL is the host page without its query or fragment; the place is the address's
    expect(await visitor(app.db, a)).toMatchObject({
      signInCount: 1,
      signUpUrl: HOST_PAGE,
      countryName: 'United Kingdom',
      stateProv: 'England',
      city: 'London',
    });
    // a private address is nowhere
    expect(await visitor(app.db, b)).toMatchObject({ signUpUrl: HOST_PAGE, countryName: '', stateProv: '', city: '' });
    const [brandVisitor] = await app.db
      .select()
      .from(brandVisitors)
      .where(and(eq(brandVisitors.brandId, shop.brandId), eq(brandVisitors.visitorId, a)));
    expect(brandVisitor).toMatchObject({ signInCount: 1, signUpUrl: HOST_PAGE, countryName: 'United Kingdom' });

    // the raw events are kept too, with the widget
    const raw = await app.db.select().from(playerEvents).where(eq(playerEvents.visitorId, a));
    expect(raw.map((e) => [e.type, e.widgetType]).sort()).toEqual([
      ['launch', 'desktop'],
      ['launch', 'desktop'],
      ['listen', 'desktop'],
      ['play', 'desktop'],
    ]);
  });

  it('no table holds the address a visitor came from', async () => {
    await accepted(await send(app.url, { visitor_id: randomUUID(), events: [launch(shop)] }, UK));
    const columns = resultRows<{ table_name: string; column_name: string }>(
      await app.db.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'inet', 'jsonb')`),
    );
    const found: string[] = [];
    for (const c of columns) {
      const hit = resultRows<{ n: number }>(
        await app.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)}::text like ${`%${UK}%`}`,
        ),
      );
      if (hit[0].n) found.push(`${c.table_name}.${c.column_name}`);
    }
    expect(found).toEqual([]);
  });

  it('a launch after 30 minutes without activity is a sign in; activity without a launch keeps the visit going', async () => {
    const id = randomUUID();
    await accepted(await send(app.url, { visitor_id: id, events: [launch(shop)] }));
    const first = await visitor(app.db, id);
    // 20 minutes pass, the visitor listens (no launch): still the same visit
    await app.db.execute(sql`update visitors set last_seen_at = last_seen_at - interval '20 minutes' where id = ${id}`);
    await accepted(await send(app.url, { visitor_id: id, token: minuteOld(shop, id), events: [listen(shop, 5)] }));
    // 20 more minutes, a launch: within 30 minutes of the last activity, no sign in
    await app.db.execute(sql`update visitors set last_seen_at = last_seen_at - interval '20 minutes' where id = ${id}`);
    await accepted(await send(app.url, { visitor_id: id, events: [launch(second)] }));
    expect(await visitor(app.db, id)).toMatchObject({ signInCount: 1, updatedAt: first.updatedAt });
    // 31 minutes without anything, then a launch: a sign in, the last sign in is now
    await app.db.execute(sql`update visitors set last_seen_at = last_seen_at - interval '31 minutes' where id = ${id}`);
    await accepted(await send(app.url, { visitor_id: id, events: [launch(shop)] }));
    const signedIn = await visitor(app.db, id);
    expect(signedIn.signInCount).toBe(2);
    expect(signedIn.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
    expect(signedIn.createdAt).toEqual(first.createdAt);
  });

  it("once its instance is unpublished, a player's events are dropped at once (the remembered scope is dropped)", async () => {
    await until(async () => changeFeed(app.db).live || undefined);
    const brand = await makeBrand(app.db, 'Unpublishing Mics');
    const customer = await makeUser(app, 'customer', { brandId: brand.id });
    const gone = await publishedInstance(app, customer, brand.id, 'Soon gone');
    const id = randomUUID();
    expect(await accepted(await send(app.url, { visitor_id: id, events: [launch(gone)] }))).toBe(1);
    const res = await app.call('PUT', `/instances/${gone.id}`, {
      token: customer.token,
      body: { general: { name: 'Soon gone', is_published: 0 } },
    });
    expect(res.status).toBe(200);
    await until(
      async () =>
        (await accepted(await send(app.url, { visitor_id: id, token: minuteOld(gone, id), events: [play(gone)] }))) ===
        0
          ? true
          : undefined,
      5_000,
    );
  });

  it('events without a launch make no visitor', async () => {
    const id = randomUUID();
    const token = minuteOld(shop, id);
    expect(await accepted(await send(app.url, { visitor_id: id, token, events: [play(shop), listen(shop, 3)] }))).toBe(
      2,
    );
    expect(await visitor(app.db, id)).toBeUndefined();
  });

  it('a mobile widget batch names mobile instances only: one naming a desktop player is dropped', async () => {
    // Mobile batches are counted by their products' brands (test/mobile-events.test.ts).
    const mobileRows = () =>
      app.db
        .select()
        .from(statsDailyCounts)
        .where(and(eq(statsDailyCounts.instanceId, shop.id), eq(statsDailyCounts.widgetType, 'mobile')));
    expect(
      await accepted(await send(app.url, { visitor_id: randomUUID(), widget_type: 'mobile', events: [launch(shop)] })),
    ).toBe(0);
    expect(await mobileRows()).toEqual([]);
  });
});

describe('raw event partitions', () => {
  it('makes this month and the next two, moving what the default partition caught; running again changes nothing', async () => {
    const now = new Date();
    const names = [0, 1, 2].map((m) => monthPartition(now.getUTCFullYear(), now.getUTCMonth() + m).name);
    const stored = async () =>
      Number(resultRows<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from player_events`))[0].n);
    const before = await stored();
    expect(await ensureEventPartitions(app.db, now)).toEqual(names);
    expect(await ensureEventPartitions(app.db, now)).toEqual([]);
    const inDefault = resultRows<{ n: number }>(
      await app.db.execute(sql`select count(*)::int as n from only player_events_default`),
    )[0].n;
    expect(inDefault).toBe(0);
    expect(await stored()).toBe(before);
    // new events go to this month's partition
    await accepted(await send(app.url, { visitor_id: randomUUID(), events: [launch(shop)] }));
    const here = resultRows<{ n: number }>(
      await app.db.execute(sql`select count(*)::int as n from ${sql.identifier(names[0])}`),
    )[0].n;
    expect(here).toBe(before + 1);
  });
});

describe('closed months', () => {
  it("sums an ended month's per-product totals once, equal to its days", async () => {
    await accepted(
      await send(app.url, { visitor_id: randomUUID(), events: [launch(shop), play(shop), listen(shop, 12.5)] }),
    );
    const month = today.slice(0, 7);
    const daily = async () =>
      resultRows<{ k: string; plays: number; listened: number }>(
        await app.db.execute(sql`
          select brand_id || widget_type || instance_id || product_id as k, sum(plays)::int as plays,
            sum(listen_seconds)::float8 as listened
          from stats_daily_products where left(day, 7) = ${month} and product_id <> ${NO_ID}
          group by 1 order by 1`),
      );
    const monthly = async () =>
      resultRows<{ k: string; plays: number; listened: number }>(
        await app.db.execute(sql`
          select brand_id || widget_type || instance_id || product_id as k, plays, listen_seconds::float8 as listened
          from stats_monthly_products where month = ${month} order by 1`),
      );
    const expected = await daily();
    expect(expected.length).toBeGreaterThan(0);
    // Still this month: nothing to close. Early on the 1st of next month: not yet (a batch may be committing).
    expect(await closeMonths(app.db)).toEqual([]);
    const [y, m] = month.split('-').map(Number);
    expect(await closeMonths(app.db, new Date(Date.UTC(y, m, 1, 0, 30)))).toEqual([]);
    expect(await closeMonths(app.db, new Date(Date.UTC(y, m, 1, 2)))).toEqual([month]);
    expect(await monthly()).toEqual(expected);
    // Closed once: a second run (or another process) sums nothing again.
    expect(await closeMonths(app.db, new Date(Date.UTC(y, m, 1, 2)))).toEqual([]);
  });
});

describe.runIf(process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it("ingest the same visitor's batches at once without losing a count", async () => {
    // A second server in a process of its own (test/support/server-process.ts) on the same database.
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/server-process.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: app.databaseUrl, TRUST_PROXY: '1', EVENTS_SECRET: TEST_EVENTS_SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const otherUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (chunk) => {
          out += chunk;
          const found = /listening (\S+)/.exec(out);
          if (found) resolve(found[1]);
        });
        child.once('exit', (code) => reject(new Error(`the second server ended (${code})`)));
      });
      const before = await counts(app.db, shop.brandId, shop.id);
      const id = randomUUID();
      const batches = 30;
      // From as many addresses (one address's launches are capped), each batch a launch and a play with the token:
      // every launch counts, and the visitor's plays stop at their daily cap (docs/api.md), race-free.
      const token = minuteOld(shop, id);
      const results = await Promise.all(
        Array.from({ length: batches }, (_, n) =>
          send(
            n % 2 ? otherUrl : app.url,
            { visitor_id: id, token, events: [launch(shop), play(shop)] },
            `10.1.0.${n + 1}`,
          ),
        ),
      );
      const total = (await Promise.all(results.map(accepted))).reduce((sum, n) => sum + n, 0);
      expect(total).toBe(batches + STATS_CAPS.playsPerVisitorProductDay);
      expect(await counts(app.db, shop.brandId, shop.id)).toEqual({
        launches: before.launches + batches,
        unique: before.unique + 1,
        fresh: before.fresh,
      });
      expect(await visitor(app.db, id)).toMatchObject({ signInCount: 1 });
      const raw = await app.db.select().from(playerEvents).where(eq(playerEvents.visitorId, id));
      expect(raw).toHaveLength(batches + STATS_CAPS.playsPerVisitorProductDay);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 60_000);
});
