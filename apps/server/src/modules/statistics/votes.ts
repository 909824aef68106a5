import { VOTE_MIN_HEARD_SECONDS, type WidgetType } from '@atk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeNamed, resultRows } from '../../db/client.ts';
import { NO_ID } from '../../db/schema.ts';

/**
 * Blind preference votes (docs/api.md "Listener verdicts"): stored and rolled up as they come in, counts only, so
 * their statistics are computed when they are read (./preferences.ts).
 */

/** A vote the player sent, checked against its instance (modules/player/events.ts): what it compared and chose. */
export interface CheckedVote {
  instance_id: string;
  /** The brand whose figures it counts in: the instance's (a mobile instance's: the platform's, NO_ID). */
  brand_id: string;
  song_id: string;
  source_id: string;
  products: string[];
  heard: number[];
  /** The product preferred; null: No preference. */
  chosen_id: string | null;
  level_matched: boolean;
}

/**
 * Stores a visitor's votes and rolls them up, in one statement; answers how many counted. A vote counts only when
 * each product it compares was heard VOTE_MIN_HEARD_SECONDS that UTC day by this visitor in this instance, as
 * ingestion kept it (stats_listeners.heard_seconds: the listening the player sent, bounded by the time that passed,
 * so a page cannot claim more than it could have played), and only the visitor's first vote of the day for the
 * instance, song and source (the table's key; a second is dropped as a duplicate). The votes come after the batch's
 * listening was folded (recordPlayerEvents), so a vote sent with its last listening counts it.
 */
export async function foldVotes(
  db: Db,
  visitorId: string,
  widgetType: WidgetType,
  votes: CheckedVote[],
): Promise<number> {
  const [r] = resultRows<{ stored: number | string }>(
    await executeNamed(db, 'fold_player_votes', foldVotesStatement(visitorId, widgetType, votes)),
  );
  return Number(r.stored);
}

function foldVotesStatement(visitorId: string, widgetType: WidgetType, votes: CheckedVote[]): SQL {
  // in the rollups' key order, so rows are written (and locked) in the same order by every statement
  const key = sql.raw('brand_id, instance_id, widget_type, song_id, source_id, day');
  const monthKey = sql.raw('brand_id, instance_id, widget_type, song_id, source_id, month');
  const monthOf = sql.raw('brand_id, instance_id, widget_type, song_id, source_id, left(day, 7)');
  return sql`
    with t as (select now() as at, to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as day),
    sent as (
      select * from jsonb_to_recordset(${JSON.stringify(votes)}::jsonb) as v(
        instance_id uuid, brand_id uuid, song_id uuid, source_id uuid, products uuid[], heard float8[],
        chosen_id uuid, level_matched boolean)
    ),
    qualified as (
      select sent.* from sent, t
      where not exists (
        select 1 from unnest(sent.products) p(id)
        where not exists (
          select 1 from stats_listeners l
          where l.visitor_id = ${visitorId} and l.instance_id = sent.instance_id and l.product_id = p.id
            and l.day = t.day and l.heard_seconds >= ${VOTE_MIN_HEARD_SECONDS}))
    ),
    stored as (
      insert into preference_votes as pv
        (instance_id, song_id, source_id, visitor_id, day, brand_id, widget_type, products, heard, chosen_id,
         level_matched, created_at)
      select distinct on (instance_id, song_id, source_id)
             instance_id, song_id, source_id, ${visitorId}::uuid, t.day, brand_id, ${widgetType}, products, heard,
             chosen_id, level_matched, t.at
      from qualified, t
      order by instance_id, song_id, source_id
      on conflict on constraint preference_votes_pk do nothing
      returning pv.*
    ),
    -- Each vote counts at every level a read may ask for (./verdict-sums.ts levelOf): its instance and all
    -- the brand's instances (NO_ID) × its song and source, its song with any source, any song (NO_ID, NO_ID).
    levels as (
      select s.brand_id, i.inst as instance_id, s.widget_type, s.day, g.song as song_id, g.src as source_id,
             s.products, s.chosen_id
      from stored s,
           lateral (values (s.instance_id), (${NO_ID}::uuid)) i(inst),
           lateral (values (s.song_id, s.source_id), (s.song_id, ${NO_ID}::uuid), (${NO_ID}::uuid, ${NO_ID}::uuid))
             g(song, src)
    ),
    -- per product: the votes that compared it and those that preferred it; NO_ID: the votes themselves
    product_counts as (
      select ${key}, product_id, count(*)::int as votes, count(*) filter (where won)::int as wins
      from (
        select l.brand_id, l.instance_id, l.widget_type, l.day, l.song_id, l.source_id, x.id as product_id,
               x.id = l.chosen_id as won
        from levels l, unnest(l.products) x(id)
        union all
        select brand_id, instance_id, widget_type, day, song_id, source_id, ${NO_ID}::uuid, chosen_id is not null
        from levels
      ) q
      group by ${key}, product_id
    ),
    pair_counts as (
      select l.brand_id, l.instance_id, l.widget_type, l.day, l.song_id, l.source_id, a.id as a_id, b.id as b_id,
             count(*) filter (where l.chosen_id = a.id)::int as a_wins,
             count(*) filter (where l.chosen_id = b.id)::int as b_wins,
             count(*) filter (where l.chosen_id is null or l.chosen_id not in (a.id, b.id))::int as ties
      from levels l, unnest(l.products) a(id), unnest(l.products) b(id)
      where a.id < b.id
      group by 1, 2, 3, 4, 5, 6, 7, 8
    ),
    -- each written twice, to the day's rows and to the month's (a whole month of a range is read from one row)
    daily_products as (
      insert into stats_pref_products as p (${key}, product_id, votes, wins)
      select ${key}, product_id, votes, wins from product_counts order by ${key}, product_id
      on conflict on constraint stats_pref_products_pk do update set
        votes = p.votes + excluded.votes, wins = p.wins + excluded.wins
    ),
    monthly_products as (
      insert into stats_monthly_pref_products as p (${monthKey}, product_id, votes, wins)
      select ${monthOf}, product_id, votes, wins from product_counts order by ${monthOf}, product_id
      on conflict on constraint stats_monthly_pref_products_pk do update set
        votes = p.votes + excluded.votes, wins = p.wins + excluded.wins
    ),
    daily_pairs as (
      insert into stats_pref_pairs as r (${key}, a_id, b_id, a_wins, b_wins, ties)
      select ${key}, a_id, b_id, a_wins, b_wins, ties from pair_counts order by ${key}, a_id, b_id
      on conflict on constraint stats_pref_pairs_pk do update set
        a_wins = r.a_wins + excluded.a_wins, b_wins = r.b_wins + excluded.b_wins, ties = r.ties + excluded.ties
    ),
    monthly_pairs as (
      insert into stats_monthly_pref_pairs as r (${monthKey}, a_id, b_id, a_wins, b_wins, ties)
      select ${monthOf}, a_id, b_id, a_wins, b_wins, ties from pair_counts order by ${monthOf}, a_id, b_id
      on conflict on constraint stats_monthly_pref_pairs_pk do update set
        a_wins = r.a_wins + excluded.a_wins, b_wins = r.b_wins + excluded.b_wins, ties = r.ties + excluded.ties
    )
    select count(*) as stored from stored`;
}

/**
 * The vote rollups a read sums (./verdict-sums.ts), daily and monthly, and the counts each keeps, in the order a
 * summed row holds them.
 */
export const VOTE_ROLLUPS = {
  products: { daily: 'stats_pref_products', monthly: 'stats_monthly_pref_products', counts: ['votes', 'wins'] },
  pairs: { daily: 'stats_pref_pairs', monthly: 'stats_monthly_pref_pairs', counts: ['a_wins', 'b_wins', 'ties'] },
} as const;
