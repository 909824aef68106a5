/**
 * The demo audio's signal tools: a seeded PRNG, the RBJ biquad, band-limiting and normalising helpers, and
 * the test signal of sharp bursts.
 */

/** A seeded PRNG (mulberry32): the same demo every time. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type BiquadType = 'lowpass' | 'highpass' | 'bandpass' | 'peak' | 'lowshelf' | 'highshelf';

/** RBJ cookbook biquad, transposed direct form II. */
export class Biquad {
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private z1 = 0;
  private z2 = 0;

  constructor(type: BiquadType, freq: number, sampleRate: number, q = Math.SQRT1_2, gainDb = 0) {
    const w = (2 * Math.PI * freq) / sampleRate;
    const cos = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    const A = 10 ** (gainDb / 40);
    let b0: number;
    let b1: number;
    let b2: number;
    let a0: number;
    let a1: number;
    let a2: number;
    if (type === 'lowpass' || type === 'highpass') {
      const s = type === 'lowpass' ? 1 - cos : 1 + cos;
      [b0, b1, b2] = [s / 2, type === 'lowpass' ? s : -s, s / 2];
      [a0, a1, a2] = [1 + alpha, -2 * cos, 1 - alpha];
    } else if (type === 'bandpass') {
      [b0, b1, b2, a0, a1, a2] = [alpha, 0, -alpha, 1 + alpha, -2 * cos, 1 - alpha];
    } else if (type === 'peak') {
      [b0, b1, b2] = [1 + alpha * A, -2 * cos, 1 - alpha * A];
      [a0, a1, a2] = [1 + alpha / A, -2 * cos, 1 - alpha / A];
    } else {
      const sign = type === 'lowshelf' ? 1 : -1;
      const r = 2 * Math.sqrt(A) * alpha;
      b0 = A * (A + 1 - sign * (A - 1) * cos + r);
      b1 = sign * 2 * A * (A - 1 - sign * (A + 1) * cos);
      b2 = A * (A + 1 - sign * (A - 1) * cos - r);
      a0 = A + 1 + sign * (A - 1) * cos + r;
      a1 = -sign * 2 * (A - 1 + sign * (A + 1) * cos);
      a2 = A + 1 + sign * (A - 1) * cos - r;
    }
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = a1 / a0;
    this.a2 = a2 / a0;
  }

  process(x: number): number {
    const y = this.b0 * x + this.z1;
    this.z1 = this.b1 * x - this.a1 * y + this.z2;
    this.z2 = this.b2 * x - this.a2 * y;
    return y;
  }
}

export function polyBlep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

export function normalise(x: Float32Array, peak: number): Float32Array {
  let max = 0;
  for (const v of x) max = Math.max(max, Math.abs(v));
  if (max > 0) for (let i = 0; i < x.length; i++) x[i] *= peak / max;
  return x;
}

/** Broadband bursts with sharp onsets (a clear cross-correlation peak), seeded. */
export function bursts(seconds: number, sampleRate: number, seed = 1): Float32Array {
  let s = seed >>> 0;
  const rnd = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
  const x = new Float32Array(Math.round(seconds * sampleRate));
  for (let at = Math.round(0.05 * sampleRate); at < x.length; at += Math.round((0.15 + rnd() * 0.2) * sampleRate)) {
    const len = Math.round((0.03 + rnd() * 0.08) * sampleRate);
    for (let i = 0; i < len && at + i < x.length; i++) x[at + i] += (rnd() * 2 - 1) * 0.5 * Math.exp(-i / (len / 4));
  }
  return x;
}
