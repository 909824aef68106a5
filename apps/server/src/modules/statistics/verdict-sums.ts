import { ALL_BRANDS, type PreferencesQuery, type WidgetType } from '@atk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeNamed, perDatabase, resultRows } from '../../db/client.ts';
import { NO_ID } from '../../db/schema.ts';
import { Lru } from '../../platform/lru.ts';
import { ABX_ROLLUP } from './abx.ts';
import { CLOSE_AFTER_MS, dayAfter, dayBefore, rangeParts } from './months.ts';
import type { Scope } from './scope.ts';
import { VOTE_ROLLUPS } from './votes.ts';

/**
 * The listener verdicts' rollups summed over a range (docs/api.md "Listener verdicts"): the votes' per product and
 * per pair (./votes.ts), the ABX tests' per pair (./abx.ts), at the level a read's filters name. The closed days
 * of a range are summed once and remembered; the live days are summed on every read.
 */

/** The rollups' level a read names (foldVotes, foldAbx); song undefined: a source's rows of every song. */
export interface Level {
  scope: Scope;
  instance: string;
  widget: WidgetType;
  song: string | undefined;
  source: string;
}

/**
 * The level the rollups keep for a query's filters (foldVotes): a source's own rows, a song's with any source, or
 * any song; one instance's, or all of them (NO_ID). So a read sums at most a row a day per product or pair.
 */
export function levelOf(scope: Scope, q: PreferencesQuery): Level {
  const [song, source] = q.source_id ? [q.song_id, q.source_id] : [q.song_id ?? NO_ID, NO_ID];
  return { scope, instance: q.instance_id ?? NO_ID, widget: q.widget_type, song, source };
}

export const levelKey = (level: Level) => [level.scope, level.instance, level.widget, level.song ?? null, level.source];

/**
 * A rollup's row summed: its product (a) or pair (a, b; the ids as the rollup orders them), its counts in the order
 * of the rollup's `counts`. The ids are kept, not split from the key: a remembered row's strings keep their hash.
 */
export interface SummedRow {
  key: string;
  a: string;
  b: string;
  counts: number[];
}

/** Summed rows by key (a product's id; a pair's two ids, `a b`). */
export type Counts = Map<string, SummedRow>;
/** A range's rollup rows summed: per product (NO_ID: the votes themselves), per pair, per ABX pair. */
export interface Sums {
  products: Counts;
  pairs: Counts;
  abx: Counts;
}

export const NO_SUMS: Sums = { products: new Map(), pairs: new Map(), abx: new Map() };

/** Each verdict rollup (daily and monthly) and the counts it sums. */
const ROLLUPS = { ...VOTE_ROLLUPS, abx: ABX_ROLLUP } as const;
type Rollup = keyof typeof ROLLUPS;

export interface Days {
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

/** The sums of closed days (splitRange), read once per level and range, then from memory (closedSums). */
export async function rememberedSums(db: Db, level: Level, days: Days): Promise<Sums> {
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
export async function sumPieces(db: Db, level: Level, pieces: (Days | string[])[]): Promise<Sums> {
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
 * A list (ids, months: no commas in them) as one text parameter, an array in SQL: a named statement's text stays the
 * same for any number of values.
 */
export const textList = (values: string[]): SQL => sql`string_to_array(${values.join(',')}, ',')`;

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
export function addSums(x: Sums, y: Sums): Sums {
  const add = (a: Counts, b: Counts) => {
    const out: Counts = new Map(a);
    addRows(out, b.values());
    return out;
  };
  return { products: add(x.products, y.products), pairs: add(x.pairs, y.pairs), abx: add(x.abx, y.abx) };
}
