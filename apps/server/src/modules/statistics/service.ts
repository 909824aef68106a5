import type {
  BrandActivity,
  BrandActivityQuery,
  DayPoint,
  DayRangeQuery,
  LaunchDailyQuery,
  LaunchPoint,
  ProductStatisticsQuery,
  ProductTotalsList,
  Visitor,
  VisitorsDailyQuery,
} from '@atk/contract';
import { ALL_BRANDS, MSG } from '@atk/contract';
import { and, asc, between, type Column, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Page, pageOffset } from '../../db/query.ts';
import {
  brands,
  brandVisitors,
  instances,
  NO_ID,
  products,
  statsDailyCounts,
  statsDailyProducts,
  statsDailyVisitors,
  statsMonthlyProducts,
  visitors,
} from '../../db/schema.ts';
import { getLive } from '../../db/soft-delete.ts';
import { badRequest } from '../../platform/errors.ts';
import type { SessionUser } from '../sessions/service.ts';
import { ownBrand } from '../tenancy.ts';
import { closedMonthsIn, rangeParts } from './months.ts';

/**
 * The statistics reads (docs/api.md "Statistics"). They read only the rollups ingestion keeps (stats_daily_counts,
 * stats_daily_products, visitors, brand_visitors), never the raw player_events, so a year's series is a few hundred rows
 * whatever the number of events.
 */

/** Every UTC day from `start` to `end`, both included. */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`), last = Date.parse(`${end}T00:00:00Z`); t <= last; t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Listening seconds are sums of fractional seconds: rounded to the millisecond, so no float noise shows. */
const seconds = (s: number) => Math.round(s * 1000) / 1000;

/** The brand a statistics query reads, or every brand together (ALL, operators only). */
type Scope = string | typeof ALL_BRANDS;
const ALL = ALL_BRANDS;
/** A brand column narrowed to the scope (nothing for all brands). */
const ofScope = (column: Column, scope: Scope) => (scope === ALL ? undefined : eq(column, scope));

/**
 * The brand a statistics query reads: a customer's own (a `brand_id` it sends is ignored); operators (admins, and
 * the atk operator on the product paths) name it, and it must exist, or name ALL_BRANDS.
 */
export async function statisticsBrand(db: Db, user: SessionUser, requested: string | undefined): Promise<Scope> {
  if (user.role === 'customer') return ownBrand(user) as string;
  if (!requested) throw badRequest('brand_id is required');
  if (requested === ALL) return ALL;
  await getLive(db, brands, requested, MSG.brandNotFound);
  return requested;
}

/**
 * An instance or product filter must be of the brand read: another brand's is a 404, as everywhere. With all
 * brands, any live one.
 */
async function checkFilters(db: Db, scope: Scope, q: { instance_id?: string; product_id?: string }) {
  await Promise.all([
    q.instance_id &&
      getLive(db, instances, q.instance_id, MSG.instanceNotFound, { where: ofScope(instances.brandId, scope) }),
    q.product_id &&
      getLive(db, products, q.product_id, MSG.productNotFound, { where: ofScope(products.brandId, scope) }),
  ]);
}

// ── Visitors ─────────────────────────────────────────────────────────────────────────────────────────

type VisitorRow = Omit<typeof visitors.$inferSelect, 'lastSeenAt'>;
const toVisitor = (v: VisitorRow): Visitor => ({
  _id: v.id,
  sign_in_count: v.signInCount,
  launches: v.launches,
  sign_up_url: v.signUpUrl,
  country_name: v.countryName,
  state_prov: v.stateProv,
  city: v.city,
  created_at: v.createdAt.toISOString(),
  updated_at: v.updatedAt.toISOString(),
});

/**
 * How many visitors a scope has: the sum of its daily new visitors (exact, ingestion counts each first launch
 * once), a few hundred rows a year where count(*) would walk a million visitors.
 */
async function visitorCount(db: Db, scopeId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${statsDailyCounts.newVisitors}), 0)::int` })
    .from(statsDailyCounts)
    .where(and(eq(statsDailyCounts.scopeId, scopeId), eq(statsDailyCounts.instanceId, NO_ID)));
  return Number(row.n);
}

/** Every visitor of the platform, newest sign up first (the order of visitors_created_idx). */
export async function listVisitors(db: Db, q: Page) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(visitors)
      .orderBy(desc(visitors.createdAt), asc(visitors.id))
      .limit(q.page_size)
      .offset(pageOffset(q)),
    visitorCount(db, NO_ID),
  ]);
  return { list: rows.map(toVisitor), total_num: total };
}

/** The brand's visitors: each with its sign up, sign ins and place as the brand saw them (brand_visitors). */
export async function listBrandVisitors(db: Db, user: SessionUser, q: Page & { brand_id?: string }) {
  const brandId = await statisticsBrand(db, user, q.brand_id);
  if (brandId === ALL) return listVisitors(db, q);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(brandVisitors)
      .where(eq(brandVisitors.brandId, brandId))
      .orderBy(desc(brandVisitors.createdAt), asc(brandVisitors.visitorId))
      .limit(q.page_size)
      .offset(pageOffset(q)),
    visitorCount(db, brandId),
  ]);
  return { list: rows.map(({ visitorId, ...v }) => toVisitor({ ...v, id: visitorId })), total_num: total };
}

// ── Daily series ─────────────────────────────────────────────────────────────────────────────────────

/** A scope's new visitors per day (every widget type together), and the launches it dropped in the range. */
const newVisitorSeries = async (
  db: Db,
  scopeId: string,
  range: DayRangeQuery,
): Promise<{ series: DayPoint[]; dropped: number; strict_launches: number }> => {
  const c = statsDailyCounts;
  const rows = await db
    .select({
      day: c.day,
      fresh: sql<number>`sum(${c.newVisitors})::int`,
      dropped: sql<number>`sum(${c.droppedLaunches})::int`,
      strict: sql<number>`sum(${c.strictLaunches})::int`,
    })
    .from(c)
    .where(and(eq(c.scopeId, scopeId), eq(c.instanceId, NO_ID), between(c.day, range.start, range.end)))
    .groupBy(c.day);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.fresh ?? 0)]));
  return {
    series: eachDay(range.start, range.end).map((date) => ({ date, total: byDay.get(date) ?? 0 })),
    dropped: rows.reduce((sum, r) => sum + Number(r.dropped ?? 0), 0),
    strict_launches: rows.reduce((sum, r) => sum + Number(r.strict ?? 0), 0),
  };
};

/**
 * New visitors of the platform per day (their first launch of any player); `dropped`: launches dropped in every
 * brand's players (and the mobile widget's, whose launches count for the nil brand).
 */
export async function platformVisitorsDaily(db: Db, range: DayRangeQuery) {
  const c = statsDailyCounts;
  const [{ series }, [all]] = await Promise.all([
    newVisitorSeries(db, NO_ID, range),
    db
      .select({
        dropped: sql<number>`coalesce(sum(${c.droppedLaunches}), 0)::int`,
        strict: sql<number>`coalesce(sum(${c.strictLaunches}), 0)::int`,
      })
      .from(c)
      .where(and(eq(c.instanceId, NO_ID), between(c.day, range.start, range.end))),
  ]);
  return { series, dropped: Number(all?.dropped ?? 0), strict_launches: Number(all?.strict ?? 0) };
}

/** New visitors of the brand per day (their first launch of one of its players); of all brands, the platform's. */
export async function brandVisitorsDaily(db: Db, user: SessionUser, q: VisitorsDailyQuery) {
  const scope = await statisticsBrand(db, user, q.brand_id);
  return scope === ALL ? platformVisitorsDaily(db, q) : newVisitorSeries(db, scope, q);
}

/**
 * Launches and unique visitors per day, of one instance of the brand or of all of them (all brands: every brand's
 * launches, and the mobile widget's), and the range's launches and distinct visitors. A unique visitor is counted
 * per widget type (a day's rows of stats_daily_visitors), so `unique_num` is at most the days' uniques summed, which
 * are at most the launches.
 */
export async function launchDaily(
  db: Db,
  user: SessionUser,
  q: LaunchDailyQuery,
): Promise<{ series: LaunchPoint[]; total_num: number; unique_num: number; dropped: number }> {
  const scope = await statisticsBrand(db, user, q.brand_id);
  await checkFilters(db, scope, q);
  const instanceId = q.instance_id ?? NO_ID;
  const c = statsDailyCounts;
  const v = statsDailyVisitors;
  const days = between(v.day, q.start, q.end);
  const visitorsOf = and(ofScope(v.brandId, scope), days, eq(v.instanceId, instanceId));
  // distinct visitors per widget type, added up in JS: a distinct over (widget, visitor) records sorts far slower
  const distinct = sql<number>`count(distinct ${v.visitorId})::int`;
  const [counts, uniqueByDay, range] = await Promise.all([
    db
      .select({
        day: c.day,
        launches: sql<number>`sum(${c.launches})::int`,
        unique: sql<number>`sum(${c.uniqueVisitors})::int`,
        dropped: sql<number>`sum(${c.droppedLaunches})::int`,
      })
      .from(c)
      .where(and(ofScope(c.scopeId, scope), eq(c.instanceId, instanceId), between(c.day, q.start, q.end)))
      .groupBy(c.day),
    // A brand's daily uniques are counted at ingestion; across brands a visitor of two brands is one.
    scope === ALL
      ? db.select({ day: v.day, unique: distinct }).from(v).where(visitorsOf).groupBy(v.day, v.widgetType)
      : Promise.resolve(null),
    db.select({ unique: distinct }).from(v).where(visitorsOf).groupBy(v.widgetType),
  ]);
  const byDay = new Map(counts.map((r) => [r.day, r]));
  const uniques = uniqueByDay && new Map<string, number>();
  for (const r of uniqueByDay ?? []) uniques?.set(r.day, (uniques.get(r.day) ?? 0) + Number(r.unique));
  const series = eachDay(q.start, q.end).map((date) => {
    const row = byDay.get(date);
    return {
      date,
      total: Number(row?.launches ?? 0),
      unique: uniques ? (uniques.get(date) ?? 0) : Number(row?.unique ?? 0),
    };
  });
  return {
    series,
    total_num: series.reduce((sum, p) => sum + p.total, 0),
    unique_num: range.reduce((sum, r) => sum + Number(r.unique), 0),
    dropped: counts.reduce((sum, r) => sum + Number(r.dropped ?? 0), 0),
  };
}

/**
 * Every live brand with its launches and plays in the range (of one widget type, or all), most active first, then
 * by name: the operators' brand filter opens on the first.
 */
export async function brandActivity(db: Db, q: BrandActivityQuery): Promise<{ list: BrandActivity[] }> {
  const c = statsDailyCounts;
  const p = statsDailyProducts;
  const launches = db
    .select({
      brandId: sql<string>`${c.scopeId}`.as('launch_brand'),
      n: sql<number>`sum(${c.launches})`.as('launches'),
    })
    .from(c)
    .where(
      and(
        eq(c.instanceId, NO_ID),
        between(c.day, q.start, q.end),
        q.widget_type ? eq(c.widgetType, q.widget_type) : undefined,
      ),
    )
    .groupBy(c.scopeId)
    .as('l');
  const plays = db
    .select({ brandId: sql<string>`${p.brandId}`.as('play_brand'), n: sql<number>`sum(${p.plays})`.as('plays') })
    .from(p)
    .where(
      and(
        eq(p.instanceId, NO_ID),
        eq(p.productId, NO_ID),
        between(p.day, q.start, q.end),
        q.widget_type ? eq(p.widgetType, q.widget_type) : undefined,
      ),
    )
    .groupBy(p.brandId)
    .as('p');
  const rows = await db
    .select({
      _id: brands.id,
      name: brands.name,
      launches: sql<number>`coalesce(${launches.n}, 0)::int`,
      plays: sql<number>`coalesce(${plays.n}, 0)::int`,
    })
    .from(brands)
    .leftJoin(launches, eq(launches.brandId, brands.id))
    .leftJoin(plays, eq(plays.brandId, brands.id))
    .where(eq(brands.isDeleted, false))
    .orderBy(sql`coalesce(${launches.n}, 0) + coalesce(${plays.n}, 0) desc`, asc(brands.name), asc(brands.id));
  return { list: rows.map((r) => ({ ...r, launches: Number(r.launches), plays: Number(r.plays) })) };
}

// ── Products ─────────────────────────────────────────────────────────────────────────────────────────

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
  const brandId = await statisticsBrand(db, user, q.brand_id);
  await checkFilters(db, brandId, q);
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
 * Per product played in the brand's players (or one instance's): its plays and listening seconds in the range,
 * most played first. A product of another brand shown in this brand's players is listed too: the plays are this
 * brand's. Products nobody played or listened to are left out.
 */
export async function productTotals(db: Db, user: SessionUser, q: ProductStatisticsQuery): Promise<ProductTotalsList> {
  const brandId = await statisticsBrand(db, user, q.brand_id);
  const [, closed] = await Promise.all([checkFilters(db, brandId, q), closedMonthsIn(db, q.start, q.end)]);
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
  const pieces = [
    ...parts.days.map((run) =>
      db
        .select({ productId: p.productId, plays: p.plays, listened: p.listenSeconds })
        .from(p)
        .where(and(scope(p), between(p.day, run.from, run.to))),
    ),
    ...(parts.months.length
      ? [
          db
            .select({ productId: m.productId, plays: m.plays, listened: m.listenSeconds })
            .from(m)
            .where(and(scope(m), inArray(m.month, parts.months))),
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
    })
    .from(totals)
    .innerJoin(products, eq(products.id, totals.productId))
    .where(sql`${totals.plays} > 0 or ${totals.listened} > 0`)
    .orderBy(desc(totals.plays), asc(products.name), asc(totals.productId));
  return {
    list: rows.map((r) => ({ ...r, plays: Number(r.plays), listening_time: seconds(Number(r.listening_time)) })),
    dropped: await dropped,
  };
}

/**
 * What ingestion dropped of the range's plays and listening, of the one product asked or every product together (the
 * all-products rows, product NO_ID): a row a day, as a series reads (the monthly totals keep no dropped counts).
 */
async function droppedOfProducts(db: Db, scope: Scope, q: ProductStatisticsQuery) {
  const p = statsDailyProducts;
  const [row] = await db
    .select({
      plays: sql<number>`coalesce(sum(${p.droppedPlays}), 0)`,
      listened: sql<number>`coalesce(sum(${p.droppedListenSeconds}), 0)`,
    })
    .from(p)
    .where(productRows(scope, q, eq(p.productId, q.product_id ?? NO_ID)));
  return { plays: Number(row?.plays ?? 0), listening_time: seconds(Number(row?.listened ?? 0)) };
}
