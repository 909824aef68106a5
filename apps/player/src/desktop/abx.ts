/** An ABX test's pure parts (docs/api.md "Listener verdicts"): how loud a recording is, and the score's words. */
import { abxChance } from '@atk/contract/constants';

/**
 * How loud a decoded recording is: the mean square of all its samples, in dB (null for silence). X's bytes are A's
 * or B's, so measured the same way in the page, X gets exactly its product's level, and level matching says
 * nothing of which it is (the server's loudness of X would).
 */
export function loudnessDb(channels: readonly Float32Array[]): number | null {
  let sum = 0;
  let n = 0;
  for (const c of channels) {
    for (let i = 0; i < c.length; i++) sum += c[i] * c[i];
    n += c.length;
  }
  return n > 0 && sum > 0 ? 10 * Math.log10(sum / n) : null;
}

/** "7 of 8 correct — 3.5 % chance by guessing (one-sided binomial)". */
export const abxScore = (s: { correct: number; trials: number; p_value: number }) =>
  `${s.correct} of ${s.trials} correct — ${abxChance(s.p_value)} chance by guessing (one-sided binomial)`;
