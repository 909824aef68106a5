/**
 * The statistics of listener verdicts (docs/api.md "Listener verdicts"), pure functions of the counts: a share's
 * 95 % Wilson score interval, and Bradley–Terry strengths from pairwise wins with their 95 % intervals.
 */

/** The normal quantile of a two-sided 95 % interval. */
const Z = 1.959963984540054;

export interface Interval {
  share: number | null;
  low: number | null;
  high: number | null;
}

/**
 * `wins` of `n` with its 95 % Wilson score interval: unlike the textbook p ± z·se it stays inside 0–1 and is honest
 * for small n and for shares near 0 or 1 (Wilson 1927; Agresti & Coull 1998 recommend it).
 */
export function wilson(wins: number, n: number): Interval {
  if (n <= 0) return { share: null, low: null, high: null };
  const p = wins / n;
  const z2 = Z * Z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { share: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface Strength {
  strength: number;
  low: number;
  high: number;
}

/**
 * Bradley–Terry strengths of `k` items from `wins[i][j]` (times i was preferred over j), by Hunter's MM algorithm
 * (2004), scaled so their geometric mean is 1; P(i over j) = s_i / (s_i + s_j). The 95 % interval of each is
 * exp(log s ± z·se), se from the inverse Fisher information of the log-strengths (the last one fixed, then
 * recentred). Null when the maximum-likelihood strengths do not exist: unless every item can be reached from every
 * other through "was preferred over" (a strongly connected comparison graph), some strength runs off to 0 or ∞.
 */
export function bradleyTerry(wins: number[][]): Strength[] | null {
  const k = wins.length;
  if (k < 2 || !stronglyConnected(wins)) return null;
  const n = (i: number, j: number) => wins[i][j] + wins[j][i];
  const totalWins = wins.map((row) => row.reduce((a, b) => a + b, 0));
  let s = new Array<number>(k).fill(1);
  for (let iteration = 0; iteration < 10_000; iteration++) {
    const next = s.map((_, i) => {
      let d = 0;
      for (let j = 0; j < k; j++) if (j !== i && n(i, j) > 0) d += n(i, j) / (s[i] + s[j]);
      return totalWins[i] / d;
    });
    const g = Math.exp(next.reduce((a, v) => a + Math.log(v), 0) / k);
    const scaled = next.map((v) => v / g);
    const change = Math.max(...scaled.map((v, i) => Math.abs(Math.log(v / s[i]))));
    s = scaled;
    if (change < 1e-10) break;
  }
  // Fisher information of θ = log s: I_ii = Σ_j n_ij p_ij p_ji, I_ij = −n_ij p_ij p_ji. Singular as it stands (θ is
  // known up to a constant): fix θ_{k−1}, invert the rest, then give each θ_i the variance of θ_i − mean(θ).
  const info = (i: number, j: number) => {
    if (i !== j) {
      const p = s[i] / (s[i] + s[j]);
      return -n(i, j) * p * (1 - p);
    }
    let sum = 0;
    for (let m = 0; m < k; m++) if (m !== i) sum -= info(i, m);
    return sum;
  };
  const reduced = Array.from({ length: k - 1 }, (_, i) => Array.from({ length: k - 1 }, (_, j) => info(i, j)));
  const inverse = invert(reduced);
  if (!inverse) return null;
  // cov of the full θ with θ_{k−1} = 0, then centred: C = (I − J/k) Σ (I − J/k)
  const sigma = (i: number, j: number) => (i < k - 1 && j < k - 1 ? inverse[i][j] : 0);
  const rowMean = Array.from({ length: k }, (_, i) => {
    let sum = 0;
    for (let j = 0; j < k; j++) sum += sigma(i, j);
    return sum / k;
  });
  const allMean = rowMean.reduce((a, b) => a + b, 0) / k;
  return s.map((strength, i) => {
    const variance = Math.max(0, sigma(i, i) - 2 * rowMean[i] + allMean);
    const se = Math.sqrt(variance);
    return { strength, low: strength * Math.exp(-Z * se), high: strength * Math.exp(Z * se) };
  });
}

/** Every item reaches every other by "was preferred over" edges, and is reached by them. */
function stronglyConnected(wins: number[][]): boolean {
  const k = wins.length;
  const reach = (edge: (i: number, j: number) => boolean) => {
    const seen = new Set([0]);
    const frontier = [0];
    while (frontier.length) {
      const i = frontier.pop() as number;
      for (let j = 0; j < k; j++)
        if (!seen.has(j) && edge(i, j)) {
          seen.add(j);
          frontier.push(j);
        }
    }
    return seen.size === k;
  };
  return reach((i, j) => wins[i][j] > 0) && reach((i, j) => wins[j][i] > 0);
}

/** The inverse of a small symmetric positive-definite matrix (Gauss–Jordan with pivoting); null when singular. */
function invert(m: number[][]): number[][] | null {
  const size = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: size }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < size; c++) {
    let pivot = c;
    for (let r = c + 1; r < size; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
    if (Math.abs(a[pivot][c]) < 1e-12) return null;
    [a[c], a[pivot]] = [a[pivot], a[c]];
    const lead = a[c][c];
    for (let j = 0; j < 2 * size; j++) a[c][j] /= lead;
    for (let r = 0; r < size; r++) {
      if (r === c) continue;
      const f = a[r][c];
      if (f !== 0) for (let j = 0; j < 2 * size; j++) a[r][j] -= f * a[c][j];
    }
  }
  return a.map((row) => row.slice(size));
}

/**
 * The one-sided binomial p-value of an ABX score: the chance of `correct` or more right of `trials` by guessing
 * (p = ½ a trial). Exact: P(X ≥ k) = I_½(k, n − k + 1), the regularized incomplete beta function, by its continued
 * fraction (Numerical Recipes §6.4), so it stays exact for a single test of 8 trials and for a million pooled.
 */
export function binomialTail(correct: number, trials: number): number {
  if (correct <= 0) return 1;
  if (correct > trials) return 0;
  return incompleteBeta(0.5, correct, trials - correct + 1);
}

function incompleteBeta(x: number, a: number, b: number): number {
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // the continued fraction converges fast for x < (a + 1) / (a + b + 2); else use the symmetry I_x(a,b) = 1 − I_{1−x}(b,a)
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  // one Lentz step per term: the even term of step m, then its odd term
  const step = (aa: number) => {
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
  };
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    step((m * (b - m) * x) / ((a + m2 - 1) * (a + m2)));
    step((-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1)));
    if (Math.abs(d * c - 1) < 1e-15) break;
  }
  return h;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 significant digits). */
function logGamma(x: number): number {
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = g[0];
  for (let i = 1; i < 9; i++) sum += g[i] / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}
