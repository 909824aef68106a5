import type { WidgetType } from '@atk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { compile, type Db, executeCompiled, resultRows } from '../../db/client.ts';
import { NO_ID } from '../../db/schema.ts';
import type { Place } from '../../platform/geo.ts';
import { hitStatement, type Limit } from '../../platform/rate-limit.ts';
import { judgeEvents } from './ingest-caps.ts';
import { foldClicks } from './ingest-clicks.ts';
import { foldVisitors } from './ingest-visitors.ts';

/** One event the player sent, checked against its instance (modules/player/events.ts). */
export interface CheckedEvent {
  instance_id: string;
  brand_id: string;
  type: 'launch' | 'play' | 'listen' | 'buy_click';
  product_id: string | null;
  song_id: string | null;
  source_id: string | null;
  seconds: number | null;
  /** A buy click's retailer (null: the buy button; the fold drops a click naming a retailer not active). */
  retailer_id: string | null;
  /** A buy click's currency, when it named one. */
  currency: string | null;
  /** The issue time (epoch seconds) of the batch's valid token for this instance and visitor, else null. */
  issued: number | null;
}

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

/** How often a statement that lost a deadlock to another server process is tried again. */
const DEADLOCK_RETRIES = 3;

/**
 * Stores a batch and folds it into the statistics, in ONE statement (so one round trip, and all of it or
 * nothing): the events judged by the caps and budgets (./ingest-caps.ts); the raw events; the daily rollup
 * (stats_daily: launches, plays, listening seconds per day × brand × instance × product × song × source × widget,
 * and per product in stats_daily_products; buy clicks in stats_daily_clicks, ./ingest-clicks.ts); and for a batch
 * with a launch the visitor (visitors, and per brand
 * brand_visitors: created on the first launch, a sign in counted when the last activity is older than
 * VISITOR_SESSION_GAP_MINUTES), the day's unique visitors (stats_daily_visitors, insert-if-absent) and the
 * counts the screens read (stats_daily_counts; ./ingest-visitors.ts). A batch without a launch only marks the
 * visitor active. A strict batch (Batch.strict) writes no visitor and marks none active: its launches count in
 * strict_launches instead.
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

/**
 * foldBatch's statement, over its values (a batch's, or placeholders for them): the rate-limit hit, the batch's
 * events (`sent`, none when the hit is refused), their judging (./ingest-caps.ts), the figures, the visitors
 * (./ingest-visitors.ts).
 */
function foldStatement(v: Record<FoldKey, unknown>): SQL {
  return sql`
    with no_flush_wait as (select set_config('synchronous_commit', 'off', true)),
    hit as (${hitStatement(v.hitKey, v.hitWindow)}),
    allowed as (select count <= ${v.hitMax}::int as ok from hit),
    t as (select now() as at, to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as day),
    sent as (
      select e.*, row_number() over () as n, false as heard from jsonb_to_recordset(${v.events}::jsonb) as e(
        instance_id uuid, brand_id uuid, type text, product_id uuid, song_id uuid, source_id uuid, seconds float8,
        issued float8, retailer_id uuid, currency text)
      where (select ok from allowed)
        -- a click through a retailer the platform does not list as active is nobody's figure, as an unknown product
        and (e.retailer_id is null or exists (
          select 1 from retailers r where r.id = e.retailer_id and r.status = '1' and not r.is_deleted))
    ),
    ${judgeEvents(v)},
    launched as (select brand_id, instance_id, count(*)::int as launches from ev where type = 'launch' group by 1, 2),
    raw as (
      insert into player_events
        (instance_id, brand_id, visitor_id, widget_type, type, product_id, song_id, source_id, seconds, retailer_id,
         currency, created_at)
      select instance_id, brand_id, ${v.visitorId}, ${v.widgetType}, type, product_id, song_id, source_id,
             seconds, retailer_id, currency, t.at
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
      where type <> 'buy_click' -- a click has its own rollup (clicked)
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
    ${foldClicks(v)},
    ${foldVisitors(v)}
    select (select ok from allowed) as allowed, (select count(*) from ev where not heard) as accepted,
           (select array_agg(distinct instance_id::text) from launched) as launched
    from no_flush_wait`;
}

function isDeadlock(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '40P01' || e.cause?.code === '40P01';
}
