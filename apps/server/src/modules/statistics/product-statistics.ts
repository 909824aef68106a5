import type { DayPoint, ProductStatisticsQuery, ProductTotalsList } from '@atk/contract';
import { and, asc, between, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  NO_ID,
  products,
  statsDailyClicks,
  statsDailyProducts,
  statsMonthlyClicks,
  statsMonthlyProducts,
} from '../../db/schema.ts';
import type { SessionUser } from '../sessions/service.ts';
import { closedMonthsIn, eachDay, rangeParts } from './months.ts';
import { ofScope, type Scope, statisticsScope } from './scope.ts';

/**
 * The product statistics' reads (docs/api.md "Statistics"): plays and listening per day, and per product over a
 * range with its buy clicks. Read from the rollups ingestion keeps (stats_daily_products and stats_daily_clicks, and
 * the closed months' stats_monthly_products and stats_monthly_clicks), never the raw player_events.
 */

/** Listening seconds are sums of fractional seconds: rounded to the millisecond, so no float noise shows. */
const seconds = (s: number) => Math.round(s * 1000) / 1000;

/**
 * stats_daily_products rows of the brand's players in the range, for one instance or all (NO_ID), narrowed to
 * `product`: one product (or NO_ID, all products) for a series, by its primary key's prefix, so at most a row a day.
 */
function productRows(scope: Scope, q: ProductStatisticsQuery, product: SQL | undefined): SQL | undefined {
  const p = statsDailyProducts;
  return and(
    ofScope(p.brandId, scope),
    eq(p.widgetType, q.widget_type),
    eq(p.instanceId, q.instance_id ?? NO_ID),
    product,
    between(p.day, q.start, q.end),
  );
}

/** Plays, or listening seconds, per day of the brand's players (one product or all), and the range's total. */
export async function productSeries(
  db: Db,
  user: SessionUser,
  q: ProductStatisticsQuery,
  measure: 'plays' | 'listening_time',
): Promise<{ series: DayPoint[]; total_num: number; dropped: number }> {
  const brandId = await statisticsScope(db, user, q);
  const p = statsDailyProducts;
  const [value, dropped] = measure === 'plays' ? [p.plays, p.droppedPlays] : [p.listenSeconds, p.droppedListenSeconds];
  // a row a day for a brand; with all brands, a row per brand and day, summed
  const rows = await db
    .select({ day: p.day, value: sql<number>`sum(${value})`, dropped: sql<number>`sum(${dropped})` })
    .from(p)
    .where(productRows(brandId, q, eq(p.productId, q.product_id ?? NO_ID)))
    .groupBy(p.day);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.value)]));
  const series = eachDay(q.start, q.end).map((date) => ({ date, total: seconds(byDay.get(date) ?? 0) }));
  return {
    series,
    total_num: seconds(series.reduce((sum, point) => sum + point.total, 0)),
    dropped: seconds(rows.reduce((sum, r) => sum + Number(r.dropped), 0)),
  };
}

/**
 * Per product played or clicked in the brand's players (or one instance's): its plays, listening seconds and buy
 * clicks in the range, most played first. A product of another brand shown in this brand's players is listed too: the
 * plays are this brand's. Products nobody played, listened to or clicked are left out.
 */
export async function productTotals(db: Db, user: SessionUser, q: ProductStatisticsQuery): Promise<ProductTotalsList> {
  const [brandId, closed] = await Promise.all([statisticsScope(db, user, q), closedMonthsIn(db, q.start, q.end)]);
  const dropped = droppedOfProducts(db, brandId, q);
  // Totals per product first, then their names: a join before the grouping would look up a product row for every
  // day of every product. Closed months come from their monthly totals, the other days from the covering index by
  // day (./months.ts), each run of days its own index range.
  const parts = rangeParts(q.start, q.end, closed);
  const p = statsDailyProducts;
  const m = statsMonthlyProducts;
  const scope = (t: typeof p | typeof m) =>
    and(
      ofScope(t.brandId, brandId),
      eq(t.widgetType, q.widget_type),
      eq(t.instanceId, q.instance_id ?? NO_ID),
      // NO_ID as a literal, not a parameter: so PostgreSQL can match the partial index's predicate in any plan.
      q.product_id ? eq(t.productId, q.product_id) : sql`${t.productId} <> ${sql.raw(`'${NO_ID}'::uuid`)}`,
    );
  // Clicks keep only the real instance (no all-instances row): a brand's clicks of a day are a short index range.
  const k = statsDailyClicks;
  const km = statsMonthlyClicks;
  const clicked = (t: typeof k | typeof km) =>
    and(
      ofScope(t.brandId, brandId),
      eq(t.widgetType, q.widget_type),
      q.instance_id ? eq(t.instanceId, q.instance_id) : undefined,
      q.product_id ? eq(t.productId, q.product_id) : undefined,
    );
  // named in every piece: the first piece names the union's columns, and which piece comes first depends on the range
  const none = (name: string) => sql<number>`0`.as(name);
  const pieces = [
    ...parts.days.map((run) =>
      db
        .select({ productId: p.productId, plays: p.plays, listened: p.listenSeconds, clicks: none('clicks') })
        .from(p)
        .where(and(scope(p), between(p.day, run.from, run.to))),
    ),
    ...parts.days.map((run) =>
      db
        .select({ productId: k.productId, plays: none('plays'), listened: none('listened'), clicks: k.clicks })
        .from(k)
        .where(and(clicked(k), between(k.day, run.from, run.to))),
    ),
    ...(parts.months.length
      ? [
          db
            .select({ productId: m.productId, plays: m.plays, listened: m.listenSeconds, clicks: none('clicks') })
            .from(m)
            .where(and(scope(m), inArray(m.month, parts.months))),
          db
            .select({ productId: km.productId, plays: none('plays'), listened: none('listened'), clicks: km.clicks })
            .from(km)
            .where(and(clicked(km), inArray(km.month, parts.months))),
        ]
      : []),
  ];
  const all = pieces
    .slice(1)
    .reduce((union, piece) => union.unionAll(piece) as typeof union, pieces[0])
    .as('parts');
  const totals = db
    .select({
      productId: all.productId,
      plays: sql<number>`sum(${all.plays})::int`.as('plays'),
      listened: sql<number>`sum(${all.listened})`.as('listened'),
      clicks: sql<number>`sum(${all.clicks})::int`.as('clicks'),
    })
    .from(all)
    .groupBy(all.productId)
    .as('totals');
  const rows = await db
    .select({
      product_id: totals.productId,
      name: products.name,
      plays: totals.plays,
      listening_time: totals.listened,
      clicks: totals.clicks,
    })
    .from(totals)
    .innerJoin(products, eq(products.id, totals.productId))
    .where(sql`${totals.plays} > 0 or ${totals.listened} > 0 or ${totals.clicks} > 0`)
    .orderBy(desc(totals.plays), asc(products.name), asc(totals.productId));
  return {
    list: rows.map((r) => ({
      ...r,
      plays: Number(r.plays),
      listening_time: seconds(Number(r.listening_time)),
      clicks: Number(r.clicks),
    })),
    dropped: await dropped,
  };
}

/**
 * What ingestion dropped of the range's plays, listening and clicks, of the one product asked or every product
 * together (the all-products rows, product NO_ID; the clicks of every product summed): daily rows, as a series
 * reads (the monthly totals keep no dropped counts).
 */
async function droppedOfProducts(db: Db, scope: Scope, q: ProductStatisticsQuery) {
  const p = statsDailyProducts;
  const k = statsDailyClicks;
  const [[row], [clicks]] = await Promise.all([
    db
      .select({
        plays: sql<number>`coalesce(sum(${p.droppedPlays}), 0)`,
        listened: sql<number>`coalesce(sum(${p.droppedListenSeconds}), 0)`,
      })
      .from(p)
      .where(productRows(scope, q, eq(p.productId, q.product_id ?? NO_ID))),
    db
      .select({ n: sql<number>`coalesce(sum(${k.droppedClicks}), 0)` })
      .from(k)
      .where(
        and(
          ofScope(k.brandId, scope),
          eq(k.widgetType, q.widget_type),
          between(k.day, q.start, q.end),
          q.instance_id ? eq(k.instanceId, q.instance_id) : undefined,
          q.product_id ? eq(k.productId, q.product_id) : undefined,
        ),
      ),
  ]);
  return {
    plays: Number(row?.plays ?? 0),
    listening_time: seconds(Number(row?.listened ?? 0)),
    clicks: Number(clicks?.n ?? 0),
  };
}
