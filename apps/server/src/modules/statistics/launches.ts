import type { BrandActivity, BrandActivityQuery, LaunchDailyQuery, LaunchPoint } from '@atk/contract';
import { ALL_BRANDS } from '@atk/contract';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, NO_ID, statsDailyCounts, statsDailyProducts, statsDailyVisitors } from '../../db/schema.ts';
import type { SessionUser } from '../sessions/service.ts';
import { eachDay } from './months.ts';
import { ofScope, statisticsScope } from './scope.ts';

/**
 * The launches' reads (docs/api.md "Statistics"): launches and unique visitors per day, and every brand's activity.
 * Read from the rollups ingestion keeps (stats_daily_counts, stats_daily_visitors, stats_daily_products), never the
 * raw player_events, so a year's series is a few hundred rows whatever the number of events.
 */

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
  const scope = await statisticsScope(db, user, q);
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
    scope === ALL_BRANDS
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
