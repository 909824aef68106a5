import {
  type AbxResult,
  ALL_BRANDS,
  MSG,
  type PairPreference,
  PREFERENCE_MIN_VOTES,
  type Preferences,
  type PreferencesQuery,
  type ProductPreference,
  STRENGTH_MIN_PAIR_VOTES,
  utcToday,
  VOTE_MIN_HEARD_SECONDS,
  type WidgetType,
} from '@atk/contract';
import { and, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, executeNamed } from '../../db/client.ts';
import {
  instances,
  instruments,
  mobileInstances,
  NO_ID,
  products,
  songs,
  statsAbxPairs,
  statsMonthlyAbxPairs,
  statsMonthlyPrefPairs,
  statsMonthlyPrefProducts,
  statsPrefPairs,
  statsPrefProducts,
} from '../../db/schema.ts';
import { getLive } from '../../db/soft-delete.ts';
import { resultRows } from '../../platform/rate-limit.ts';
import type { SessionUser } from '../sessions/service.ts';
import { rangeParts } from './months.ts';
import { statisticsBrand } from './service.ts';
import { binomialTail, bradleyTerry, wilson } from './verdicts.ts';

/**
 * Listener verdicts (docs/api.md "Listener verdicts"): blind preference votes, stored and rolled up as they come in,
 * and read back with their statistics.
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
    -- Each vote counts at every level a read may ask for (./preferences.ts readPreferences): its instance and all
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

// ── Reads ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Whose votes a query reads: a brand's desktop players, or (widget_type mobile) the mobile instances', which count
 * for the platform (NO_ID) as their launches do. A filter naming another brand's instance, or a song or source
 * that does not exist, is a 404.
 */
async function preferenceScope(db: Db, user: SessionUser, q: PreferencesQuery): Promise<string | typeof ALL_BRANDS> {
  const mobile = q.widget_type === 'mobile';
  const brandId = mobile && user.role !== 'customer' ? NO_ID : await statisticsBrand(db, user, q.brand_id);
  await Promise.all([
    q.instance_id &&
      (mobile
        ? getLive(db, mobileInstances, q.instance_id, MSG.instanceNotFound)
        : getLive(db, instances, q.instance_id, MSG.instanceNotFound, {
            where: brandId === ALL_BRANDS ? undefined : eq(instances.brandId, brandId),
          })),
    q.song_id && getLive(db, songs, q.song_id, MSG.songNotFound),
    q.source_id && getLive(db, instruments, q.source_id, MSG.instrumentNotFound),
  ]);
  return brandId;
}

/** Names in the order `localeCompare` gives them, without its cost per call. */
const byName = new Intl.Collator();

/**
 * The votes of the range and filters: per product its votes, wins and share (95 % Wilson interval) and, when every
 * pair of the products was compared STRENGTH_MIN_PAIR_VOTES times (decisive votes), its Bradley–Terry strength;
 * per pair its wins, ties and a's share of the decisive votes. Reads only the rollups, at the level the filters
 * name: a row per product or pair for each whole month of the range and for each other day.
 */
export async function readPreferences(db: Db, user: SessionUser, q: PreferencesQuery): Promise<Preferences> {
  const scope = await preferenceScope(db, user, q);
  // The level the rollups keep for these filters (foldVotes): a source's own rows, a song's with any source, or
  // any song; one instance's, or all of them (NO_ID). So a read sums at most a row a day per product or pair.
  const [song, source] = q.source_id ? [q.song_id, q.source_id] : [q.song_id ?? NO_ID, NO_ID];
  // Whole months from the monthly rows, the other days from the daily ones. A month's row holds all of it so far,
  // and nothing is counted after today: so a range ending today reads the current month whole too (as if it
  // ended on the month's last day), and a year is twelve or thirteen rows a product or pair plus a few days.
  const today = utcToday();
  const end = q.end === today ? lastDayOfMonth(today) : q.end;
  const parts = rangeParts(q.start, end, { has: () => true });
  const level = (t: PrefTable) =>
    and(
      scope === ALL_BRANDS ? undefined : eq(t.brandId, scope),
      eq(t.instanceId, q.instance_id ?? NO_ID),
      eq(t.widgetType, q.widget_type),
      song ? eq(t.songId, song) : undefined,
      eq(t.sourceId, source),
    );
  const pieces = <T>(read: (t: PrefTable, period: SQL) => Promise<T[]>, daily: PrefTable, monthly: PrefTable) =>
    Promise.all([
      ...parts.days.map((run) => read(daily, between(daily.period, run.from, run.to) as SQL)),
      ...(parts.months.length ? [read(monthly, inArray(monthly.period, parts.months))] : []),
    ]).then((all) => all.flat());
  const [productPieces, pairPieces, abxPieces] = await Promise.all([
    pieces(
      (t, period) => {
        const p = t as typeof statsPrefProducts;
        return db
          .select({ id: p.productId, votes: sql<number>`sum(${p.votes})::int`, wins: sql<number>`sum(${p.wins})::int` })
          .from(p)
          .where(and(level(p), period))
          .groupBy(p.productId);
      },
      statsPrefProducts,
      statsMonthlyPrefProducts,
    ),
    pieces(
      (t, period) => {
        const r = t as typeof statsPrefPairs;
        return db
          .select({
            a: r.aId,
            b: r.bId,
            aWins: sql<number>`sum(${r.aWins})::int`,
            bWins: sql<number>`sum(${r.bWins})::int`,
            ties: sql<number>`sum(${r.ties})::int`,
          })
          .from(r)
          .where(and(level(r), period))
          .groupBy(r.aId, r.bId);
      },
      statsPrefPairs,
      statsMonthlyPrefPairs,
    ),
    pieces(
      (t, period) => {
        const x = t as unknown as typeof statsAbxPairs;
        return db
          .select({
            a: x.aId,
            b: x.bId,
            tests: sql<number>`sum(${x.tests})::int`,
            trials: sql<number>`sum(${x.trials})::int`,
            correct: sql<number>`sum(${x.correct})::int`,
            significant: sql<number>`sum(${x.significant})::int`,
          })
          .from(x)
          .where(and(level(t), period))
          .groupBy(x.aId, x.bId);
      },
      statsAbxPairs,
      statsMonthlyAbxPairs,
    ),
  ]);
  const productRows = sumBy(productPieces, (row) => row.id, ['votes', 'wins']);
  const pairRows = sumBy(pairPieces, (row) => `${row.a} ${row.b}`, ['aWins', 'bWins', 'ties']);
  const abxRows = sumBy(abxPieces, (row) => `${row.a} ${row.b}`, ['tests', 'trials', 'correct', 'significant']);
  const all = productRows.find((row) => row.id === NO_ID);
  const compared = productRows.filter((row) => row.id !== NO_ID);
  const named = [...new Set([...compared.map((row) => row.id), ...abxRows.flatMap((row) => [row.a, row.b])])];
  const names = named.length
    ? new Map(
        (
          await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, named))
        ).map((row) => [row.id, row.name]),
      )
    : new Map<string, string>();
  const nameOf = (id: string) => names.get(id) ?? '';
  // Every ordering below is by name: the names are collated once, then compared by rank (a brand's year can hold
  // hundreds of pairs, and a string comparison per step cost it ~10 ms).
  const rank = new Map([...named].sort((x, y) => byName.compare(nameOf(x), nameOf(y))).map((id, i) => [id, i]));
  const rankOf = (id: string) => rank.get(id) ?? -1;

  const index = new Map(compared.map((row, i) => [row.id, i]));
  const wins = compared.map(() => compared.map(() => 0));
  let everyPairCompared = compared.length >= 2;
  const pairs: PairPreference[] = pairRows.map((row) => {
    const [i, j] = [index.get(row.a), index.get(row.b)];
    if (i !== undefined && j !== undefined) {
      wins[i][j] += Number(row.aWins);
      wins[j][i] += Number(row.bWins);
    }
    // a before b by name, so the matrix and its sentences read alphabetically
    const swap = rankOf(row.a) > rankOf(row.b);
    const [aId, bId, aWins, bWins] = swap
      ? [row.b, row.a, Number(row.bWins), Number(row.aWins)]
      : [row.a, row.b, Number(row.aWins), Number(row.bWins)];
    return {
      a_id: aId,
      b_id: bId,
      votes: aWins + bWins + Number(row.ties),
      a_wins: aWins,
      b_wins: bWins,
      ties: Number(row.ties),
      ...wilson(aWins, aWins + bWins),
    };
  });
  const pairCount = (compared.length * (compared.length - 1)) / 2;
  if (pairs.length < pairCount || pairs.some((pair) => pair.a_wins + pair.b_wins < STRENGTH_MIN_PAIR_VOTES))
    everyPairCompared = false;
  const strengths = everyPairCompared ? bradleyTerry(wins) : null;

  const list: ProductPreference[] = compared.map((row, i) => ({
    product_id: row.id,
    name: nameOf(row.id),
    votes: Number(row.votes),
    wins: Number(row.wins),
    ...wilson(Number(row.wins), Number(row.votes)),
    strength: strengths?.[i].strength ?? null,
    strength_low: strengths?.[i].low ?? null,
    strength_high: strengths?.[i].high ?? null,
  }));
  list.sort((x, y) => (y.share ?? 0) - (x.share ?? 0) || rankOf(x.product_id) - rankOf(y.product_id));
  const byNames = (x: { a_id: string; b_id: string }, y: { a_id: string; b_id: string }) =>
    rankOf(x.a_id) - rankOf(y.a_id) || rankOf(x.b_id) - rankOf(y.b_id);
  pairs.sort(byNames);
  const abx: AbxResult[] = abxRows.map((row) => {
    const swap = rankOf(row.a) > rankOf(row.b);
    const tests = Number(row.tests);
    const [a, b] = swap ? [row.b, row.a] : [row.a, row.b];
    return {
      a_id: a,
      a_name: nameOf(a),
      b_id: b,
      b_name: nameOf(b),
      tests,
      trials: Number(row.trials),
      correct: Number(row.correct),
      p_value: Number(row.trials) > 0 ? binomialTail(Number(row.correct), Number(row.trials)) : null,
      significant_share: tests > 0 ? Number(row.significant) / tests : null,
    };
  });
  abx.sort(byNames);
  const votes = Number(all?.votes ?? 0);
  return {
    votes,
    no_preference: votes - Number(all?.wins ?? 0),
    min_votes: PREFERENCE_MIN_VOTES,
    products: list,
    pairs,
    abx,
  };
}

type PrefTable =
  | typeof statsAbxPairs
  | typeof statsMonthlyAbxPairs
  | typeof statsPrefProducts
  | typeof statsMonthlyPrefProducts
  | typeof statsPrefPairs
  | typeof statsMonthlyPrefPairs;

/** The rows of several reads summed per key: the counts of `fields` added up. */
function sumBy<T>(rows: T[], keyOf: (row: T) => string, fields: (keyof T)[]): T[] {
  const out = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const seen = out.get(key);
    if (!seen) out.set(key, { ...row });
    else for (const f of fields) (seen[f] as number) = Number(seen[f]) + Number(row[f]);
  }
  return [...out.values()];
}

/** The last day of the month of `day` (YYYY-MM-DD). */
function lastDayOfMonth(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
