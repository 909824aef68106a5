/**
 * The Listener verdicts' texts (docs/api.md "Listener verdicts"): shares as whole percentages, a 95 % interval as
 * "57–70 %", and one plain sentence per pair of products. Kept apart from the screen so the wording has one home.
 */
import { abxChance } from '@atk/contract';
import type { AbxResult, PairPreference, Preferences } from './api.ts';

export const VERDICT = {
  tab: 'Listener verdicts',
  notEnough: 'Not enough votes yet',
  chart: 'Share of the votes preferring each product, with its 95 % interval',
  productsTable: 'Listener verdicts per product',
  matrixTable: 'Listener verdicts per pair: the row product’s share against the column product',
  sentences: 'What listeners preferred',
  product: 'Product',
  votes: 'Votes',
  preferred: 'Preferred',
  share: 'Share',
  interval: '95 % interval',
  strength: 'Strength',
  song: 'Song',
  source: 'Source',
  abxHeading: 'ABX tests: can listeners hear a difference?',
  abxTable: 'ABX tests per pair of products',
  pair: 'Products',
  tests: 'Tests',
  trials: 'Trials',
  correct: 'Correct',
  chance: 'Chance by guessing',
  heard: 'Heard a difference',
} as const;

/** A one-sided binomial p-value as a chance (the contract's `abxChance`: "3.5 %"), or "—" when nothing was counted. */
export const chance = (p: number | null) => (p === null ? '—' : abxChance(p));

/**
 * An ABX pair's sentence: "LC-1 and BD-7: 61 of 96 trials right in 12 ABX tests — 0.5 % chance by guessing
 * (one-sided binomial); in 4 of the 12 tests the listener alone heard a difference (p < 0.05)." Tests are counted, not
 * listeners: one visitor may take several tests, and the daily rollups keep no visitor (docs/api.md).
 */
export function abxSentence(r: AbxResult): string {
  const alone = Math.round((r.significant_share ?? 0) * r.tests);
  return `${r.a_name} and ${r.b_name}: ${r.correct} of ${r.trials} trials right in ${r.tests} ABX tests — ${chance(r.p_value)} chance by guessing (one-sided binomial); in ${alone} of the ${r.tests} tests the listener alone heard a difference (p < 0.05).`;
}

/** A share (0–1) as a whole percentage: "64 %". */
export const percent = (share: number) => `${Math.round(share * 100)} %`;

/** A 95 % interval as "57–70 %" (en dash), or "—" when nothing was counted. */
export const interval = (low: number | null, high: number | null) =>
  low === null || high === null ? '—' : `${Math.round(low * 100)}–${Math.round(high * 100)} %`;

/** "64 % (57–70 %)", or "—". */
export const shareWithInterval = (share: number | null, low: number | null, high: number | null) =>
  share === null ? '—' : `${percent(share)} (${interval(low, high)})`;

/** "{votes} blind votes, {no_preference} with no preference." */
export const summaryOf = (p: Pick<Preferences, 'votes' | 'no_preference'>) =>
  `${p.votes} blind votes, ${p.no_preference} with no preference.`;

/** The other product's side of a pair: its share is 1 − share, its interval 1 − high .. 1 − low. */
export const flipped = (pair: Pick<PairPreference, 'share' | 'low' | 'high'>) => ({
  share: pair.share === null ? null : 1 - pair.share,
  low: pair.high === null ? null : 1 - pair.high,
  high: pair.low === null ? null : 1 - pair.low,
});

/**
 * A pair's sentence: "Listeners preferred LC-1 over BD-7 in 64 % of 212 blind votes (57–70 %)", the product with
 * the larger share first; a pair with fewer than `minVotes` decisive votes (a_wins + b_wins):
 * "LC-1 and BD-7: Not enough votes yet (12 of 20 votes)."
 */
export function pairSentence(pair: PairPreference, nameOf: (id: string) => string, minVotes: number): string {
  const decisive = pair.a_wins + pair.b_wins;
  const a = nameOf(pair.a_id);
  const b = nameOf(pair.b_id);
  if (decisive < minVotes || pair.share === null)
    return `${a} and ${b}: ${VERDICT.notEnough} (${decisive} of ${minVotes} votes).`;
  const aLeads = pair.share >= 0.5;
  const side = aLeads ? pair : flipped(pair);
  const [first, second] = aLeads ? [a, b] : [b, a];
  return `Listeners preferred ${first} over ${second} in ${percent(side.share ?? 0)} of ${decisive} blind votes (${interval(side.low, side.high)})`;
}

/** A Bradley–Terry strength with its interval, "1.42 (1.10–1.83)"; "—" when not given. */
export const strengthOf = (s: number | null, low: number | null, high: number | null) =>
  s === null
    ? '—'
    : low === null || high === null
      ? s.toFixed(2)
      : `${s.toFixed(2)} (${low.toFixed(2)}–${high.toFixed(2)})`;
