import {
  type AbxResult,
  type PairPreference,
  PREFERENCE_MIN_VOTES,
  type Preferences,
  type ProductPreference,
  STRENGTH_MIN_PAIR_VOTES,
} from '@atk/contract';
import { NO_ID } from '../../db/schema.ts';
import { abxResult } from './abx.ts';
import type { Counts, Sums } from './verdict-sums.ts';
import { bradleyTerry, wilson } from './verdicts.ts';

/**
 * The verdicts answer (`Preferences`) of summed rollups (./verdict-sums.ts) and the names of the products they
 * name: pure, and the sums are left as they are (remembered sums are shared by every read).
 */

/** Names in the order `localeCompare` gives them, without its cost per call. */
const byName = new Intl.Collator();

/** The products compared in the votes (the votes' own row, NO_ID, is not one). */
const comparedIn = (sums: Sums) => [...sums.products.keys()].filter((id) => id !== NO_ID);

/** Every product the answer names: the products compared, then the ABX pairs' products. */
export function productsNamed(sums: Sums): string[] {
  return [...new Set([...comparedIn(sums), ...[...sums.abx.values()].flatMap((row) => [row.a, row.b])])];
}

/**
 * Per product its votes, wins and share (95 % Wilson interval) and, when every pair of the products was compared
 * STRENGTH_MIN_PAIR_VOTES times (decisive votes), its Bradley–Terry strength; per pair its wins, ties and a's share
 * of the decisive votes; per ABX pair its pooled score (./abx.ts abxResult). `names`: the products' names by id.
 */
export function presentVerdicts(sums: Sums, names: Map<string, string>): Preferences {
  const [votes, decided] = sums.products.get(NO_ID)?.counts ?? [0, 0];
  const compared = comparedIn(sums);
  const named = productsNamed(sums);
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
  const abx: AbxResult[] = byNames(sums.abx).map(({ a, b, c }) =>
    abxResult({ id: a, name: nameOf(a) }, { id: b, name: nameOf(b) }, c),
  );
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
