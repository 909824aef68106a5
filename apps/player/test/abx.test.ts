/** The ABX test's pure parts: the loudness the page measures for A, B and X alike, and the score's words. */
import { abxChance } from '@atk/contract/constants';
import { expect, test } from 'vitest';
import { abxScore, loudnessDb } from '../src/desktop/abx.ts';

test('loudness is the mean square in dB: a full-scale square is 0 dB, half its amplitude −6 dB, silence none', () => {
  const square = Float32Array.from({ length: 1000 }, (_, i) => (i % 2 ? 1 : -1));
  expect(loudnessDb([square, square])).toBeCloseTo(0, 9);
  expect(loudnessDb([square.map((v) => v / 2)])).toBeCloseTo(-6.0206, 3);
  expect(loudnessDb([new Float32Array(10)])).toBeNull();
  expect(loudnessDb([])).toBeNull();
  // the same samples measure the same: X gets exactly its product's level
  const noise = Float32Array.from({ length: 4096 }, (_, i) => Math.sin(i * 0.37) * 0.3);
  expect(loudnessDb([noise])).toBe(loudnessDb([Float32Array.from(noise)]));
});

test('the score says how often guessing does as well: one decimal below 10 %, whole above, < 0.1 % below that', () => {
  expect(abxScore({ correct: 7, trials: 8, p_value: 9 / 256 })).toBe(
    '7 of 8 correct — 3.5 % chance by guessing (one-sided binomial)',
  );
  expect(abxChance(0.63671875)).toBe('64 %');
  expect(abxChance(0.1)).toBe('10 %');
  expect(abxChance(0.0009)).toBe('< 0.1 %');
  expect(abxChance(0.001)).toBe('0.1 %');
});
