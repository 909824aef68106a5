/** Runs bench/http-load.ts in its own process and summarises what it measured. */
import { fork } from 'node:child_process';
import { once } from 'node:events';

export interface Measured {
  latencies: number[];
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
}

export async function measure(
  url: string,
  opts: { concurrency?: number; seconds?: number; headers?: Record<string, string>; minRequests?: number } = {},
): Promise<Measured> {
  const child = fork(new URL('./http-load.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_URL: url,
      BENCH_CONCURRENCY: String(opts.concurrency ?? 50),
      BENCH_SECONDS: String(opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10)),
      BENCH_HEADERS: JSON.stringify(opts.headers ?? {}),
      BENCH_MIN_REQUESTS: String(opts.minRequests ?? 0),
    },
  });
  const [result] = (await once(child, 'message')) as [
    { latencies: number[]; statuses: Record<number, number>; elapsed: number },
  ];
  return summary(result.latencies, result.elapsed, result.statuses);
}

function summary(raw: number[], seconds: number, statuses: Record<number, number>): Measured {
  const latencies = raw.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { latencies, seconds, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), statuses };
}

/** Several runs as one: their requests over their summed time, percentiles over all their latencies. */
export function combine(runs: Measured[]): Measured {
  const statuses: Record<number, number> = {};
  for (const run of runs)
    for (const [s, n] of Object.entries(run.statuses)) statuses[Number(s)] = (statuses[Number(s)] ?? 0) + n;
  return summary(
    runs.flatMap((r) => r.latencies),
    runs.reduce((t, r) => t + r.seconds, 0),
    statuses,
  );
}

/**
 * Measures each target in turn, `rounds` times over (SECONDS split between the rounds): on a shared machine the
 * background load drifts, and interleaving spreads it evenly over the targets compared.
 */
export async function interleaved(
  targets: { url: string; headers?: Record<string, string> }[],
  opts: { concurrency?: number; rounds?: number } = {},
): Promise<Measured[]> {
  const rounds = opts.rounds ?? 3;
  const seconds = Number(process.env.BENCH_SECONDS ?? 12) / rounds;
  const runs: Measured[][] = targets.map(() => []);
  for (let r = 0; r < rounds; r++)
    for (const [i, t] of targets.entries())
      runs[i].push(await measure(t.url, { concurrency: opts.concurrency, seconds, headers: t.headers }));
  return runs.map(combine);
}

export const count = (m: Measured) =>
  Object.entries(m.statuses)
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');

export const figures = (m: Measured) =>
  `${m.rps.toFixed(0).padStart(6)} req/s, p50 ${m.p50.toFixed(1).padStart(5)} ms, p99 ${m.p99.toFixed(1).padStart(5)} ms`;
