import { type SQL, sql } from 'drizzle-orm';
import { judgeClicks } from './ingest-clicks.ts';

/**
 * How hard the statistics are to inflate (docs/api.md): the caps and budgets the fold (./ingest.ts) applies to a
 * batch's events before anything is counted, as part of its one statement.
 */

/**
 * What one address and one visitor can add to the figures (docs/api.md "How hard the statistics are to inflate").
 * Launches need no token but are capped per address × instance (an hour, a day); plays per visitor × product × UTC day
 * and per address × instance a day; listening per visitor × product by the time passed since its previous event (or
 * its token's issue), and per address × instance a day; buy clicks per visitor × instance × UTC day (a visitor
 * comparing a few products and retailers clicks a handful; 20 is well above it) and per address × instance a day,
 * as plays. What goes over is dropped and counted.
 */
export const STATS_CAPS = {
  launchesPerAddressHour: 10,
  launchesPerAddressDay: 50,
  playsPerVisitorProductDay: 20,
  playsPerAddressDay: 100,
  listenSecondsPerAddressDay: 4 * 3600,
  clicksPerVisitorInstanceDay: 20,
  clicksPerAddressDay: 100,
};

/**
 * Listening to a product whose player sent nothing of it for this long (and no play of it in the batch) is a new
 * play of it: the player sends a play when its play button starts the audio, and listening every FLUSH_EVERY_MS
 * (15 s) while it plays, so a product heard without a recent event was switched to while playing.
 */
export const HEARD_GAP_SECONDS = 60;

/**
 * The fold's judging of a batch's events: common table expressions over `sent` (the batch's events) and `t` (the
 * statement's time and UTC day), defined by the fold before them. They add the heard plays (`given`), spend the
 * address's budgets in rate_limits and the visitor's listening bound in stats_listeners (its day's clicks in
 * stats_click_caps: ./ingest-clicks.ts), and define `judged` (every event given, `ok` when it counts, `kept` its
 * listening seconds that count) and `ev` (the events that count).
 */
export function judgeEvents(v: { visitorId: unknown; addressKey: unknown }): SQL {
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
  const clicks = judgeClicks(
    v,
    { perVisitor: c.clicksPerVisitorInstanceDay, perAddress: c.clicksPerAddressDay },
    { key: budget, spend },
  );
  return sql`
    -- A product heard is a play of it: listening (with a valid token) to a product the batch has no play of, that
    -- this visitor's player had not sent anything of for HEARD_GAP_SECONDS, was switched to while playing. Its
    -- implied play goes through the same caps as a sent one.
    given as (
      select * from sent
      union all
      (select distinct on (s.instance_id, s.product_id) s.instance_id, s.brand_id, 'play', s.product_id, s.song_id,
              s.source_id, null::float8, s.issued, null::uuid, null::text, s.n, true
       from sent s
       where s.type = 'listen' and s.seconds > 0 and s.issued is not null and s.product_id is not null
         and not exists (select 1 from sent p where p.type = 'play' and p.instance_id = s.instance_id
                           and p.product_id = s.product_id)
         and not exists (select 1 from stats_listeners l where l.visitor_id = ${v.visitorId}
                           and l.instance_id = s.instance_id and l.product_id = s.product_id
                           and l.last_at > now() - ${`${HEARD_GAP_SECONDS} seconds`}::interval)
       order by s.instance_id, s.product_id, s.n)
    ),
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
    -- by the time since the previous event (the token's issue for the first). A click is no listening: it leaves
    -- the bound's clock alone.
    asked as (
      select instance_id, product_id, min(issued) as issued, count(*) filter (where type = 'play')::int as plays,
             coalesce(sum(seconds) filter (where type = 'listen'), 0) as secs
      from given where product_id is not null and issued is not null and type in ('play', 'listen') group by 1, 2
    ),
    -- heard_seconds: the day's listening as the same bound keeps it (what qualifies a blind vote, ./votes.ts).
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
    ${clicks},
    -- Each event judged: a launch within its instance's fit, the first plays of a product within its fit, listening
    -- scaled to its product's fit, the first clicks of an instance within its fit; the rest is dropped (counted
    -- beside the figures).
    judged as (
      select g.instance_id, g.brand_id, g.type, g.product_id, g.song_id, g.source_id, g.seconds, g.heard,
             g.retailer_id, g.currency,
             case g.type
               when 'launch' then row_number() over (partition by g.type, g.instance_id order by g.n) <= coalesce(lf.fits, 0)
               when 'play' then row_number() over (partition by g.type, g.instance_id, g.product_id order by g.n)
                                <= coalesce(pf.plays, 0)
               when 'buy_click' then row_number() over (partition by g.type, g.instance_id order by g.n)
                                     <= coalesce(cf.fits, 0)
               else coalesce(g.seconds * pf.secs / nullif(pf.asked_secs, 0), 0) > 0
             end as ok,
             case when g.type = 'listen' then coalesce(g.seconds * pf.secs / nullif(pf.asked_secs, 0), 0) end as kept
      from given g
      left join launch_fits lf on g.type = 'launch' and lf.instance_id = g.instance_id
      left join product_fits pf on g.issued is not null and pf.instance_id = g.instance_id
        and pf.product_id = g.product_id and g.type in ('play', 'listen')
      left join click_fits cf on g.type = 'buy_click' and g.issued is not null and cf.instance_id = g.instance_id
    ),
    ev as (
      select instance_id, brand_id, type, product_id, song_id, source_id, kept as seconds, heard, retailer_id, currency
      from judged where ok
    )`;
}
