import type { DayPoint, DayRangeQuery, Visitor, VisitorsDailyQuery } from '@atk/contract';
import { ALL_BRANDS } from '@atk/contract';
import { and, asc, between, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Page, pageOffset } from '../../db/query.ts';
import { brandVisitors, NO_ID, statsDailyCounts, visitors } from '../../db/schema.ts';
import type { SessionUser } from '../sessions/service.ts';
import { eachDay } from './months.ts';
import { statisticsScope } from './scope.ts';

/**
 * The visitors' reads (docs/api.md "Statistics"): the platform's and a brand's visitors, and their new visitors per
 * day. Read from what ingestion keeps (visitors, brand_visitors, stats_daily_counts), never the raw player_events.
 */

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
  const brandId = await statisticsScope(db, user, q);
  if (brandId === ALL_BRANDS) return listVisitors(db, q);
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
  const scope = await statisticsScope(db, user, q);
  return scope === ALL_BRANDS ? platformVisitorsDaily(db, q) : newVisitorSeries(db, scope, q);
}
