import { type SQL, sql } from 'drizzle-orm';
import { NO_ID } from '../../db/schema.ts';

/**
 * Buy clicks in the fold (./ingest.ts foldBatch; docs/api.md "How hard the statistics are to inflate"). A click says
 * which product's buy button or retailer link a visitor followed: a brand reads it beside the product's plays, so it
 * is bounded like a play. It counts only with the launch's token, at most `perVisitor` per visitor × instance a UTC
 * day (stats_click_caps) and `perAddress` per address × instance a day (a budget in rate_limits, whatever the
 * number of visitor ids the address makes up); what goes over is dropped and counted beside the clicks.
 */

/** What builds a budget's key and spends a budget (./ingest-caps.ts): the same windows the plays use. */
export interface Budgets {
  key: (kind: string) => SQL;
  spend: (want: SQL) => SQL;
}

/**
 * Common table expressions over the fold's `given` and `t` (./ingest-caps.ts puts them before `judged`): `click_fits`,
 * per instance, how many of the batch's clicks count, first sent first. The visitor's day count is an upsert of the
 * same statement (a row of an earlier day starts again), so two server processes cannot both take the last click.
 */
export function judgeClicks(
  v: { visitorId: unknown },
  caps: { perVisitor: SQL; perAddress: SQL },
  budgets: Budgets,
): SQL {
  return sql`
    click_asked as (
      select instance_id, count(*)::int as want from given
      where type = 'buy_click' and issued is not null group by 1
    ),
    click_counted as (
      insert into stats_click_caps as c (visitor_id, instance_id, day, clicks)
      select ${v.visitorId}, instance_id, t.day, want from click_asked, t
      order by 2
      on conflict (visitor_id, instance_id) do update set
        clicks = case when c.day = excluded.day then c.clicks + excluded.clicks else excluded.clicks end,
        day = excluded.day
      returning instance_id, clicks
    ),
    click_address_want as (
      select ${budgets.key('clicks')} as key, a.instance_id,
             greatest(0, least(a.want, ${caps.perVisitor} - (c.clicks - a.want)))::int as want,
             interval '1 day' as win, ${caps.perAddress} as max
      from click_asked a join click_counted c using (instance_id)
    ),
    click_address_spent as (${budgets.spend(sql`click_address_want`)}),
    click_fits as (
      select w.instance_id, greatest(0, least(w.want, w.max - (s.count - w.want))) as fits
      from click_address_want w join click_address_spent s using (key)
    )`;
}

/**
 * The clicks' rollup, over the fold's `judged` and `t`: stats_daily_clicks += the clicks that count and those dropped,
 * per day × brand × widget × instance × product × retailer (NO_ID: the buy button) × currency ('' when none).
 */
export function foldClicks(v: { widgetType: unknown }): SQL {
  return sql`
    clicked as (
      insert into stats_daily_clicks as k
        (brand_id, day, widget_type, instance_id, product_id, retailer_id, currency, clicks, dropped_clicks)
      select brand_id, t.day, ${v.widgetType}, instance_id, product_id, coalesce(retailer_id, ${NO_ID}::uuid),
             coalesce(currency, ''), count(*) filter (where ok), count(*) filter (where not ok)
      from judged, t
      where type = 'buy_click'
      group by 1, 2, 3, 4, 5, 6, 7
      order by 1, 3, 2, 4, 5, 6, 7
      on conflict on constraint stats_daily_clicks_pk do update set
        clicks = k.clicks + excluded.clicks,
        dropped_clicks = k.dropped_clicks + excluded.dropped_clicks
    )`;
}
