import { VISITOR_SESSION_GAP_MINUTES, type WidgetType } from '@atk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { compile, type Db, executeCompiled } from '../../db/client.ts';
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
  /** The issue time (epoch seconds) of the batch's valid token for this instance and visitor, else null. */
  issued: number | null;
}

/**
 * What one address and one visitor can add to the figures (docs/api.md "How hard the statistics are to inflate").
 * Launches need no token but are capped per address × instance (an hour, a day); plays per visitor × product × UTC day
 * and per address × instance a day; listening per visitor × product by the time passed since its previous event (or
 * its token's issue), and per address × instance a day. What goes over is dropped and counted.
 */
export const STATS_CAPS = {
  launchesPerAddressHour: 10,
  launchesPerAddressDay: 50,
  playsPerVisitorProductDay: 20,
  playsPerAddressDay: 100,
  listenSecondsPerAddressDay: 4 * 3600,
};

export interface Batch {
  visitorId: string;
  /**
   * Strict privacy mode: `visitorId` is valid one UTC day (./salts.ts), so the batch creates and updates no visitor
   * (visitors, brand_visitors, new visitors); its launches count in `strict_launches`.
   */
  strict?: boolean;
  widgetType: WidgetType;
  /** The host page, origin and path: a new visitor's sign-up URL. */
  pageUrl: string;
  place: Place;
  events: CheckedEvent[];
  /** The sender's rate-limit hit (platform/rate-limit.ts), counted by the same statement. */
  hit: { key: string; limit: Limit };
  /** The sender's address as a digest (never the address): its budgets' keys in rate_limits. */
  addressKey: string;
}

/** What the fold did: refused (rate limit), or how many events counted and which instances' launches did. */
export interface Folded {
  allowed: boolean;
  accepted: number;
  launched: string[];
}

/**
 * Listening to a product whose player sent nothing of it for this long (and no play of it in the batch) is a new
 * play of it: the player sends a play when its play button starts the audio, and listening every FLUSH_EVERY_MS
 * (15 s) while it plays, so a product heard without a recent event was switched to while playing.
 */
export const HEARD_GAP_SECONDS = 60;

/** How often a statement that lost a deadlock to another server process is tried again. */
const DEADLOCK_RETRIES = 3;

/**
 * Stores a batch and folds it into the statistics, in ONE statement (so one round trip, and all of it or
 * nothing): the raw events; the daily rollup (stats_daily: launches, plays, listening seconds per day × brand ×
 * instance × product × song × source × widget, and per product in stats_daily_products); and for a batch with a launch the visitor (visitors, and per
 * brand brand_visitors: created on the first launch, a sign in counted when the last activity is older than
 * VISITOR_SESSION_GAP_MINUTES), the day's unique visitors (stats_daily_visitors, insert-if-absent) and the
 * counts the screens read (stats_daily_counts). A batch without a launch only marks the visitor active. A strict
 * batch (Batch.strict) writes no visitor and marks none active: its launches count in strict_launches instead.
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
export async function foldBatch(db: Db, batch: Batch): Promise<Folded> {
  const values = foldValues(batch);
  for (let attempt = 1; ; attempt++) {
    try {
      const [r] = resultRows<{ allowed: boolean; accepted: number | string | null; launched: string[] | null }>(
        await executeCompiled(db, FOLD, values),
      );
      return { allowed: r.allowed, accepted: Number(r.accepted ?? 0), launched: r.launched ?? [] };
    } catch (err) {
      if (attempt > DEADLOCK_RETRIES || !isDeadlock(err)) throw err;
    }
  }
}

/** What a batch gives the fold's statement: the rest of its text is the same for every batch. */
function foldValues(batch: Batch): Record<FoldKey, unknown> {
  return {
    events: JSON.stringify(batch.events),
    strict: batch.strict === true,
    visitorId: batch.visitorId,
    widgetType: batch.widgetType,
    pageUrl: batch.pageUrl,
    country: batch.place.country_name,
    region: batch.place.state_prov,
    city: batch.place.city,
    hitKey: batch.hit.key,
    hitMax: batch.hit.limit.max,
    hitWindow: batch.hit.limit.windowSeconds,
    addressKey: batch.addressKey,
  };
}

const FOLD_KEYS = [
  'events',
  'strict',
  'visitorId',
  'widgetType',
  'pageUrl',
  'country',
  'region',
  'city',
  'hitKey',
  'hitMax',
  'hitWindow',
  'addressKey',
] as const;
type FoldKey = (typeof FOLD_KEYS)[number];

/** The fold's statement, built once (building it took more of the server's CPU than sending it). */
const FOLD = compile('fold_player_events', FOLD_KEYS, (v) => foldStatement(v));

/** foldBatch's statement, over its values (a batch's, or placeholders for them). */
function foldStatement(v: Record<FoldKey, unknown>): SQL {
  const gap = `${VISITOR_SESSION_GAP_MINUTES} minutes`;
  // a parameter, not text: the statement is compiled once (FOLD)
  const strict = sql`${v.strict}::boolean`;
  const c = Object.fromEntries(Object.entries(STATS_CAPS).map(([k, v]) => [k, sql.raw(String(v))])) as Record<
    keyof typeof STATS_CAPS,
    SQL
  >;
  const budget = (kind: string) =>
    sql`${sql.raw(`'stats_${kind}:'`)} || ${v.addressKey}::text || ':' || instance_id::text`;
  // A budget in rate_limits: `want` added to the key's window (opened `win` ago at most); `count` is the window's
  // total after it, so what fits is what was under `max` before: greatest(0, least(want, max - (count - want))).
  const spend = (want: SQL) => sql`
      insert into rate_limits as r (key, window_start, count, expires_at)
      select key, t.at, want, t.at + win from ${want} w, t where want > 0
      order by key
      on conflict (key) do update set
        count = case when r.expires_at <= excluded.window_start then excluded.count else r.count + excluded.count end,
        window_start = case when r.expires_at <= excluded.window_start then excluded.window_start
                            else r.window_start end,
        expires_at = case when r.expires_at <= excluded.window_start then excluded.expires_at else r.expires_at end
      returning key, count`;
  return sql`
    with no_flush_wait as (select set_config('synchronous_commit', 'off', true)),
    hit as (${hitStatement(v.hitKey, v.hitWindow)}),
    allowed as (select count <= ${v.hitMax}::int as ok from hit),
    sent as (
      select e.*, row_number() over () as n, false as heard from jsonb_to_recordset(${v.events}::jsonb) as e(
        instance_id uuid, brand_id uuid, type text, product_id uuid, song_id uuid, source_id uuid, seconds float8,
        issued float8)
      where (select ok from allowed)
    ),
    -- A product heard is a play of it: listening (with a valid token) to a product the batch has no play of, that
    -- this visitor's player had not sent anything of for HEARD_GAP_SECONDS, was switched to while playing. Its
    -- implied play goes through the same caps as a sent one.
    given as (
      select * from sent
      union all
      (select distinct on (s.instance_id, s.product_id) s.instance_id, s.brand_id, 'play', s.product_id, s.song_id,
              s.source_id, null::float8, s.issued, s.n, true
       from sent s
       where s.type = 'listen' and s.seconds > 0 and s.issued is not null and s.product_id is not null
         and not exists (select 1 from sent p where p.type = 'play' and p.instance_id = s.instance_id
                           and p.product_id = s.product_id)
         and not exists (select 1 from stats_listeners l where l.visitor_id = ${v.visitorId}
                           and l.instance_id = s.instance_id and l.product_id = s.product_id
                           and l.last_at > now() - ${`${HEARD_GAP_SECONDS} seconds`}::interval)
       order by s.instance_id, s.product_id, s.n)
    ),
    t as (select now() as at, to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as day),
    -- Launches: capped per address × instance, an hour and a day (both windows are spent).
    launch_want as (
      select k.key, l.instance_id, l.want, k.win, k.max
      from (select instance_id, count(*)::int as want from given where type = 'launch' group by 1) l,
           lateral (values (${budget('launch_h')}, interval '1 hour', ${c.launchesPerAddressHour}),
                           (${budget('launch_d')}, interval '1 day', ${c.launchesPerAddressDay})) k(key, win, max)
    ),
    launch_spent as (${spend(sql`launch_want`)}),
    launch_fits as (
      select w.instance_id, min(greatest(0, least(w.want, w.max - (s.count - w.want)))) as fits
      from launch_want w join launch_spent s using (key) group by 1
    ),
    -- Plays and listening, only with a valid token: per visitor × product, plays capped a day and listening bounded
    -- by the time since the previous event (the token's issue for the first).
    asked as (
      select instance_id, product_id, min(issued) as issued, count(*) filter (where type = 'play')::int as plays,
             coalesce(sum(seconds) filter (where type = 'listen'), 0) as secs
      from given where product_id is not null and issued is not null group by 1, 2
    ),
    -- heard_seconds: the day's listening as the same bound keeps it (what qualifies a blind vote, ./preferences.ts).
    listener as (
      insert into stats_listeners as l (visitor_id, instance_id, product_id, day, plays, prev_at, last_at, heard_seconds)
      select ${v.visitorId}, instance_id, product_id, t.day, plays, to_timestamp(issued), t.at,
             least(secs, greatest(extract(epoch from t.at - to_timestamp(issued)), 0)) from asked, t
      order by 2, 3
      on conflict (visitor_id, instance_id, product_id) do update set
        plays = case when l.day = excluded.day then l.plays + excluded.plays else excluded.plays end,
        heard_seconds = case when l.day = excluded.day then l.heard_seconds else 0 end
          + least(excluded.heard_seconds,
                  greatest(extract(epoch from excluded.last_at - greatest(l.last_at, excluded.prev_at)), 0)),
        day = excluded.day,
        prev_at = greatest(l.last_at, excluded.prev_at),
        last_at = excluded.last_at
      returning instance_id, product_id, plays, extract(epoch from last_at - prev_at) as elapsed
    ),
    visitor_fits as (
      select a.instance_id, a.product_id, a.plays as asked_plays, a.secs as asked_secs,
             greatest(0, least(a.plays, ${c.playsPerVisitorProductDay} - (l.plays - a.plays))) as plays,
             least(a.secs, greatest(l.elapsed, 0)) as secs
      from asked a join listener l using (instance_id, product_id)
    ),
    -- Then the address's day budget per instance, shared by its products in key order.
    address_want as (
      select ${budget('plays')} as key, 'plays' as kind, instance_id, sum(plays)::int as want,
             interval '1 day' as win, ${c.playsPerAddressDay} as max
      from visitor_fits group by instance_id
      union all
      select ${budget('listen')}, 'listen', instance_id, ceil(sum(secs))::int, interval '1 day',
             ${c.listenSecondsPerAddressDay}
      from visitor_fits group by instance_id
    ),
    address_spent as (${spend(sql`address_want`)}),
    address_fits as (
      select w.instance_id, w.kind, w.want, greatest(0, least(w.want, w.max - (s.count - w.want))) as fits
      from address_want w join address_spent s using (key)
    ),
    product_fits as (
      select v.instance_id, v.product_id, v.asked_plays, v.asked_secs,
             greatest(0, least(v.plays, coalesce(p.fits, 0) - (sum(v.plays) over (partition by v.instance_id
               order by v.product_id rows unbounded preceding) - v.plays))) as plays,
             v.secs * coalesce(q.fits::float8 / nullif(q.want, 0), 0) as secs
      from visitor_fits v
      left join address_fits p on p.instance_id = v.instance_id and p.kind = 'plays'
      left join address_fits q on q.instance_id = v.instance_id and q.kind = 'listen'
    ),
    -- Each event judged: a launch within its instance's fit, the first plays of a product within its fit, listening
    -- scaled to its product's fit; the rest is dropped (counted beside the figures).
    judged as (
      select g.instance_id, g.brand_id, g.type, g.product_id, g.song_id, g.source_id, g.seconds, g.heard,
             case g.type
               when 'launch' then row_number() over (partition by g.type, g.instance_id order by g.n) <= coalesce(lf.fits, 0)
               when 'play' then row_number() over (partition by g.type, g.instance_id, g.product_id order by g.n)
                                <= coalesce(pf.plays, 0)
               else coalesce(g.seconds * pf.secs / nullif(pf.asked_secs, 0), 0) > 0
             end as ok,
             case when g.type = 'listen' then coalesce(g.seconds * pf.secs / nullif(pf.asked_secs, 0), 0) end as kept
      from given g
      left join launch_fits lf on g.type = 'launch' and lf.instance_id = g.instance_id
      left join product_fits pf on g.issued is not null and pf.instance_id = g.instance_id
        and pf.product_id = g.product_id
    ),
    ev as (
      select instance_id, brand_id, type, product_id, song_id, source_id, kept as seconds, heard from judged where ok
    ),
    launched as (select brand_id, instance_id, count(*)::int as launches from ev where type = 'launch' group by 1, 2),
    raw as (
      insert into player_events
        (instance_id, brand_id, visitor_id, widget_type, type, product_id, song_id, source_id, seconds, created_at)
      select instance_id, brand_id, ${v.visitorId}, ${v.widgetType}, type, product_id, song_id, source_id,
             seconds, t.at
      from ev, t
      where not heard -- the raw log keeps what the player sent; a heard play is a figure
    ),
    rolled as (
      insert into stats_daily as d
        (brand_id, day, instance_id, widget_type, product_id, song_id, source_id, launches, plays, listen_seconds)
      select brand_id, t.day, instance_id, ${v.widgetType},
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
        (brand_id, day, widget_type, instance_id, product_id, plays, listen_seconds, dropped_plays,
         dropped_listen_seconds)
      select brand_id, t.day, ${v.widgetType}, inst, prod,
             count(*) filter (where type = 'play' and ok),
             coalesce(sum(kept) filter (where type = 'listen' and ok), 0),
             count(*) filter (where type = 'play' and not ok),
             coalesce(sum(seconds - coalesce(kept, 0)) filter (where type = 'listen'), 0)
      from judged, t,
           lateral (values (instance_id), (${NO_ID}::uuid)) i(inst),
           lateral (values (product_id), (${NO_ID}::uuid)) q(prod)
      where judged.product_id is not null and type in ('play', 'listen')
      group by 1, 2, 3, 4, 5
      order by 1, 3, 4, 5, 2
      on conflict on constraint stats_daily_products_pk do update set
        plays = p.plays + excluded.plays,
        listen_seconds = p.listen_seconds + excluded.listen_seconds,
        dropped_plays = p.dropped_plays + excluded.dropped_plays,
        dropped_listen_seconds = p.dropped_listen_seconds + excluded.dropped_listen_seconds
    ),
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
    )
    select (select ok from allowed) as allowed, (select count(*) from ev where not heard) as accepted,
           (select array_agg(distinct instance_id::text) from launched) as launched
    from no_flush_wait`;
}

function isDeadlock(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '40P01' || e.cause?.code === '40P01';
}
