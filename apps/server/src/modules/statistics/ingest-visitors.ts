import { VISITOR_SESSION_GAP_MINUTES } from '@atk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { NO_ID } from '../../db/schema.ts';

/**
 * The fold's visitors (./ingest.ts foldBatch): for a batch with a launch the visitor (visitors, and per brand
 * brand_visitors: created on the first launch, a sign in counted when the last activity is older than
 * VISITOR_SESSION_GAP_MINUTES), the day's unique visitors (stats_daily_visitors, insert-if-absent) and the counts
 * the screens read (stats_daily_counts: launches, unique, new and strict visitors, dropped launches). A batch
 * without a launch only marks the visitor active; a strict batch writes no visitor and marks none active.
 *
 * Common table expressions over the fold's `t`, `judged`, `ev` and `launched`, defined before them. A unique
 * visitor is counted only by the statement whose insert into stats_daily_visitors took (RETURNING), and a new
 * visitor only by the one whose insert created the row (`xmax = 0`).
 */
export function foldVisitors(
  v: Record<'visitorId' | 'widgetType' | 'pageUrl' | 'country' | 'region' | 'city' | 'strict', unknown>,
): SQL {
  const gap = `${VISITOR_SESSION_GAP_MINUTES} minutes`;
  // a parameter, not text: the statement is compiled once (./ingest.ts FOLD)
  const strict = sql`${v.strict}::boolean`;
  return sql`
    visitor as (
      insert into visitors as v
        (id, sign_up_url, country_name, state_prov, city, created_at, updated_at, last_seen_at, launches)
      select ${v.visitorId}, ${v.pageUrl}, ${v.country}, ${v.region},
             ${v.city}, t.at, t.at, t.at, (select sum(launches) from launched)
      from t where exists (select 1 from launched) and not ${strict}
      on conflict (id) do update set
        launches = v.launches + excluded.launches,
        sign_in_count = v.sign_in_count + (v.last_seen_at < excluded.last_seen_at - ${gap}::interval)::int,
        updated_at = case when v.last_seen_at < excluded.last_seen_at - ${gap}::interval
                          then excluded.updated_at else v.updated_at end,
        last_seen_at = excluded.last_seen_at
      returning (xmax = 0) as created
    ),
    brand_visitor as (
      insert into brand_visitors as b
        (brand_id, visitor_id, sign_up_url, country_name, state_prov, city, created_at, updated_at, last_seen_at,
         launches)
      select brand_id, ${v.visitorId}::uuid, ${v.pageUrl}, ${v.country},
             ${v.region}, ${v.city}, t.at, t.at, t.at, sum(launches)
      from launched, t
      where not ${strict}
      group by brand_id, t.at
      order by 1
      on conflict (brand_id, visitor_id) do update set
        launches = b.launches + excluded.launches,
        sign_in_count = b.sign_in_count + (b.last_seen_at < excluded.last_seen_at - ${gap}::interval)::int,
        updated_at = case when b.last_seen_at < excluded.last_seen_at - ${gap}::interval
                          then excluded.updated_at else b.updated_at end,
        last_seen_at = excluded.last_seen_at
      returning brand_id, (xmax = 0) as created
    ),
    active as (
      update visitors set last_seen_at = t.at from t
      where id = ${v.visitorId} and not exists (select 1 from launched) and exists (select 1 from ev)
        and not ${strict}
    ),
    active_brand as (
      update brand_visitors set last_seen_at = t.at from t
      where visitor_id = ${v.visitorId} and not exists (select 1 from launched)
        and brand_id in (select brand_id from ev) and not ${strict}
    ),
    uniq as (
      insert into stats_daily_visitors (brand_id, day, instance_id, widget_type, visitor_id)
      select brand_id, t.day, instance_id, ${v.widgetType}, ${v.visitorId}::uuid from launched, t
      union
      select brand_id, t.day, ${NO_ID}::uuid, ${v.widgetType}, ${v.visitorId}::uuid from launched, t
      order by 1, 2, 3
      on conflict do nothing
      returning brand_id, instance_id
    ),
    counted as (
      select scope_id, instance_id, sum(launches) as launches, sum(uniq) as uniq, sum(new) as new,
             sum(dropped) as dropped
      from (
        select brand_id as scope_id, instance_id, count(*) filter (where ok) as launches, 0 as uniq, 0 as new,
               count(*) filter (where not ok) as dropped
          from judged where type = 'launch' group by 1, 2
        union all
        select brand_id, ${NO_ID}::uuid, count(*) filter (where ok), 0, 0, count(*) filter (where not ok)
          from judged where type = 'launch' group by 1
        union all
        select brand_id, instance_id, 0, count(*), 0, 0 from uniq group by 1, 2
        union all
        select brand_id, ${NO_ID}::uuid, 0, 0, count(*), 0 from brand_visitor where created group by 1
        union all
        select ${NO_ID}::uuid, ${NO_ID}::uuid, 0, 0, count(*), 0 from visitor where created having count(*) > 0
      ) x
      group by 1, 2
    ),
    counts as (
      insert into stats_daily_counts as c
        (scope_id, day, instance_id, widget_type, launches, unique_visitors, new_visitors, dropped_launches,
         strict_launches)
      select scope_id, t.day, instance_id, ${v.widgetType}, launches, uniq, new, dropped,
             case when ${strict} then launches else 0 end
      from counted, t
      order by 1, 2, 3
      on conflict on constraint stats_daily_counts_pk do update set
        launches = c.launches + excluded.launches,
        unique_visitors = c.unique_visitors + excluded.unique_visitors,
        new_visitors = c.new_visitors + excluded.new_visitors,
        dropped_launches = c.dropped_launches + excluded.dropped_launches,
        strict_launches = c.strict_launches + excluded.strict_launches
    )`;
}
