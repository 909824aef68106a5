/** The listener verdicts' statistics against figures worked out by hand (docs/api.md "Listener verdicts"). */
import { describe, expect, it } from 'vitest';
import { binomialTail, bradleyTerry, wilson } from '../../src/modules/statistics/verdicts.ts';

describe('wilson', () => {
  it('gives the 95 % score interval: 7 of 10 → 39.7 %–89.2 %', () => {
    const w = wilson(7, 10);
    expect(w.share).toBe(0.7);
    expect(w.low).toBeCloseTo(0.3968, 4);
    expect(w.high).toBeCloseTo(0.8922, 4);
  });
  it('stays inside 0–1 at the ends, and is empty without votes', () => {
    expect(wilson(0, 5)).toMatchObject({ share: 0, low: 0 });
    expect(wilson(0, 5).high).toBeCloseTo(0.4345, 4);
    expect(wilson(5, 5).high).toBe(1);
    expect(wilson(0, 0)).toEqual({ share: null, low: null, high: null });
  });
  it('136 of 212 → 64 % (57–70 %)', () => {
    const w = wilson(136, 212);
    expect(Math.round((w.share ?? 0) * 100)).toBe(64);
    expect(Math.round((w.low ?? 0) * 100)).toBe(57);
    expect(Math.round((w.high ?? 0) * 100)).toBe(70);
  });
});

describe('bradleyTerry', () => {
  it('two items, 30 wins to 10: strengths √3 and 1/√3, intervals from the Fisher information', () => {
    const s = bradleyTerry([
      [0, 30],
      [10, 0],
    ]);
    expect(s).not.toBeNull();
    const [a, b] = s ?? [];
    expect(a.strength).toBeCloseTo(Math.sqrt(3), 6);
    expect(b.strength).toBeCloseTo(1 / Math.sqrt(3), 6);
    // var(log a − log b) = 1 / (n p (1 − p)) = 1 / 7.5; each log-strength is half the difference from the mean.
    const se = Math.sqrt(1 / 7.5) / 2;
    expect(a.low).toBeCloseTo(Math.sqrt(3) * Math.exp(-1.959964 * se), 5);
    expect(a.high).toBeCloseTo(Math.sqrt(3) * Math.exp(1.959964 * se), 5);
  });
  it('equal records give equal strengths; the geometric mean is 1', () => {
    const s = bradleyTerry([
      [0, 12, 12],
      [12, 0, 12],
      [12, 12, 0],
    ]);
    for (const x of s ?? []) expect(x.strength).toBeCloseTo(1, 8);
    const t = bradleyTerry([
      [0, 20, 30],
      [10, 0, 25],
      [5, 15, 0],
    ]);
    expect(t?.map((x) => x.strength).reduce((p, x) => p * x, 1)).toBeCloseTo(1, 8);
    // A beats B and C more often than not: A strongest, C weakest.
    expect(t?.[0].strength).toBeGreaterThan(t?.[1].strength ?? 0);
    expect(t?.[1].strength).toBeGreaterThan(t?.[2].strength ?? 0);
  });
  it('no strengths when an item never lost, or two groups never beat each other', () => {
    expect(
      bradleyTerry([
        [0, 10],
        [0, 0],
      ]),
    ).toBeNull();
    expect(
      bradleyTerry([
        [0, 5, 10, 10],
        [5, 0, 10, 10],
        [0, 0, 0, 5],
        [0, 0, 5, 0],
      ]),
    ).toBeNull();
  });
});

describe('binomialTail', () => {
  it('the chance of k or more right of n by guessing, exact for a test and for pooled trials', () => {
    expect(binomialTail(7, 8)).toBeCloseTo(9 / 256, 14); // "7 of 8 correct — 3.5 % chance by guessing"
    expect(binomialTail(8, 8)).toBeCloseTo(1 / 256, 14);
    expect(binomialTail(4, 8)).toBeCloseTo(163 / 256, 14);
    expect(binomialTail(0, 8)).toBe(1);
    expect(binomialTail(9, 8)).toBe(0);
    // Against exact sums of binomial coefficients (Python fractions).
    expect(binomialTail(60, 100)).toBeCloseTo(0.028443966820490395, 12);
    expect(binomialTail(520, 1000)).toBeCloseTo(0.10872414660207047, 12);
    expect(binomialTail(5100, 10000)).toBeCloseTo(0.023292763852473693, 12);
  });
});
