/** Runs bench/http-load.ts in its own process and summarises what it measured. */
import { fork } from 'node:child_process';
import { once } from 'node:events';

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
}

export async function measure(
  url: string,
  opts: { concurrency?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<Measured> {
  const child = fork(new URL('./http-load.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_URL: url,
      BENCH_CONCURRENCY: String(opts.concurrency ?? 50),
      BENCH_SECONDS: String(opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10)),
      BENCH_HEADERS: JSON.stringify(opts.headers ?? {}),
    },
  });
  const [result] = (await once(child, 'message')) as [
    { latencies: number[]; statuses: Record<number, number>; elapsed: number },
  ];
  const latencies = result.latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { rps: latencies.length / result.elapsed, p50: pct(50), p99: pct(99), statuses: result.statuses };
}

export const figures = (m: Measured) =>
  `${m.rps.toFixed(0).padStart(6)} req/s, p50 ${m.p50.toFixed(1).padStart(5)} ms, p99 ${m.p99.toFixed(1).padStart(5)} ms`;
