import { createHash } from 'node:crypto';
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
  VOTE_MIN_HEARD_SECONDS,
  type WidgetType,
} from '@atk/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { changeFeed, Remembered } from '../../db/changes.ts';
import { type Db, executeNamed, perDatabase } from '../../db/client.ts';
import { instances, instruments, mobileInstances, NO_ID, products, songs } from '../../db/schema.ts';
import { getLive } from '../../db/soft-delete.ts';
import { Lru } from '../../platform/lru.ts';
import { resultRows } from '../../platform/rate-limit.ts';
import { touches } from '../player/cache.ts';
import type { SessionUser } from '../sessions/service.ts';
import { CLOSE_AFTER_MS, dayAfter, dayBefore, rangeParts } from './months.ts';
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

/** The names of products, by id: one statement with the ids as one parameter (a brand's verdicts name hundreds). */
async function productNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = resultRows<{ id: string; name: string }>(
    await executeNamed(
      db,
      'verdicts_product_names',
      sql`select id::text as id, name from ${products} where id = any(${textList(ids)}::uuid[])`,
    ),
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A list (ids, months: no commas in them) as one text parameter, an array in SQL: a named statement's text stays the
 * same for any number of values.
 */
const textList = (values: string[]): SQL => sql`string_to_array(${values.join(',')}, ',')`;

/** Names in the order `localeCompare` gives them, without its cost per call. */
const byName = new Intl.Collator();

/**
 * The votes of the range and filters: per product its votes, wins and share (95 % Wilson interval) and, when every
 * pair of the products was compared STRENGTH_MIN_PAIR_VOTES times (decisive votes), its Bradley–Terry strength;
 * per pair its wins, ties and a's share of the decisive votes. Reads only the rollups, at the level the filters
 * name: the closed days of the range remembered (closedSums), the days votes may still land on read live.
 */
export async function readPreferences(
  db: Db,
  user: SessionUser,
  q: PreferencesQuery,
  now = new Date(),
): Promise<Preferences> {
  return verdicts(db, (await rangeSums(db, user, q, now)).sums);
}

/**
 * readPreferences' answer as `serialize` makes it (the route's serializer, over the envelope), made once per level,
 * range and live sums: a brand's dashboard asks for the same verdicts again and again, and between two votes they
 * are the same bytes (a brand's year is ~200 kB, whose checking and writing cost more than reading the sums). Every
 * read still sums the live days, so a vote shows in the next read; a change to a product it names (its name) drops
 * the answer, through the change feed as the player's read is (../player/cache.ts).
 */
export async function preferencesAnswer(
  db: Db,
  user: SessionUser,
  q: PreferencesQuery,
  serialize: (data: Preferences) => string,
  now = new Date(),
): Promise<Buffer> {
  const { sums, key } = await rangeSums(db, user, q, now);
  const answer = await answers(db).get(key, async () => {
    const data = await verdicts(db, sums);
    const named = [...data.products.map((p) => p.product_id), ...data.abx.flatMap((x) => [x.a_id, x.b_id])];
    return { body: Buffer.from(serialize(data)), dependencies: new Set(named.map((id) => `p:${id}`)) };
  });
  return (answer as Answer).body;
}

/** A serialized verdicts answer and the rows it names (`p:<id>`, as the change feed announces products). */
interface Answer {
  body: Buffer;
  dependencies: Set<string>;
}

/** Answers kept per process, bounded by their size: about 32 MB (a brand's year is ~200 kB). */
const ANSWERS_BYTES = 32 * 1024 * 1024;

const answers = perDatabase(
  (db) =>
    new Remembered<Answer>(
      changeFeed(db),
      (change, _key, answer) => touches(change, answer.dependencies),
      ANSWERS_BYTES,
      undefined,
      (answer) => answer.body.length,
    ),
);

/**
 * The summed rollups of a query's range, and a key naming them: its level, its closed days (whose sums never
 * change) and its live days with what they hold now.
 */
async function rangeSums(
  db: Db,
  user: SessionUser,
  q: PreferencesQuery,
  now: Date,
): Promise<{ sums: Sums; key: string }> {
  const scope = await preferenceScope(db, user, q);
  // The level the rollups keep for these filters (foldVotes): a source's own rows, a song's with any source, or
  // any song; one instance's, or all of them (NO_ID). So a read sums at most a row a day per product or pair.
  const [song, source] = q.source_id ? [q.song_id, q.source_id] : [q.song_id ?? NO_ID, NO_ID];
  const level: Level = { scope, instance: q.instance_id ?? NO_ID, widget: q.widget_type, song, source };
  const { closed, live } = splitRange(q.start, q.end, now);
  const [fixed, fresh] = await Promise.all([
    closed ? rememberedSums(db, level, closed) : NO_SUMS,
    live ? sumPieces(db, level, [live]) : NO_SUMS,
  ]);
  const key = JSON.stringify([levelKey(level), closed ?? null, live ?? null, fingerprint(fresh)]);
  return { sums: addSums(fixed, fresh), key };
}

/** What summed rows hold, whatever order they came in: a digest of every row's key and counts, sorted. */
function fingerprint(sums: Sums): string {
  const rows = [sums.products, sums.pairs, sums.abx].map((counts) =>
    [...counts.values()]
      .map((row) => `${row.key}=${row.counts.join(',')}`)
      .sort()
      .join(';'),
  );
  return createHash('sha256').update(rows.join('|')).digest('base64url');
}

/** The verdicts of summed rollups (readPreferences). */
async function verdicts(db: Db, sums: Sums): Promise<Preferences> {
  const [votes, decided] = sums.products.get(NO_ID)?.counts ?? [0, 0];
  sums.products.delete(NO_ID);
  const compared = [...sums.products.keys()];
  const named = [...new Set([...compared, ...[...sums.abx.values()].flatMap((row) => [row.a, row.b])])];
  const names = await productNames(db, named);
  const nameOf = (id: string) => names.get(id) ?? '';
  // Every ordering below is by name: the names are collated once, and each row is ranked once (a brand's year can
  // hold hundreds of pairs: a string comparison per sort step cost it ~10 ms, a rank lookup per step ~1.5 ms).
  const rank = new Map([...named].sort((x, y) => byName.compare(nameOf(x), nameOf(y))).map((id, i) => [id, i]));
  const rankOf = (id: string) => rank.get(id) ?? -1;
  /** A rollup's pairs with a before b by name (so the matrix and its sentences read alphabetically), sorted so. */
  const byNames = (counts: Counts) =>
    [...counts.values()]
      .map(({ a, b, counts: c }) => {
        const [ra, rb] = [rankOf(a), rankOf(b)];
        return ra <= rb
          ? { a, b, swapped: false, c, order: ra * named.length + rb }
          : { a: b, b: a, swapped: true, c, order: rb * named.length + ra };
      })
      .sort((x, y) => x.order - y.order);

  const pairs: PairPreference[] = byNames(sums.pairs).map(({ a, b, swapped, c: [x, y, ties] }) => {
    const [aWins, bWins] = swapped ? [y, x] : [x, y];
    return {
      a_id: a,
      b_id: b,
      votes: aWins + bWins + ties,
      a_wins: aWins,
      b_wins: bWins,
      ties,
      ...wilson(aWins, aWins + bWins),
    };
  });
  const everyPairCompared =
    compared.length >= 2 &&
    pairs.length === (compared.length * (compared.length - 1)) / 2 &&
    pairs.every((pair) => pair.a_wins + pair.b_wins >= STRENGTH_MIN_PAIR_VOTES);
  const strengths = everyPairCompared ? bradleyTerry(winMatrix(compared, pairs)) : null;

  const list: ProductPreference[] = compared.map((id, i) => {
    const [productVotes, productWins] = sums.products.get(id)?.counts ?? [0, 0];
    return {
      product_id: id,
      name: nameOf(id),
      votes: productVotes,
      wins: productWins,
      ...wilson(productWins, productVotes),
      strength: strengths?.[i].strength ?? null,
      strength_low: strengths?.[i].low ?? null,
      strength_high: strengths?.[i].high ?? null,
    };
  });
  list.sort((x, y) => (y.share ?? 0) - (x.share ?? 0) || rankOf(x.product_id) - rankOf(y.product_id));
  const abx: AbxResult[] = byNames(sums.abx).map(({ a, b, c: [tests, trials, correct, significant] }) => ({
    a_id: a,
    a_name: nameOf(a),
    b_id: b,
    b_name: nameOf(b),
    tests,
    trials,
    correct,
    p_value: trials > 0 ? binomialTail(correct, trials) : null,
    significant_share: tests > 0 ? significant / tests : null,
  }));
  return {
    votes,
    no_preference: votes - decided,
    min_votes: PREFERENCE_MIN_VOTES,
    products: list,
    pairs,
    abx,
  };
}

/** Who beat whom: `[i][j]` the decisive votes product i won against product j (of `compared`, in its order). */
function winMatrix(compared: string[], pairs: PairPreference[]): number[][] {
  const index = new Map(compared.map((id, i) => [id, i]));
  const wins = compared.map(() => compared.map(() => 0));
  for (const pair of pairs) {
    const [i, j] = [index.get(pair.a_id), index.get(pair.b_id)];
    if (i === undefined || j === undefined) continue;
    wins[i][j] += pair.a_wins;
    wins[j][i] += pair.b_wins;
  }
  return wins;
}

/** The rollups' level a read names (foldVotes); song undefined: a source's rows of every song. */
interface Level {
  scope: string | typeof ALL_BRANDS;
  instance: string;
  widget: WidgetType;
  song: string | undefined;
  source: string;
}

const levelKey = (level: Level) => [level.scope, level.instance, level.widget, level.song ?? null, level.source];

/** Summed rows by key (a product's id; a pair's two ids, `a b`). */
type Counts = Map<string, SummedRow>;
/** A range's rollup rows summed: per product (NO_ID: the votes themselves), per pair, per ABX pair. */
interface Sums {
  products: Counts;
  pairs: Counts;
  abx: Counts;
}

const NO_SUMS: Sums = { products: new Map(), pairs: new Map(), abx: new Map() };

/** Each verdict rollup (daily and monthly) and the counts it sums. */
const ROLLUPS = {
  products: { daily: 'stats_pref_products', monthly: 'stats_monthly_pref_products', counts: ['votes', 'wins'] },
  pairs: { daily: 'stats_pref_pairs', monthly: 'stats_monthly_pref_pairs', counts: ['a_wins', 'b_wins', 'ties'] },
  abx: {
    daily: 'stats_abx_pairs',
    monthly: 'stats_monthly_abx_pairs',
    counts: ['tests', 'trials', 'correct', 'significant'],
  },
} as const;
type Rollup = keyof typeof ROLLUPS;

interface Days {
  from: string;
  to: string;
}

/**
 * Which days of a range are closed: votes and ABX tests land on the database's UTC day (foldVotes, foldAbx), so a
 * day is closed CLOSE_AFTER_MS after it ended, as a month is (./months.ts). The rest of the range is live: today,
 * and yesterday in the first hour of a day.
 */
export function splitRange(start: string, end: string, now: Date): { closed?: Days; live?: Days } {
  const closedTo = dayBefore(new Date(now.getTime() - CLOSE_AFTER_MS).toISOString().slice(0, 10));
  const liveFrom = dayAfter(closedTo);
  return {
    closed: start <= closedTo ? { from: start, to: end < closedTo ? end : closedTo } : undefined,
    live: end >= liveFrom ? { from: start > liveFrom ? start : liveFrom, to: end } : undefined,
  };
}

/**
 * Summed rows the closed ranges' sums may hold, per database: about 350 bytes each, so ≈ 35 MB at most (a brand's
 * whole catalogue is ~850 rows: 100 products, 300 pairs, 450 ABX pairs).
 */
const CLOSED_SUMS_ROWS = 100_000;

/**
 * The sums of closed ranges, per level and range: they never change, so each is read once. A brand's year is
 * thousands of rows to sum (hundreds of pairs a day) and its dashboard asks for the same range again and again;
 * from memory a read sums only the live days. Bounded by rows, least recently used first.
 */
const closedSums = perDatabase(
  () => new Lru<Sums>(CLOSED_SUMS_ROWS, (s) => 1 + s.products.size + s.pairs.size + s.abx.size),
);

async function rememberedSums(db: Db, level: Level, days: Days): Promise<Sums> {
  const key = JSON.stringify([levelKey(level), days.from, days.to]);
  const remembered = closedSums(db).get(key);
  if (remembered) return remembered;
  // a whole month from its monthly row (it holds all of it), the other days from the daily ones
  const parts = rangeParts(days.from, days.to, { has: () => true });
  const pieces = [...parts.days, ...(parts.months.length ? [parts.months] : [])];
  const sums = await sumPieces(db, level, pieces);
  closedSums(db).set(key, sums);
  return sums;
}

/**
 * The rollups' rows at a level summed over pieces of a range, each a run of days or a list of whole months: one
 * statement per rollup and piece, run side by side (each its own connection), added up here.
 */
async function sumPieces(db: Db, level: Level, pieces: (Days | string[])[]): Promise<Sums> {
  const read = async (rollup: Rollup) => {
    const counts: Counts = new Map();
    const all = await Promise.all(pieces.map((piece) => sumRollup(db, rollup, level, piece)));
    for (const rows of all) addRows(counts, rows);
    return counts;
  };
  const [products, pairs, abx] = await Promise.all([read('products'), read('pairs'), read('abx')]);
  return { products, pairs, abx };
}

/**
 * One rollup's rows of a level and a piece, summed per product or pair. A named prepared
 * statement on PostgreSQL (one per rollup, period and which filters apply), so it is planned once per connection
 * and nothing is built per read but its parameters.
 */
async function sumRollup(db: Db, rollup: Rollup, level: Level, piece: Days | string[]): Promise<SummedRow[]> {
  const r = ROLLUPS[rollup];
  const months = Array.isArray(piece);
  const ids = sql.raw(
    rollup === 'products'
      ? "product_id::text as key, product_id::text as a, '' as b"
      : "a_id::text || ' ' || b_id::text as key, a_id::text as a, b_id::text as b",
  );
  const group = sql.raw(rollup === 'products' ? 'product_id' : 'a_id, b_id');
  const counts = sql.raw(`array[${r.counts.map((c) => `sum(${c})::int`).join(', ')}]`);
  const brand = level.scope === ALL_BRANDS ? sql`` : sql`brand_id = ${level.scope} and `;
  const song = level.song ? sql`and song_id = ${level.song} ` : sql``;
  const period = months ? sql`month = any(${textList(piece)})` : sql`day between ${piece.from} and ${piece.to}`;
  const name = `verdicts_${rollup}_${months ? 'months' : 'days'}${level.scope === ALL_BRANDS ? '_all' : ''}${level.song ? '_song' : ''}`;
  const result = await executeNamed(
    db,
    name,
    sql`select ${ids}, ${counts} as counts from ${sql.raw(months ? r.monthly : r.daily)}
        where ${brand}instance_id = ${level.instance} and widget_type = ${level.widget} ${song}
          and source_id = ${level.source} and ${period}
        group by ${group}`,
  );
  return resultRows<SummedRow>(result);
}

/**
 * A rollup's row summed: its product (a) or pair (a, b; the ids as the rollup orders them), its counts in the order
 * of the rollup's `counts`. The ids are kept, not split from the key: a remembered row's strings keep their hash.
 */
interface SummedRow {
  key: string;
  a: string;
  b: string;
  counts: number[];
}

/**
 * Adds summed rows into `counts`: a key's first row as it is, a new row where a key has one already (a row never
 * changes once summed, so remembered sums can be shared by every read).
 */
function addRows(counts: Counts, rows: Iterable<SummedRow>): void {
  for (const row of rows) {
    const seen = counts.get(row.key);
    counts.set(row.key, seen ? { ...seen, counts: seen.counts.map((n, i) => n + row.counts[i]) } : row);
  }
}

/** Two ranges' sums added up, into new maps (remembered sums stay as they were). */
function addSums(x: Sums, y: Sums): Sums {
  const add = (a: Counts, b: Counts) => {
    const out: Counts = new Map(a);
    addRows(out, b.values());
    return out;
  };
  return { products: add(x.products, y.products), pairs: add(x.pairs, y.pairs), abx: add(x.abx, y.abx) };
}
