import type { Preferences, PreferencesQuery } from '@atk/contract';
import { sql } from 'drizzle-orm';
import { type Db, executeNamed, resultRows } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { SessionUser } from '../sessions/service.ts';
import { statisticsScope } from './scope.ts';
import { answerKey, rememberedAnswer } from './verdict-answers.ts';
import { presentVerdicts, productsNamed } from './verdict-presenter.ts';
import {
  addSums,
  levelOf,
  NO_SUMS,
  rememberedSums,
  type Sums,
  splitRange,
  sumPieces,
  textList,
} from './verdict-sums.ts';

/**
 * The listener verdicts' read (docs/api.md "Listener verdicts"): the blind votes (./votes.ts) and ABX tests
 * (./abx.ts) of a range and filters, with their statistics computed from the summed counts.
 */

/**
 * The votes of the range and filters: per product its votes, wins and share (95 % Wilson interval) and, when every
 * pair of the products was compared STRENGTH_MIN_PAIR_VOTES times (decisive votes), its Bradley–Terry strength;
 * per pair its wins, ties and a's share of the decisive votes (./verdict-presenter.ts). Reads only the rollups, at
 * the level the filters name: the closed days of the range remembered (./verdict-sums.ts), the days votes may still
 * land on read live.
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
 * range and live sums and remembered (./verdict-answers.ts). Every read still sums the live days, so a vote shows in
 * the next read; a change to a product it names (its name) drops the answer.
 */
export async function preferencesAnswer(
  db: Db,
  user: SessionUser,
  q: PreferencesQuery,
  serialize: (data: Preferences) => string,
  now = new Date(),
): Promise<Buffer> {
  const { sums, key } = await rangeSums(db, user, q, now);
  return rememberedAnswer(db, key, async () => {
    const data = await verdicts(db, sums);
    const named = [...data.products.map((p) => p.product_id), ...data.abx.flatMap((x) => [x.a_id, x.b_id])];
    return { body: Buffer.from(serialize(data)), dependencies: new Set(named.map((id) => `p:${id}`)) };
  });
}

/**
 * The summed rollups of a query's range, and the key its answer is remembered under. Whose votes it reads: a
 * brand's desktop players, or (widget_type mobile) the mobile instances', which count for the platform (NO_ID) as
 * their launches do (./scope.ts).
 */
async function rangeSums(
  db: Db,
  user: SessionUser,
  q: PreferencesQuery,
  now: Date,
): Promise<{ sums: Sums; key: string }> {
  const level = levelOf(await statisticsScope(db, user, q, q.widget_type === 'mobile'), q);
  const { closed, live } = splitRange(q.start, q.end, now);
  const [fixed, fresh] = await Promise.all([
    closed ? rememberedSums(db, level, closed) : NO_SUMS,
    live ? sumPieces(db, level, [live]) : NO_SUMS,
  ]);
  return { sums: addSums(fixed, fresh), key: answerKey(level, closed, live, fresh) };
}

/** The verdicts of summed rollups, with the names of the products they name. */
async function verdicts(db: Db, sums: Sums): Promise<Preferences> {
  return presentVerdicts(sums, await productNames(db, productsNamed(sums)));
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
