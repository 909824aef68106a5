/**
 * A load generator, forked by the benches so its event loop does not queue behind the server's: BENCH_CONCURRENCY
 * keep-alive clients GET BENCH_URL (with the headers in BENCH_HEADERS, JSON) for BENCH_SECONDS, each sending its
 * next request when the last answer ended, and on until BENCH_MIN_REQUESTS were measured (default 0). Sends back
 * every latency (ms) and the statuses seen.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const url = process.env.BENCH_URL as string;
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const minRequests = Number(process.env.BENCH_MIN_REQUESTS ?? 0);
const headers = JSON.parse(process.env.BENCH_HEADERS ?? '{}') as Record<string, string>;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

const get = () =>
  new Promise<number>((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });

const latencies: number[] = [];
const statuses: Record<number, number> = {};
async function client(deadline: number, record: boolean) {
  while (performance.now() < deadline || (record && latencies.length < minRequests)) {
    const t0 = performance.now();
    const status = await get();
    if (!record) continue;
    latencies.push(performance.now() - t0);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}
// One second to open the connections and warm up, then the measured run.
await Promise.all(Array.from({ length: concurrency }, () => client(performance.now() + 1000, false)));
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, () => client(started + seconds * 1000, true)));
const elapsed = (performance.now() - started) / 1000;
process.send?.({ latencies, statuses, elapsed }, () => process.exit(0));
