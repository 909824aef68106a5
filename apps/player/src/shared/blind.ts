/** Blind mode: the products in a shuffled order under neutral names until the visitor reveals them. */
import { PLAYER_VOTE_PRODUCTS_MAX, VOTE_MIN_HEARD_SECONDS } from '@atk/contract/constants';

/**
 * A random order of `ids` (Fisher–Yates), never the order given when there are two or more, so the positions
 * of the buttons tell nothing either.
 */
export function shuffle<T>(ids: readonly T[], random: () => number = Math.random): T[] {
  const out = [...ids];
  if (out.length < 2) return out;
  for (let attempt = 0; attempt < 8; attempt++) {
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    if (out.some((id, i) => id !== ids[i])) return out;
  }
  // A random source that keeps giving the same order: rotate by one.
  return [...ids.slice(1), ids[0]];
}

/** 'Product A', 'Product B'… 'Product Z', 'Product AA'… */
export function blindName(index: number): string {
  let n = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `Product ${letters}`;
}

/** A blind test: the products' shuffled order, whether it was revealed, and the visitor's vote (null: No preference). */
export type Blind = { order: string[]; revealed: boolean; pick?: string | null } | null;

/**
 * The products a vote can name: those shown that were heard long enough in this test, in the order shown. The player
 * asks a little more than the server's minimum (VOTE_MIN_HEARD_SECONDS), since its listening reaches the server
 * rounded to a tenth of a second per batch. A vote names at most PLAYER_VOTE_PRODUCTS_MAX: the first heard.
 */
export function votable(order: readonly string[], heard: ReadonlyMap<string, number>): string[] {
  return order.filter((id) => (heard.get(id) ?? 0) >= VOTE_MIN_HEARD_SECONDS + 1).slice(0, PLAYER_VOTE_PRODUCTS_MAX);
}
