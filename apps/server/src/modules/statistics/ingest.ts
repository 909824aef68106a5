import { VISITOR_SESSION_GAP_MINUTES, type WidgetType } from '@atk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeNamed } from '../../db/client.ts';
import { NO_ID } from '../../db/schema.ts';
import type { Place } from '../../platform/geo.ts';
import { hitStatement, type Limit, resultRows } from '../../platform/rate-limit.ts';

/** One event the player sent, checked against its instance (modules/player/events.ts). */
export interface CheckedEvent {
  instance_id: string;
  brand_id: string;
  type: 'launch' | 'play' | 'listen';
  product_id: string | null;
  song_id: string | null;
  source_id: string | null;
  seconds: number | null;
}

export interface Batch {
  visitorId: string;
  widgetType: WidgetType;
  /** The host page, origin and path: a new visitor's sign-up URL. */
  pageUrl: string;
  place: Place;
  events: CheckedEvent[];
  /** The sender's rate-limit hit (platform/rate-limit.ts), counted by the same statement. */
  hit: { key: string; limit: Limit };
}

/** How often a statement that lost a deadlock to another server process is tried again. */
const DEADLOCK_RETRIES = 3;

/**
 * Stores a batch and folds it into the statistics, in ONE statement (so one round trip, and all of it or
 * nothing): the raw events; the daily rollup (stats_daily: launches, plays, listening seconds per day × brand ×
 * instance × product × song × source × widget, and per product in stats_daily_products); and for a batch with a launch the visitor (visitors, and per
 * brand brand_visitors: created on the first launch, a sign in counted when the last activity is older than
 * VISITOR_SESSION_GAP_MINUTES), the day's unique visitors (stats_daily_visitors, insert-if-absent) and the
 * counts the screens read (stats_daily_counts). A batch without a launch only marks the visitor active.
 *
 * The same statement counts the sender's rate-limit hit (rate_limits, as takeHit would) and writes nothing else
 * when the window is full: it answers whether the batch was allowed. One round trip and one commit per batch
 * instead of two: on this 2-core machine the sends to PostgreSQL were a third of the server's CPU per batch.
 * The commit does not wait for its WAL flush (`synchronous_commit` off for this transaction only): these are
 * statistics, and a crash of PostgreSQL may lose the last few hundred milliseconds of batches (never half of
 * one), which is acceptable (docs/architecture.md "Statistics figures").
 *
 * Race-free between server processes without reading first: a visitor's row is created or updated by
 * INSERT … ON CONFLICT under its row lock; a unique visitor is counted only by the statement whose insert into
 * stats_daily_visitors took (RETURNING), and a new visitor only by the one whose insert created the row
 * (`xmax = 0`). Rows are written in key order so two statements lock them in the same order (the rate-limit row
 * first: every write reads its answer); a deadlock that still happens (two processes, tables touched in another
 * order) is retried.
 */
export async function foldBatch(db: Db, batch: Batch): Promise<boolean> {
  const statement = foldStatement(batch);
  for (let attempt = 1; ; attempt++) {
    try {
      return resultRows<{ allowed: boolean }>(await executeNamed(db, 'fold_player_events', statement))[0].allowed;
    } catch (err) {
      if (attempt > DEADLOCK_RETRIES || !isDeadlock(err)) throw err;
    }
  }
}

/** foldBatch's statement (also for EXPLAIN). */
export function foldStatement(batch: Batch): SQL {
  const events = JSON.stringify(batch.events);
  const gap = `${VISITOR_SESSION_GAP_MINUTES} minutes`;
  return sql`
    with no_flush_wait as (select set_config('synchronous_commit', 'off', true)),
    hit as (${hitStatement(batch.hit.key, batch.hit.limit)}),
    allowed as (select count <= ${batch.hit.limit.max} as ok from hit),
    ev as (
      select * from jsonb_to_recordset(${events}::jsonb) as e(
        instance_id uuid, brand_id uuid, type text, product_id uuid, song_id uuid, source_id uuid, seconds float8)
      where (select ok from allowed)
    ),
    t as (select now() as at, to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as day),
    launched as (select distinct brand_id, instance_id from ev where type = 'launch'),
    raw as (
      insert into player_events
        (instance_id, brand_id, visitor_id, widget_type, type, product_id, song_id, source_id, seconds, created_at)
      select instance_id, brand_id, ${batch.visitorId}, ${batch.widgetType}, type, product_id, song_id, source_id,
             seconds, t.at
      from ev, t
    ),
    rolled as (
      insert into stats_daily as d
        (brand_id, day, instance_id, widget_type, product_id, song_id, source_id, launches, plays, listen_seconds)
      select brand_id, t.day, instance_id, ${batch.widgetType},
             coalesce(product_id, ${NO_ID}), coalesce(song_id, ${NO_ID}), coalesce(source_id, ${NO_ID}),
             count(*) filter (where type = 'launch'), count(*) filter (where type = 'play'),
             coalesce(sum(seconds) filter (where type = 'listen'), 0)
      from ev, t
      group by 1, 2, 3, 4, 5, 6, 7
      order by 1, 2, 3, 4, 5, 6, 7
      on conflict on constraint stats_daily_pk do update set
        launches = d.launches + excluded.launches,
        plays = d.plays + excluded.plays,
        listen_seconds = d.listen_seconds + excluded.listen_seconds
    ),
    per_product as (
      insert into stats_daily_products as p
        (brand_id, day, widget_type, instance_id, product_id, plays, listen_seconds)
      select brand_id, t.day, ${batch.widgetType}, inst, prod,
             count(*) filter (where type = 'play'), coalesce(sum(seconds) filter (where type = 'listen'), 0)
      from ev, t,
           lateral (values (instance_id), (${NO_ID}::uuid)) i(inst),
           lateral (values (product_id), (${NO_ID}::uuid)) q(prod)
      where ev.product_id is not null and type in ('play', 'listen')
      group by 1, 2, 3, 4, 5
      order by 1, 3, 4, 5, 2
      on conflict on constraint stats_daily_products_pk do update set
        plays = p.plays + excluded.plays,
        listen_seconds = p.listen_seconds + excluded.listen_seconds
    ),
    visitor as (
      insert into visitors as v
        (id, sign_up_url, country_name, state_prov, city, created_at, updated_at, last_seen_at)
      select ${batch.visitorId}, ${batch.pageUrl}, ${batch.place.country_name}, ${batch.place.state_prov},
             ${batch.place.city}, t.at, t.at, t.at
      from t where exists (select 1 from launched)
      on conflict (id) do update set
        sign_in_count = v.sign_in_count + (v.last_seen_at < excluded.last_seen_at - ${gap}::interval)::int,
        updated_at = case when v.last_seen_at < excluded.last_seen_at - ${gap}::interval
                          then excluded.updated_at else v.updated_at end,
        last_seen_at = excluded.last_seen_at
      returning (xmax = 0) as created
    ),
    brand_visitor as (
      insert into brand_visitors as b
        (brand_id, visitor_id, sign_up_url, country_name, state_prov, city, created_at, updated_at, last_seen_at)
      select distinct brand_id, ${batch.visitorId}::uuid, ${batch.pageUrl}, ${batch.place.country_name},
             ${batch.place.state_prov}, ${batch.place.city}, t.at, t.at, t.at
      from launched, t
      order by 1
      on conflict (brand_id, visitor_id) do update set
        sign_in_count = b.sign_in_count + (b.last_seen_at < excluded.last_seen_at - ${gap}::interval)::int,
        updated_at = case when b.last_seen_at < excluded.last_seen_at - ${gap}::interval
                          then excluded.updated_at else b.updated_at end,
        last_seen_at = excluded.last_seen_at
      returning brand_id, (xmax = 0) as created
    ),
    active as (
      update visitors set last_seen_at = t.at from t
      where id = ${batch.visitorId} and not exists (select 1 from launched) and exists (select 1 from ev)
    ),
    active_brand as (
      update brand_visitors set last_seen_at = t.at from t
      where visitor_id = ${batch.visitorId} and not exists (select 1 from launched)
        and brand_id in (select brand_id from ev)
    ),
    uniq as (
      insert into stats_daily_visitors (brand_id, day, instance_id, widget_type, visitor_id)
      select brand_id, t.day, instance_id, ${batch.widgetType}, ${batch.visitorId}::uuid from launched, t
      union
      select brand_id, t.day, ${NO_ID}::uuid, ${batch.widgetType}, ${batch.visitorId}::uuid from launched, t
      order by 1, 2, 3
      on conflict do nothing
      returning brand_id, instance_id
    ),
    counted as (
      select scope_id, instance_id, sum(launches) as launches, sum(uniq) as uniq, sum(new) as new from (
        select brand_id as scope_id, instance_id, count(*) as launches, 0 as uniq, 0 as new
          from ev where type = 'launch' group by 1, 2
        union all
        select brand_id, ${NO_ID}::uuid, count(*), 0, 0 from ev where type = 'launch' group by 1
        union all
        select brand_id, instance_id, 0, count(*), 0 from uniq group by 1, 2
        union all
        select brand_id, ${NO_ID}::uuid, 0, 0, count(*) from brand_visitor where created group by 1
        union all
        select ${NO_ID}::uuid, ${NO_ID}::uuid, 0, 0, count(*) from visitor where created having count(*) > 0
      ) x
      group by 1, 2
    ),
    counts as (
      insert into stats_daily_counts as c
        (scope_id, day, instance_id, widget_type, launches, unique_visitors, new_visitors)
      select scope_id, t.day, instance_id, ${batch.widgetType}, launches, uniq, new from counted, t
      order by 1, 2, 3
      on conflict on constraint stats_daily_counts_pk do update set
        launches = c.launches + excluded.launches,
        unique_visitors = c.unique_visitors + excluded.unique_visitors,
        new_visitors = c.new_visitors + excluded.new_visitors
    )
    select (select ok from allowed) as allowed from no_flush_wait`;
}

function isDeadlock(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '40P01' || e.cause?.code === '40P01';
}
